import { paths } from '../../config/paths';

/** The public page of a link, on this app's origin. */
export function shareUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}${paths.share.getHref(token)}`;
}

/** The extension of a signed URL's object key ('jpg', 'png', 'webp'), for a download's name. */
export function extensionOf(url: string): string {
  const match = /\.([a-z0-9]{2,4})$/i.exec(new URL(url).pathname);
  return match ? match[1]!.toLowerCase() : 'jpg';
}
