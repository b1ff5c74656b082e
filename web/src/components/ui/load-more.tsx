import { useEffect, useRef } from 'react';
import { COLLECTION_TEXTS, COMMON_TEXTS } from '@vitrine/shared';
import { Button } from './button';
import { Spinner } from './spinner';

/** How far below the viewport the next page starts loading, so scrolling rarely waits. */
const ROOT_MARGIN = '600px 0px';

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  /** Loading the next page failed: say so and offer to retry instead of looping. */
  failed: boolean;
  onLoadMore: () => void;
  /**
   * False for a list with more content below it (a section of a page): a 'show more' button
   * instead of loading on scroll, which would push that content away. @default true
   */
  auto?: boolean;
}

/**
 * The end of a paged list: loads the next page when it comes near the viewport (an
 * IntersectionObserver, so no scroll handler runs), shows the wait, or the failure with a retry.
 * While it stays in view after a page (a tall screen), the new observer fires again at once, so
 * pages load until the screen is full.
 */
export function LoadMore({ hasMore, loading, failed, onLoadMore, auto = true }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);
  const watching = auto && hasMore && !loading && !failed;

  useEffect(() => {
    const node = ref.current;
    if (!watching || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [watching, onLoadMore]);

  if (!hasMore) return null;
  return (
    <div ref={ref} data-testid="load-more" className="flex min-h-12 items-center justify-center gap-3 py-4 text-sm">
      {loading && <Spinner label={COLLECTION_TEXTS.loadingMore} className="text-brand-600" />}
      {!auto && !loading && !failed && (
        <Button size="sm" variant="outline" onClick={onLoadMore}>
          {COLLECTION_TEXTS.showMore}
        </Button>
      )}
      {failed && (
        <>
          <span role="alert" className="text-danger-700">
            {COLLECTION_TEXTS.loadMoreFailed}
          </span>
          <Button size="sm" variant="outline" onClick={onLoadMore}>
            {COLLECTION_TEXTS.retry}
          </Button>
        </>
      )}
    </div>
  );
}

/** What `PagedListEnd` reads of a paged list (lib/paged-list.ts `PagedList`). */
export interface PagedListState {
  items: readonly unknown[] | undefined;
  error: Error | undefined;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
}

/**
 * Under a paged list: the first page's wait said to screen readers (the skeletons are
 * decorative), then `LoadMore`, failed only when a later page failed (the first page's failure is
 * the list's own error state).
 */
export function PagedListEnd({ list, auto }: { list: PagedListState; auto?: boolean }) {
  return (
    <>
      {list.isLoading && (
        <span role="status" className="sr-only">
          {COMMON_TEXTS.loading}
        </span>
      )}
      <LoadMore
        auto={auto}
        hasMore={list.hasMore}
        loading={list.isLoadingMore}
        failed={Boolean(list.error && list.items)}
        onLoadMore={list.loadMore}
      />
    </>
  );
}
