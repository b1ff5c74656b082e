/**
 * Webhooks of the public API (issue 25 §2, decision 114): the events an organization subscribes
 * to, what owners and admins register, and what the settings tab lists. Their own module, like
 * api-keys-schemas.ts: only the Lambdas and the tab that read them bundle them.
 */
import * as z from 'zod/mini';
import { WEBHOOKS_TEXTS } from './texts/webhooks';

export const WEBHOOK_EVENT_TYPES = [
  'transformation.succeeded',
  'transformation.failed',
  'credits.low',
  'subscription.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_LIMITS = {
  maxEndpointsPerOrganization: 10,
  urlMaxLength: 2048,
  /** Deliveries the settings tab lists, newest first. */
  recentDeliveries: 50,
  /** `credits.low` is sent when a reservation takes the balance below this many credits. */
  creditsLowThreshold: 10,
} as const;

export const webhookEndpointCreateSchema = z.object({
  url: z
    .string({ error: WEBHOOKS_TEXTS.urlInvalid })
    .check(
      z.minLength(1, { error: WEBHOOKS_TEXTS.urlInvalid }),
      z.maxLength(WEBHOOK_LIMITS.urlMaxLength, { error: WEBHOOKS_TEXTS.urlInvalid }),
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOKS_TEXTS.eventInvalid }), {
      error: WEBHOOKS_TEXTS.eventsRequired,
    })
    .check(z.minLength(1, { error: WEBHOOKS_TEXTS.eventsRequired })),
});
export type WebhookEndpointCreateInput = z.infer<typeof webhookEndpointCreateSchema>;

export interface WebhookEndpointSummary {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
  /** Set when it was disabled after failing for a day (decision 114). */
  disabledAt: string | null;
}

/** 201 answer of POST /api/webhooks: the only time the signing secret is shown. */
export interface CreatedWebhookEndpoint extends WebhookEndpointSummary {
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliverySummary {
  id: string;
  endpointId: string;
  url: string;
  eventId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's last HTTP status, when it answered. */
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
}

/** GET /api/webhooks: the organization's endpoints and their recent deliveries. */
export interface WebhooksOverview {
  endpoints: WebhookEndpointSummary[];
  deliveries: WebhookDeliverySummary[];
}

/** The body of every delivery: `id` is the event id to deduplicate on (also in `Vitrine-Event-Id`). */
export interface WebhookEventBody {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  organizationId: string;
  data: Record<string, unknown>;
}
