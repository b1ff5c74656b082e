import { paths } from '../config/paths';
import { PublicSharePage } from '../features/shares';

/** The token of /partage/{token}, the path main.tsx matched. */
export const shareTokenOf = (pathname: string) =>
  decodeURIComponent(pathname.slice(paths.share.getHref('').length).split('/')[0] ?? '');

/**
 * Root of /partage/{token} when it is the page first loaded (issue 24, decision 124): the public
 * share page alone, without react-router or the app's shell, so that a seller opening the link on
 * a phone downloads only React and this page, which has no internal navigation.
 */
export function Root() {
  return <PublicSharePage token={shareTokenOf(window.location.pathname)} />;
}
