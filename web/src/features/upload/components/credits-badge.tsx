import { TEXTS } from '../../../lib/texts';

/** The organization's remaining credits, announced politely when they change. */
export function CreditsBadge({ credits }: { credits: number | undefined }) {
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm text-ink-700 shadow-card"
    >
      {TEXTS.upload.credits}
      <strong data-testid="wizard-credits" className="text-ink-900">
        {credits ?? TEXTS.dashboard.notAvailable}
      </strong>
    </p>
  );
}
