/**
 * Bodies of the billing API (spec 7), with the spec's French messages (POST /organizations is
 * `organizationCreateSchema` of schemas.ts, shared with the onboarding form). Their own module:
 * only the Lambdas that read them bundle them (the package has no side effects).
 */
import * as z from 'zod/mini';
import { BILLING_API_TEXTS } from './texts/billing-api';

const requiredId = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));

/** POST /api/billing/session: the spec's one message when the plan or the organization is missing. */
export const checkoutSessionSchema = z.object({
  priceId: requiredId(BILLING_API_TEXTS.missingInformation),
  organizationId: requiredId(BILLING_API_TEXTS.missingInformation),
});

/** POST /api/billing/change-plan. */
export const changePlanSchema = z.object({
  newPriceId: requiredId(BILLING_API_TEXTS.unknownPrice),
});
