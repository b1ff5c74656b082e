import type { Image } from '@vitrine/shared';

/** What a tile or a row can do and show, supplied by the gallery. */
export interface ImageItemActions {
  isSelected: (id: string) => boolean;
  isDeleting: (id: string) => boolean;
  isDownloading: (id: string) => boolean;
  toggle: (id: string) => void;
  preview: (image: Image) => void;
  download: (image: Image) => void;
  /** Asks to delete it (a confirmation comes first). */
  remove: (image: Image) => void;
  /** Whether the user may delete it: theirs, or any for the owner and admins (decision 081). */
  mayRemove: (image: Image) => boolean;
  /** A picture failed to load: its signed URL may have expired. */
  pictureFailed: () => void;
  /** Unsaved results only ('Non sauvegardées', decision 090): saves it into 'Images non classées'. */
  save?: (image: Image) => void;
  isSaving?: (id: string) => boolean;
}
