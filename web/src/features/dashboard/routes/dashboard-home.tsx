import { DASHBOARD_TEXTS } from '@vitrine/shared';
import { useUser } from '../../../lib/session';

/** /dashboard: a welcome for now; the full dashboard home (spec 2.5) comes with its own issue. */
export function Component() {
  const { data: user } = useUser();
  return (
    <section aria-labelledby="dashboard-heading" className="mx-auto max-w-5xl">
      <title>{`${DASHBOARD_TEXTS.title} | Vitrine`}</title>
      <h1 id="dashboard-heading" className="text-2xl font-bold sm:text-3xl">
        {DASHBOARD_TEXTS.welcome(user?.firstName ?? '')}
      </h1>
      <p className="mt-2 text-ink-600">{DASHBOARD_TEXTS.intro}</p>
    </section>
  );
}
