import { GALLERIES_TEXTS, type Project } from '@vitrine/shared';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../../components/ui/skeleton';
import { Thumbnail } from '../../../components/ui/thumbnail';

/**
 * A project as a card (dashboard, Mes images): its thumbnail (spec 4 rule, a small WebP the list
 * call signs), its name, and its image count, or 'Ouvrir' while it holds none.
 */
export function ProjectCard({ project, href }: { project: Project; href: string }) {
  return (
    <Link
      to={href}
      className="group flex flex-col overflow-hidden rounded-card bg-white shadow-card ring-brand-500 transition-shadow hover:shadow-lg focus-visible:ring-2"
    >
      <div className="aspect-[4/3] overflow-hidden">
        <Thumbnail
          src={project.thumbnailUrl}
          alt=""
          className="transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-col gap-0.5 p-3">
        <span className="truncate font-semibold text-ink-900" title={project.name}>
          {project.name}
        </span>
        <span className="text-sm text-ink-600">
          {project.imageCount > 0 ? GALLERIES_TEXTS.imageCount(project.imageCount) : GALLERIES_TEXTS.open}
        </span>
      </div>
    </Link>
  );
}

export function ProjectCardSkeleton() {
  return (
    <div
      data-testid="project-card-skeleton"
      className="flex flex-col overflow-hidden rounded-card bg-white shadow-card"
    >
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}

/** Spec 9: up to 5 columns of project cards. */
export const PROJECT_GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** Spec 2.5 and 2.9: 5 card skeletons while the projects load. */
export const PROJECT_CARD_SKELETONS = 5;
