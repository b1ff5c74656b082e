/** The galleries feature's public surface, for the routes that compose it (app/). */
export { useImageStats } from './api/get-image-stats';
export { ImagesPage } from './components/images-page';
export { ProjectGalleryPage } from './components/project-gallery-page';
export { ProjectImages } from './components/project-images';
export type { SelectionActions } from './components/image-gallery';
