/**
 * The single table's keys (docs/architecture.md, "Data model"; architecture decision 14): the one
 * place where an item's pk/sk and gsi1 keys are spelled. Stores, the local seed and test fixtures
 * build keys here only; the stored shapes are in records.ts, the table definition in
 * aws/table-schema.ts. Pure: importing it creates no AWS client.
 *
 * Adding an item kind (e.g. a processed Stripe event, an invitation): its builder in `keys` (and
 * in `gsi1Keys` when it is listed through the index), its sort-key prefix in SK_PREFIX when it
 * lives under an organization and is queried by prefix, its record type (`extends ItemKey<'...'>`)
 * in records.ts, a line in keys.test.ts and its row in the data model of docs/architecture.md.
 */
import type { LedgerKind } from './records';

/** Every organization-owned item lives under its organization's partition: a foreign id only misses. */
const orgPartition = (orgId: string) => `ORG#${orgId}` as const;

/** Sort-key prefixes of the items under an organization's partition, for `begins_with` queries. */
export const SK_PREFIX = {
  ledger: 'LEDGER#',
  transformation: 'TX#',
  upload: 'UPLOAD#',
  project: 'PROJECT#',
  image: 'IMAGE#',
  invitation: 'INVITATION#',
  shareLink: 'SHARE#',
  webhookEndpoint: 'WEBHOOK#',
  webhookDelivery: 'WHDELIVERY#',
} as const;

