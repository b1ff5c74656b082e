import { LANDING_TEXTS } from '@vitrine/shared';

/** The three impact figures and the number of agents (spec 1). */
export function StatsSection() {
  const t = LANDING_TEXTS.stats;
  return (
    <section aria-labelledby="stats-title" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="stats-title" className="text-center text-2xl font-bold text-white sm:text-3xl">
          {t.title}
        </h2>
        <dl className="mt-10 grid gap-8 text-center sm:grid-cols-3">
          {t.items.map((item) => (
            <div key={item.value} className="flex flex-col-reverse">
              <dt className="mt-2 text-brand-100">{item.label}</dt>
              <dd className="text-5xl font-bold text-accent-400">{item.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-10 text-center text-lg font-medium text-brand-100">{t.agents}</p>
      </div>
    </section>
  );
}
