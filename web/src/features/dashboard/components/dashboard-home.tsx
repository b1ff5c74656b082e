import { useEffect, useState, type ReactNode } from 'react';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from '@vitrine/shared';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';
import { paths } from '../../../config/paths';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useUser } from '../../../lib/session';
import { creditLabel } from '../utils/nav-items';

const T = DASHBOARD_TEXTS.home;
/** 'il y a 2 minutes' moves on while the page stays open. */
const CLOCK_TICK_MS = 60_000;

export interface DashboardHomeProps {
  /** Successful transformations of the organization; undefined while loading. */
  totalTransformed: number | undefined;
  /** ImageStats.lastActivityAt: null before any activity, undefined while loading. */
  lastActivityAt: string | null | undefined;
  /** The stats call failed: its cards say N/A. */
  statsFailed: boolean;
  /** ProjectPage.total; undefined while loading. */
  activeProjects: number | undefined;
  projectsFailed: boolean;
  /** The recent projects section (composed in by the route). */
  recentProjects: ReactNode;
}

/** /dashboard (spec 2.5): welcome, 'Nouveau projet', the four cards, then the recent projects. */
export function DashboardHome({
  totalTransformed,
  lastActivityAt,
  statsFailed,
  activeProjects,
  projectsFailed,
  recentProjects,
}: DashboardHomeProps) {
  const { data: user } = useUser();
  const now = useClock();
  const lastActivity =
    lastActivityAt === undefined
      ? undefined
      : lastActivityAt === null
        ? T.noActivity
        : formatRelativeTime(lastActivityAt, now);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8">
      <title>{`${DASHBOARD_TEXTS.title} | ${COMMON_TEXTS.appName}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{DASHBOARD_TEXTS.welcome(user?.firstName ?? '')}</h1>
          <p className="mt-2 text-ink-600">{DASHBOARD_TEXTS.intro}</p>
        </div>
        <Link to={paths.dashboard.projects.getHref()} className={buttonClasses()}>
          <StrokeIcon d={ICON_PATHS.plus} size={18} />
          {T.newProject}
        </Link>
      </div>
      <section aria-label={T.statsLabel}>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label={T.totalTransformed} value={statsFailed ? DASHBOARD_TEXTS.notAvailable : totalTransformed} />
          <StatCard label={T.activeProjects} value={projectsFailed ? DASHBOARD_TEXTS.notAvailable : activeProjects} />
          <StatCard label={T.creditsRemaining} value={user ? creditLabel(user) : undefined} />
          <StatCard label={T.lastActivity} value={statsFailed ? DASHBOARD_TEXTS.notAvailable : lastActivity} />
        </dl>
      </section>
      {recentProjects}
    </div>
  );
}

function StatCard({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <div className="flex flex-col-reverse gap-1 rounded-card bg-white p-5 shadow-card">
      <dt className="text-sm text-ink-600">{label}</dt>
      <dd className="text-2xl font-bold text-ink-900 first-letter:uppercase">
        {value === undefined ? (
          <>
            <Skeleton className="h-8 w-20" />
            <span className="sr-only">{COMMON_TEXTS.loading}</span>
          </>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
