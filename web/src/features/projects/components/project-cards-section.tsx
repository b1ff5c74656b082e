import { useId, useState } from 'react';
import { GALLERIES_TEXTS } from '@vitrine/shared';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PagedListEnd } from '../../../components/ui/load-more';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';
import { paths } from '../../../config/paths';
import { useProjectList } from '../api/get-projects';
import { CreateProjectDialog } from './create-project-dialog';
import { PROJECT_CARD_SKELETONS, PROJECT_GRID_CLASSES, ProjectCard, ProjectCardSkeleton } from './project-card';

/**
 * 'Projets' of Mes images (spec 2.9): a 'Nouveau projet' tile, then the project cards, each
 * opening its project with from=images. More projects come with a button, not on scroll: the
 * unclassified images are below.
 */
export function ProjectCardsSection() {
  const headingId = useId();
  const list = useProjectList();
  const [creating, setCreating] = useState(false);
  const { items } = list;

  return (
    <section aria-labelledby={headingId} aria-busy={list.isLoading || undefined} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {GALLERIES_TEXTS.projectsSection}
      </h2>
      {list.error && !items ? (
        <ErrorAlert description={GALLERIES_TEXTS.projectsLoadFailed} />
      ) : (
        <ul className={PROJECT_GRID_CLASSES}>
          <li>
            <button
              type="button"
              onClick={() => setCreating(true)}
              className="flex h-full min-h-40 w-full flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed border-ink-300 bg-white p-4 font-medium text-ink-700 hover:border-brand-500 hover:text-brand-700"
            >
              <StrokeIcon d={ICON_PATHS.plus} size={28} />
              {GALLERIES_TEXTS.newProjectTile}
            </button>
          </li>
          {items === undefined
            ? Array.from({ length: PROJECT_CARD_SKELETONS }, (_, index) => (
                <li key={index}>
                  <ProjectCardSkeleton />
                </li>
              ))
            : items.map((project) => (
                <li key={project.id}>
                  <ProjectCard project={project} href={paths.dashboard.project.getHref(project.id, 'images')} />
                </li>
              ))}
        </ul>
      )}
      {items?.length === 0 && <p className="text-sm text-ink-600">{GALLERIES_TEXTS.emptyProjects}</p>}
      <PagedListEnd list={list} auto={false} />
      {/* The new project appears first in the cards (the lists reload). */}
      <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
