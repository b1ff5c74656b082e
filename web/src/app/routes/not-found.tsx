import { COMMON_TEXTS } from '@vitrine/shared';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { buttonClasses } from '../../components/ui/button';

/** Any unknown path (spec 2.1); inside the dashboard, 'home' is the dashboard's. */
export function Component() {
  const { pathname } = useLocation();
  const inDashboard = matchPath({ path: paths.dashboard.root.path, end: false }, pathname) !== null;
  const home = inDashboard ? paths.dashboard.root.getHref() : paths.home.getHref();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <title>{`${COMMON_TEXTS.notFound.pageTitle} | Vitrine`}</title>
      <meta name="robots" content="noindex" />
      <p aria-hidden="true" className="font-display text-7xl font-bold text-brand-600">
        404
      </p>
      <h1 className="text-2xl font-semibold sm:text-3xl">{COMMON_TEXTS.notFound.title}</h1>
      <Link to={home} className={buttonClasses()}>
        {COMMON_TEXTS.notFound.backHome}
      </Link>
    </main>
  );
}
