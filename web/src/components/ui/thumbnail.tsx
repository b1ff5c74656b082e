import { useState } from 'react';
import { COLLECTION_TEXTS } from '@vitrine/shared';
import { cn } from '../../lib/cn';
import { StrokeIcon } from './stroke-icon';
import { COLLECTION_ICON_PATHS } from './collection-icons';

export interface ThumbnailProps {
  /** null when the item has no picture: a placeholder shows. */
  src: string | null;
  alt: string;
  className?: string;
  /** The picture could not be loaded (e.g. an expired signed URL: the caller may fetch fresh ones). */
  onError?: () => void;
}

/**
 * A small picture of a gallery or a card, loaded lazily. Without a URL a placeholder shows; a
 * picture that fails to load says 'Erreur de chargement' (spec 8) until its URL changes.
 */
export function Thumbnail({ src, alt, className, onError }: ThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = cn('flex h-full w-full flex-col items-center justify-center gap-1 bg-ink-100 text-ink-500', className);
  if (!src || failedSrc === src) {
    const failed = Boolean(src);
    return (
      <div role="img" aria-label={alt} className={box}>
        <StrokeIcon d={COLLECTION_ICON_PATHS.image} size={28} />
        <span className="px-2 text-center text-xs">
          {failed ? COLLECTION_TEXTS.loadError : COLLECTION_TEXTS.noPicture}
        </span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => {
        setFailedSrc(src);
        onError?.();
      }}
      className={cn('h-full w-full bg-ink-100 object-cover', className)}
    />
  );
}
