import { DASHBOARD_TEXTS } from '@vitrine/shared';
import { useId } from 'react';

/** The recent projects of someone in no organization yet: none, said as the spec's empty list. */
export function NoRecentProjects() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {DASHBOARD_TEXTS.home.recentProjects}
      </h2>
      <p className="rounded-card bg-white p-6 text-center text-ink-600 shadow-card">
        {DASHBOARD_TEXTS.home.recentEmpty}
      </p>
    </section>
  );
}
