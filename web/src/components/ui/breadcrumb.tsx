import { COMMON_TEXTS } from '@vitrine/shared';
import { Link } from 'react-router-dom';
import { ICON_PATHS, StrokeIcon } from './stroke-icon';

export interface BreadcrumbItem {
  label: string;
  /** Omitted on the current page (the last item). */
  to?: string;
}

/** Trail of links to the parent pages; the last item is the current page. */
export function Breadcrumb({ items, className = '' }: { items: readonly BreadcrumbItem[]; className?: string }) {
  return (
    <nav aria-label={COMMON_TEXTS.ui.breadcrumb} className={className}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-600">
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className="flex items-center gap-1">
              {item.to && !isLast ? (
                <Link to={item.to} className="rounded hover:text-ink-900 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current={isLast ? 'page' : undefined} className={isLast ? 'font-medium text-ink-900' : ''}>
                  {item.label}
                </span>
              )}
              {!isLast && <StrokeIcon d={ICON_PATHS.chevronRight} size={14} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
