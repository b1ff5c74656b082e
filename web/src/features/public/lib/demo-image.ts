import type { PictureImage } from '../../../components/ui/picture';
import { DEMO_ASSET_BASE, DEMO_ASSET_SIZE, DEMO_ASSET_WIDTHS } from '../../../lib/demo-assets.generated';

export type DemoAssetName = `${'staging' | 'sky' | 'hdr' | 'declutter'}-${'before' | 'after'}`;

const srcSet = (name: DemoAssetName, ext: string) =>
  DEMO_ASSET_WIDTHS.map((width) => `${DEMO_ASSET_BASE}/${name}-${width}.${ext} ${width}w`).join(', ');

/** Responsive AVIF/WebP/JPEG candidates of one generated demo image (web/scripts/make-demo-assets.ts). */
export function demoImage(
  name: DemoAssetName,
  alt: string,
  options: { sizes: string; priority?: boolean },
): PictureImage {
  const middle = DEMO_ASSET_WIDTHS[Math.floor(DEMO_ASSET_WIDTHS.length / 2)];
  return {
    src: `${DEMO_ASSET_BASE}/${name}-${middle}.jpg`,
    srcSet: srcSet(name, 'jpg'),
    sources: [
      { type: 'image/avif', srcSet: srcSet(name, 'avif') },
      { type: 'image/webp', srcSet: srcSet(name, 'webp') },
    ],
    sizes: options.sizes,
    alt,
    width: DEMO_ASSET_SIZE.width,
    height: DEMO_ASSET_SIZE.height,
    loading: options.priority ? 'eager' : 'lazy',
    fetchPriority: options.priority ? 'high' : undefined,
  };
}
