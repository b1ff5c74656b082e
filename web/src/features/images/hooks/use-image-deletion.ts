import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { GALLERIES_TEXTS, type Image } from '@vitrine/shared';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { LISTS, projectKey } from '../../../lib/cache-keys';
import { invalidateLists } from '../../../lib/paged-list';
import { deleteImage } from '../api/delete-image';

const T = GALLERIES_TEXTS;

/**
 * Deletes images (spec 4, 7, 8): marks them as deleting (their buttons are disabled) until the
 * answers come, one call per image in parallel, then reports the spec's success message and the
 * failures. An image already gone (404) counts as deleted: it is no longer there either way.
 */
export function useImageDeletion(
  onDeleted: (ids: ReadonlySet<string>) => void,
  remove: (image: Image) => Promise<unknown> = deleteImage,
) {
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(() => new Set());
  const { toast } = useToast();
  const { mutate } = useSWRConfig();

  const deleteImages = useCallback(
    async (images: readonly Image[]) => {
      if (images.length === 0) return;
      const ids = images.map((image) => image.id);
      setDeleting((current) => new Set([...current, ...ids]));
      const outcomes = await Promise.allSettled(images.map((image) => remove(image)));
      const deleted = new Set<string>();
      const failures: unknown[] = [];
      outcomes.forEach((outcome, index) => {
        const gone =
          outcome.status === 'fulfilled' || (outcome.reason instanceof ApiError && outcome.reason.status === 404);
        if (gone) deleted.add(ids[index] as string);
        else failures.push(outcome.reason);
      });
      setDeleting((current) => new Set([...current].filter((id) => !ids.includes(id))));

      if (deleted.size > 0) {
        onDeleted(deleted);
        toast({ variant: 'success', title: deleted.size === 1 ? T.deleted : T.deletedMany(deleted.size) });
        // Projects show their image count and thumbnail.
        invalidateLists(LISTS.projects);
        const projectIds = new Set(images.map((image) => image.projectId).filter((id): id is string => Boolean(id)));
        for (const projectId of projectIds) void mutate(projectKey(projectId));
      }
      if (failures.length > 0) {
        toast({
          variant: 'error',
          title: T.deleteErrorTitle,
          description:
            failures.length === 1 ? errorMessage(failures[0], T.deleteFailed) : T.deleteFailedMany(failures.length),
        });
      }
    },
    [mutate, onDeleted, remove, toast],
  );

  return { deleting, deleteImages };
}
