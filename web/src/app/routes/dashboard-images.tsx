import { ImagesPage } from '../../features/images';
import { ProjectCardsSection } from '../../features/projects';
import { shareSelection } from '../../features/shares';

/** /dashboard/images, 'Mes images': the project cards (projects) above the unclassified images
 * (images), whose selection can be shared (shares). */
export function Component() {
  return <ImagesPage projectsSection={<ProjectCardsSection />} selectionActions={shareSelection} />;
}
