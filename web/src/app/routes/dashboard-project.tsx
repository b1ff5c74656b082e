import { useParams, useSearchParams } from 'react-router-dom';
import { ProjectImages } from '../../features/images';
import { ProjectPage } from '../../features/projects';
import { SHARES_TEXTS } from '@vitrine/shared';
import { ShareButton, shareSelection } from '../../features/shares';

/** /dashboard/projects/{id}: the project page (projects) with its images tab (images), whose selection can be shared (shares). */
export function Component() {
  const { projectId = '' } = useParams();
  const [searchParams] = useSearchParams();
  return (
    <ProjectPage
      key={projectId}
      projectId={projectId}
      fromImages={searchParams.get('from') === 'images'}
      renderImages={(project) => (
        <ProjectImages
          project={project}
          projectActions={<ShareButton target={{ projectId: project.id }} label={SHARES_TEXTS.shareProject} />}
          selectionActions={shareSelection}
        />
      )}
    />
  );
}
