/**
 * POST /api/organizations (the caller creates their organization and becomes its org_owner) and
 * GET /api/organizations/{id} (the caller's own organization only; any other id is a 404).
 * Env: TABLE_NAME, STRIPE_API_KEY(_SECRET_NAME), STRIPE_API_URL (local stand-in only).
 */
import { BILLING_API_TEXTS, organizationCreateSchema } from '@vitrine/shared';
import { httpStripeGateway } from '../billing/stripe-gateway';
import { tableDeps } from '../lib/aws/dynamodb';
import { getCaller } from '../lib/auth';
import { NotFound } from '../lib/errors';
import { createHttpHandler, json, parseBody } from '../lib/http';
import { stripeRequest } from '../lib/stripe';
import { readOrganization } from '../organizations/organization-record';
import { createOrganization } from '../organizations/organization-service';
import { loadOrProvisionUser, toOrganization } from '../users/profile';
import { getUserRecord } from '../users/user-store';

const stripe = httpStripeGateway(stripeRequest);

export const handler = createHttpHandler({
  'POST /api/organizations': async ({ event, body }) => {
    const { name } = parseBody(organizationCreateSchema, body);
    // The user record may not exist yet when onboarding runs right after registration.
    const user = await loadOrProvisionUser(getCaller(event));
    return json(201, await createOrganization({ ...tableDeps(), stripe }, user, name));
  },

  'GET /api/organizations/{id}': async ({ event }) => {
    const user = await getUserRecord(tableDeps(), getCaller(event).sub);
    const id = event.pathParameters?.id;
    if (!user?.organizationId || user.organizationId !== id) throw new NotFound(BILLING_API_TEXTS.organizationNotFound);
    const organization = await readOrganization(tableDeps(), id);
    if (!organization) throw new NotFound(BILLING_API_TEXTS.organizationNotFound);
    return json(200, toOrganization(organization));
  },
});
