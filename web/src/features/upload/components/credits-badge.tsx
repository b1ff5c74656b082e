import { WIZARD_TEXTS, DASHBOARD_TEXTS } from '@vitrine/shared';

/** The organization's remaining credits, announced politely when they change. */
export function CreditsBadge({ credits }: { credits: number | undefined }) {
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm text-ink-700 shadow-card"
    >
      {WIZARD_TEXTS.credits}
      <strong data-testid="wizard-credits" className="text-ink-900">
        {credits ?? DASHBOARD_TEXTS.notAvailable}
      </strong>
    </p>
  );
}