/** Primary keys (pk, sk) of each item kind. */
export const keys = {
  user: (sub: string) => ({ pk: `USER#${sub}`, sk: 'PROFILE' }) as const,
  organization: (orgId: string) => ({ pk: orgPartition(orgId), sk: 'ORG' }) as const,
  /** The organization's counters (projects, successful transformations, last activity), kept in the
   * same transactions as the writes they count; apart from the organization item, which credit
   * reservations update on every transformation. */
  organizationStats: (orgId: string) => ({ pk: orgPartition(orgId), sk: 'STATS' }) as const,
  /** One entry per (reference, kind): a retried write finds it. The reference is a transformation id, or a grant's id. */
  ledger: (orgId: string, referenceId: string, kind: LedgerKind) =>
    ({ pk: orgPartition(orgId), sk: `${SK_PREFIX.ledger}${referenceId}#${kind}` }) as const,
  transformation: (orgId: string, transformationId: string) =>
    ({ pk: orgPartition(orgId), sk: `${SK_PREFIX.transformation}${transformationId}` }) as const,
  upload: (orgId: string, uploadId: string) =>
    ({ pk: orgPartition(orgId), sk: `${SK_PREFIX.upload}${uploadId}` }) as const,
  /** Project ids are time-ordered (lib/ids.ts `timeOrderedId`): the partition lists them newest first. */
  project: (orgId: string, projectId: string) =>
    ({ pk: orgPartition(orgId), sk: `${SK_PREFIX.project}${projectId}` }) as const,
  image: (orgId: string, imageId: string) => ({ pk: orgPartition(orgId), sk: `${SK_PREFIX.image}${imageId}` }) as const,
  /** An invitation to join the organization (kept once accepted, revoked or replaced: its token then says so). */
  invitation: (orgId: string, invitationId: string) =>
    ({ pk: orgPartition(orgId), sk: `${SK_PREFIX.invitation}${invitationId}` }) as const,
  /** A share link (issue 24, decision 098): time-ordered id, so the partition lists them newest first. */
  shareLink: (orgId: string, linkId: string) =>
    ({ pk: orgPartition(orgId), sk: `${SK_PREFIX.shareLink}${linkId}` }) as const,
  /** The organization's export mark setting (decision 117). */
  disclosureMark: (orgId: string) => ({ pk: orgPartition(orgId), sk: 'DISCLOSURE_MARK' }) as const,
  /** The public link to a transformation's original that an export's QR code holds (decision 118). */
  originalLink: (orgId: string, transformationId: string) =>
    ({ pk: orgPartition(orgId), sk: `ORIGINAL_LINK#${transformationId}` }) as const,
  /** An `Idempotency-Key` of a transformation start, per organization (expires with the table's TTL). */
  idempotencyKey: (orgId: string, key: string) => ({ pk: orgPartition(orgId), sk: `IDEMPOTENCY#${key}` }) as const,
  /** A processed Stripe webhook event (its own partition: looked up by event id only). */
  stripeEvent: (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' }) as const,
  /**
   * An API key of the public API (decision 102), under the SHA-256 of the key itself: the one
   * consistent GetItem or UpdateItem that authenticates a request finds it, so a revoked key fails at once.
   */
  apiKey: (keyHash: string) => ({ pk: `APIKEY#${keyHash}`, sk: 'APIKEY' }) as const,
  /** A webhook endpoint the organization registered (decision 114). */
  webhookEndpoint: (orgId: string, endpointId: string) =>
    ({ pk: orgPartition(orgId), sk: `${SK_PREFIX.webhookEndpoint}${endpointId}` }) as const,
  /** One event's delivery to one endpoint, with its attempts (decision 114; expires with the table's TTL). */
  webhookDelivery: (orgId: string, deliveryId: string) =>
    ({ pk: orgPartition(orgId), sk: `${SK_PREFIX.webhookDelivery}${deliveryId}` }) as const,
  /** The partition of an organization's items (Query on pk with an SK_PREFIX). */
  organizationPartition: orgPartition,
} as const;

/** The partition an image is listed in: its project's, or the organization's images without one. */
const imagePlace = (orgId: string, projectId: string | null) =>
  `${orgPartition(orgId)}#IMAGES#${projectId ?? 'NONE'}` as const;

/** The gsi1 partition of the open transformations (gsi1Keys.openTransformation). */
export const OPEN_TRANSFORMATIONS = 'TX_OPEN';

/**
 * The gsi1 partition of an organization's closed transformations, its history (decision 090): a
 * transformation moves there from OPEN_TRANSFORMATIONS when it is closed, keeping its gsi1sk
 * (`<createdAt>#<orgId>#<id>`), so the history lists it newest first.
 */
const transformationHistory = (orgId: string) => `${orgPartition(orgId)}#TX_HISTORY` as const;

/** gsi1 keys of the items listed through the index. */
export const gsi1Keys = {
  /** A user among their organization's members (Query gsi1pk, `begins_with(gsi1sk, 'USER#')`). */
  member: (orgId: string, email: string) => ({ gsi1pk: orgPartition(orgId), gsi1sk: `USER#${email}` }) as const,
  /** An invitation found by the SHA-256 of its token (accept page, sign-up through the link). */
  invitationToken: (tokenHash: string) => ({ gsi1pk: `INVITATION_TOKEN#${tokenHash}`, gsi1sk: 'INVITATION' }) as const,
  /** A share link found by the SHA-256 of its token (the public page; decision 098). */
  shareToken: (tokenHash: string) => ({ gsi1pk: `SHARE_TOKEN#${tokenHash}`, gsi1sk: 'SHARE' }) as const,
  /** An original link by the hash of its token (decision 118, the share token's scheme). */
  originalToken: (tokenHash: string) => ({ gsi1pk: `ORIGINAL_TOKEN#${tokenHash}`, gsi1sk: 'ORIGINAL_LINK' }) as const,
  /** An organization's API keys, oldest first (Paramètres > API). */
  apiKey: (orgId: string, createdAt: string, keyId: string) =>
    ({ gsi1pk: `${orgPartition(orgId)}#APIKEYS`, gsi1sk: `${createdAt}#${keyId}` }) as const,
  /** An organization's webhook deliveries by creation time (Paramètres > API lists the newest). */
  webhookDelivery: (orgId: string, createdAt: string, deliveryId: string) =>
    ({ gsi1pk: `${orgPartition(orgId)}#WHDELIVERIES`, gsi1sk: `${createdAt}#${deliveryId}` }) as const,
  /** An organization found by its Stripe customer (webhooks). */
  stripeCustomer: (customerId: string) => ({ gsi1pk: `STRIPE#${customerId}`, gsi1sk: 'ORG' }) as const,
  /** An image in its place, newest last by creation time (Query gsi1pk = `imagePlace`). */
  image: (orgId: string, projectId: string | null, createdAt: string, imageId: string) =>
    ({ gsi1pk: imagePlace(orgId, projectId), gsi1sk: `${createdAt}#${imageId}` }) as const,
  imagePlace,
  /**
   * A transformation not yet closed (queued, processing, or ended with its credit not yet settled
   * or refunded), by creation time: the reconciler's work list (architecture decision 40). One
   * partition for all organizations: two writes per transformation, far below a partition's limit.
   */
  openTransformation: (createdAt: string, orgId: string, transformationId: string) =>
    ({ gsi1pk: OPEN_TRANSFORMATIONS, gsi1sk: `${createdAt}#${orgId}#${transformationId}` }) as const,
  transformationHistory,
} as const;

/** The key attributes `keys[kind]` builds, for record types: `interface X extends ItemKey<'project'>`. */
export type ItemKey<K extends Exclude<keyof typeof keys, 'organizationPartition'>> = ReturnType<(typeof keys)[K]>;
