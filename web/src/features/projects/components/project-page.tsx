import type { ReactNode } from 'react';
import {
  COMMON_TEXTS,
  DASHBOARD_TEXTS,
  formatDate,
  GALLERIES_TEXTS,
  PROJECT_TYPES,
  PROJECTS_TEXTS,
  type Project,
} from '@vitrine/shared';
import { Link } from 'react-router-dom';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';
import { COLLECTION_ICON_PATHS } from '../../../components/ui/collection-icons';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useProjectOrLeave } from '../hooks/use-project-or-leave';

const T = PROJECTS_TEXTS;
const numberFormat = new Intl.NumberFormat('fr-FR');

export interface ProjectPageProps {
  projectId: string;
  /** `?from=images`: the user came from Mes images, where the breadcrumb leads back. */
  fromImages: boolean;
  /** The images tab's content (the gallery, composed in by the route). */
  renderImages: (project: Project) => ReactNode;
}

/**
 * /dashboard/projects/{id} (spec 2.9): breadcrumb, back arrow, creation date and image count,
 * 'Ajouter une image', and the images and details tabs. A missing or foreign project sends the
 * user back to the projects list with the spec's toast.
 */
export function ProjectPage({ projectId, fromImages, renderImages }: ProjectPageProps) {
  const { data: project } = useProjectOrLeave(projectId, paths.dashboard.projects.getHref());
  const middle = fromImages
    ? { label: GALLERIES_TEXTS.title, to: paths.dashboard.images.getHref() }
    : { label: T.listTitle, to: paths.dashboard.projects.getHref() };

  return (
    <section
      aria-labelledby="project-heading"
      aria-busy={!project || undefined}
      className="mx-auto flex max-w-6xl flex-col gap-5"
    >
      {project && <title>{`${project.name} | ${COMMON_TEXTS.appName}`}</title>}
      <Breadcrumb
        items={[
          { label: DASHBOARD_TEXTS.title, to: paths.dashboard.root.getHref() },
          middle,
          { label: project?.name ?? COMMON_TEXTS.loading },
        ]}
      />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <Link
            to={paths.dashboard.projects.getHref()}
            aria-label={T.backToProjects}
            className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'mt-0.5' })}
          >
            <StrokeIcon d={COLLECTION_ICON_PATHS.arrowLeft} />
          </Link>
          <div className="flex min-w-0 flex-col gap-1">
            <h1 id="project-heading" className="text-2xl font-bold break-words sm:text-3xl">
              {project?.name ?? <Skeleton className="h-8 w-64" />}
            </h1>
            {project ? (
              <p className="text-sm text-ink-600">
                {T.createdOn(formatDate(project.createdAt))}
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                {GALLERIES_TEXTS.imageCount(project.imageCount)}
              </p>
            ) : (
              <Skeleton className="h-4 w-48" />
            )}
          </div>
        </div>
        <Link to={paths.dashboard.upload.getHref(projectId)} className={buttonClasses()}>
          <StrokeIcon d={ICON_PATHS.plus} size={18} />
          {T.addImage}
        </Link>
      </div>
      {project && (
        <Tabs
          label={T.tabsLabel}
          tabs={[
            { id: 'images', label: T.imagesTab, content: renderImages(project) },
            { id: 'details', label: T.detailsTab, content: <ProjectDetails project={project} /> },
          ]}
        />
      )}
    </section>
  );
}

/** The details tab: every field of the project (spec 2.9). */
function ProjectDetails({ project }: { project: Project }) {
  const typeLabel = PROJECT_TYPES.find((type) => type.value === project.type)?.label;
  const rows: [string, string][] = [
    [T.details.name, project.name],
    [T.details.description, project.description || T.notProvided],
    [T.details.address, project.address || T.notProvided],
    [T.details.size, project.size === null ? T.notProvided : T.sizeValue(numberFormat.format(project.size))],
    [T.details.type, typeLabel ?? T.notProvided],
    [T.details.createdAt, formatDate(project.createdAt)],
    [T.details.updatedAt, formatDate(project.updatedAt)],
    [T.details.id, project.id],
    [T.details.userId, project.userId],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 rounded-card bg-white p-5 shadow-card sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-ink-600">{label}</dt>
          <dd className="text-ink-900 break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
