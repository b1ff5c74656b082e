import type { ReactNode } from 'react';
import { GALLERIES_TEXTS, PROJECTS_TEXTS, type Project } from '@vitrine/shared';
import { ImageGallery, type SelectionActions } from './image-gallery';
import { NewTransformationLink } from './images-page';

/** A project's images with the gallery tools (its page's images tab, /dashboard/images/project/{id}). */
export function ProjectImages({
  project,
  title,
  projectActions,
  selectionActions,
}: {
  project: Project;
  title?: string;
  /** Buttons acting on the whole project, composed by the route (e.g. 'Partager le projet'). */
  projectActions?: ReactNode;
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
      actions={
        <>
          {projectActions}
          <NewTransformationLink projectId={project.id} />
        </>
      }
      selectionActions={selectionActions}
    />
  );
}
