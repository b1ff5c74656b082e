import { GALLERIES_TEXTS, PROJECTS_TEXTS, type Project } from '@vitrine/shared';
import { ImageGallery, type SelectionActions } from './image-gallery';
import { NewTransformationLink } from './images-page';

/** A project's images with the gallery tools (its page's images tab, /dashboard/images/project/{id}). */
export function ProjectImages({
  project,
  title,
  selectionActions,
}: {
  project: Project;
  title?: string;
  selectionActions?: SelectionActions;
}) {
  return (
    <ImageGallery
      scope={{ projectId: project.id }}
      title={title}
      label={title ? undefined : PROJECTS_TEXTS.imagesTab}
      archiveLabel={project.name}
      emptyText={GALLERIES_TEXTS.emptyProject}
      loadFailedText={GALLERIES_TEXTS.projectImagesLoadFailed}
      actions={<NewTransformationLink projectId={project.id} />}
      selectionActions={selectionActions}
    />
  );
}
