import { DEMO_ASSET_BASE } from '../../../lib/demo-assets.generated';
import { useHydrated } from '../../../lib/use-hydrated';

export interface PageMetaProps {
  title: string;
  description: string;
  /** Path of the page, for og:url. */
  path: string;
  noIndex?: boolean;
}

const OG_IMAGE = `${DEMO_ASSET_BASE}/staging-after-1200.jpg`;

/**
 * Title, description and Open Graph tags; React 19 hoists them into <head>. The build's prerendered
 * pages carry them with site-relative URLs, made absolute once hydrated (decision 131), which is on
 * the visitor's first intent (decision 136).
 */
export function PageMeta({ title, description, path, noIndex = false }: PageMetaProps) {
  const origin = useHydrated() ? window.location.origin : '';
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noIndex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="fr_FR" />
      <meta property="og:site_name" content="Vitrine" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={`${origin}${path}`} />
      <meta property="og:image" content={`${origin}${OG_IMAGE}`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="800" />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
