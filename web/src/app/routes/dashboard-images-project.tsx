import { SHARES_TEXTS } from '@vitrine/shared';
import { useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ProjectGalleryPage } from '../../features/images';
import { useProjectOrLeave } from '../../features/projects';
import { ShareButton, shareSelection } from '../../features/shares';

/** /dashboard/images/project/{id}: the project (projects; missing or foreign: back to Mes images), its
 * gallery (images) and its share links (shares: the whole project, or the selection). */
export function Component() {
  const { projectId = '' } = useParams();
  const { data: project } = useProjectOrLeave(projectId, paths.dashboard.images.getHref());
  return (
    <ProjectGalleryPage
      key={projectId}
      project={project}
      projectActions={<ShareButton target={{ projectId }} label={SHARES_TEXTS.shareProject} />}
      selectionActions={shareSelection}
    />
  );
}
