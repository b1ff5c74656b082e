import { COMMON_TEXTS, DASHBOARD_TEXTS, GALLERIES_TEXTS, type Project } from '@vitrine/shared';
import { Link } from 'react-router-dom';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import type { ReactNode } from 'react';
import type { SelectionActions } from './image-gallery';
import { ProjectImages } from './project-images';

const T = GALLERIES_TEXTS;

/** /dashboard/images/project/{id} (spec 2.9): one project's images with the same tools as Mes images. */
export function ProjectGalleryPage({
  project,
  projectActions,
  selectionActions,
}: {
  project: Project | undefined;
  /** Buttons acting on the whole project, composed by the route (e.g. 'Partager le projet'). */
  projectActions?: ReactNode;
  selectionActions?: SelectionActions;
}) {
  const name = project?.name ?? COMMON_TEXTS.loading;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6" aria-busy={!project || undefined}>
      {project && <title>{`${T.projectImagesTitle(project.name)} | ${COMMON_TEXTS.appName}`}</title>}
      <div className="flex flex-col gap-3">
        <Breadcrumb
          items={[
            { label: DASHBOARD_TEXTS.title, to: paths.dashboard.root.getHref() },
            { label: T.title, to: paths.dashboard.images.getHref() },
            { label: name },
          ]}
        />
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">
            {project ? T.projectImagesTitle(project.name) : <Skeleton className="h-8 w-72" />}
          </h1>
          {project && (
            <Link
              to={paths.dashboard.project.getHref(project.id, 'images')}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {T.projectDetails}
            </Link>
          )}
        </div>
      </div>
      {project && (
        <ProjectImages project={project} projectActions={projectActions} selectionActions={selectionActions} />
      )}
    </div>
  );
}
