import { BILLING_TEXTS } from '@vitrine/shared';

/** Spec 4: an individual plan's organization is named from the first name, else the e-mail prefix. */
export function personalSpaceName(user: { firstName?: string | null; email?: string | null }): string {
  const t = BILLING_TEXTS.onboarding;
  const base = user.firstName?.trim() || user.email?.split('@')[0]?.trim();
  return base ? t.personalSpace(base) : t.personalSpaceFallback;
}
