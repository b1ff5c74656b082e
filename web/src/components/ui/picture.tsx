import type { ImgHTMLAttributes } from 'react';

/** One image with its responsive candidates: modern formats first, `src` is the fallback. */
export interface PictureImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Candidates of the fallback format (`src` format), e.g. 'a-640.jpg 640w, a-1280.jpg 1280w'. */
  srcSet?: string;
  /** Modern-format candidates, in order of preference, e.g. [{ type: 'image/avif', srcSet: '...' }]. */
  sources?: readonly { type: string; srcSet: string }[];
  sizes?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
}

type ImgProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'alt' | 'width' | 'height' | 'loading'
>;

/** A <picture> with AVIF/WebP sources and a sized <img> fallback (width and height prevent layout shift). */
export function Picture({ image, ...imgProps }: { image: PictureImage } & ImgProps) {
  const loading = image.loading ?? 'lazy';
  return (
    <picture>
      {image.sources?.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={image.sizes} />
      ))}
      <img
        {...imgProps}
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding={loading === 'eager' ? 'sync' : 'async'}
        fetchPriority={image.fetchPriority}
      />
    </picture>
  );
}
