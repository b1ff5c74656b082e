import { useId, useState } from 'react';
import {
  COMMON_TEXTS,
  DASHBOARD_TEXTS,
  formatDate,
  GALLERIES_TEXTS,
  type Project,
  type ProjectPage,
} from '@vitrine/shared';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { ViewToggle, type ViewMode } from '../../../components/ui/view-toggle';
import { paths } from '../../../config/paths';
import type { PagedList } from '../../../lib/paged-list';
import { PROJECT_CARD_SKELETONS, PROJECT_GRID_CLASSES, ProjectCard, ProjectCardSkeleton } from './project-card';

/** How many projects the dashboard shows (two rows of the widest grid). */
export const RECENT_PROJECTS = 10;

/**
 * The dashboard's recent projects (spec 2.5, 8): grid (default) or list, 5 skeletons while
 * loading, the spec's empty and error texts; each opens its project.
 */
export function RecentProjects({ list }: { list: PagedList<Project, ProjectPage> }) {
  const headingId = useId();
  const [view, setView] = useState<ViewMode>('grid');
  const projects = list.items?.slice(0, RECENT_PROJECTS);

  return (
    <section aria-labelledby={headingId} aria-busy={list.isLoading || undefined} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          {DASHBOARD_TEXTS.home.recentProjects}
        </h2>
        <div className="flex items-center gap-3">
          <Link to={paths.dashboard.projects.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
            {DASHBOARD_TEXTS.home.allProjects}
          </Link>
          <ViewToggle value={view} onChange={setView} />
        </div>
      </div>
      {list.error && !projects ? (
        <ErrorAlert description={DASHBOARD_TEXTS.home.recentFailed} />
      ) : projects?.length === 0 ? (
        <p className="rounded-card bg-white p-6 text-center text-ink-600 shadow-card">
          {DASHBOARD_TEXTS.home.recentEmpty}
        </p>
      ) : view === 'grid' ? (
        <ul className={PROJECT_GRID_CLASSES}>
          {projects
            ? projects.map((project) => (
                <li key={project.id}>
                  <ProjectCard project={project} href={paths.dashboard.project.getHref(project.id)} />
                </li>
              ))
            : Array.from({ length: PROJECT_CARD_SKELETONS }, (_, index) => (
                <li key={index}>
                  <ProjectCardSkeleton />
                </li>
              ))}
        </ul>
      ) : (
        <ul className="divide-y divide-ink-200 overflow-hidden rounded-card bg-white shadow-card">
          {projects
            ? projects.map((project) => (
                <li key={project.id}>
                  <Link
                    to={paths.dashboard.project.getHref(project.id)}
                    className="flex items-center gap-4 p-3 hover:bg-ink-50"
                  >
                    <span className="h-12 w-16 shrink-0 overflow-hidden rounded-md">
                      <Thumbnail src={project.thumbnailUrl} alt="" />
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-semibold text-ink-900">{project.name}</span>
                      {project.description && (
                        <span className="truncate text-sm text-ink-600">{project.description}</span>
                      )}
                    </span>
                    <span className="hidden shrink-0 text-sm text-ink-600 sm:block">
                      {formatDate(project.createdAt)}
                    </span>
                    <span className="shrink-0 text-sm text-ink-600">
                      {project.imageCount > 0 ? GALLERIES_TEXTS.imageCount(project.imageCount) : GALLERIES_TEXTS.open}
                    </span>
                  </Link>
                </li>
              ))
            : Array.from({ length: PROJECT_CARD_SKELETONS }, (_, index) => (
                <li key={index} data-testid="row-skeleton" className="flex items-center gap-4 p-3">
                  <Skeleton className="h-12 w-16" />
                  <Skeleton className="h-4 flex-1" />
                </li>
              ))}
        </ul>
      )}
      {list.isLoading && (
        <span className="sr-only" role="status">
          {COMMON_TEXTS.loading}
        </span>
      )}
    </section>
  );
}
