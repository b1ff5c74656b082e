import { ImagesPage } from '../../features/images';
import { ProjectCardsSection } from '../../features/projects';

/** /dashboard/images, 'Mes images': the project cards (projects) above the unclassified images (images). */
export function Component() {
  return <ImagesPage projectsSection={<ProjectCardsSection />} />;
}
