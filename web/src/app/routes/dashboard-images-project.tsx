import { useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ProjectGalleryPage } from '../../features/images';
import { useProjectOrLeave } from '../../features/projects';

/** /dashboard/images/project/{id}: the project (projects; missing or foreign: back to Mes images) and its gallery (images). */
export function Component() {
  const { projectId = '' } = useParams();
  const { data: project } = useProjectOrLeave(projectId, paths.dashboard.images.getHref());
  return <ProjectGalleryPage key={projectId} project={project} />;
}
