/**
 * The DynamoDB items of the single table (docs/architecture.md, data model), as stored: the one
 * file of record types, each extending the key its builder in keys.ts makes. API shapes live in
 * @vitrine/shared; modules convert between the two.
 */
import type {
  ApiKeyScope,
  DisclosureMarkSettings,
  ErrorCode,
  ImageStatus,
  ShareScope,
  Plan,
  Project,
  Role,
  TransformationOptions,
  TransformationStatus,
  TransformationType,
  UploadContentType,
  WebhookDeliveryStatus,
  WebhookEventType,
} from '@vitrine/shared';
import type { gsi1Keys, ItemKey } from './keys';

export interface UserRecord extends ItemKey<'user'> {
  /** Set when the user belongs to an organization (members query, gsi1Keys.member). */
  gsi1pk?: `ORG#${string}`;
  gsi1sk?: `USER#${string}`;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  roles: Role[];
  organizationId: string | null;
  /**
   * Cognito's `email_verified` as last read (GetUser with the caller's token). Only `true` is kept
   * for good: an address, once verified, stays so (the pool keeps the original e-mail until a new one
   * is verified); until then every profile read asks Cognito again.
   */
  emailVerified?: boolean;
  /** Set when a manager removed them from an organization: the app tells them so (issue 22). */
  removedFrom?: { organizationName: string; removedAt: string };
  createdAt: string;
  updatedAt: string;
}

/** The organization's subscription as last read from Stripe (webhooks are its only writer). */
export interface SubscriptionRecord {
  status: string;
  currentPeriodEnd: string | null;
  planId: Plan['id'];
  /** Stripe subscription id (absent on items written before billing existed). */
  id?: string;
  /** Stripe price id of the subscription's item. */
  priceId?: string;
  currentPeriodStart?: string | null;
  /** When a subscription set to end at period end (or at a date) ends; null or absent while it renews (decision 095). */
  cancelAt?: string | null;
  /** When this state was read from Stripe: an older read never overwrites a newer one. */
  syncedAt?: string;
}

/** The open Checkout Session of an organization: returned again instead of opening a second one. */
export interface CheckoutSessionRecord {
  id: string;
  priceId: string;
  url: string;
  createdAt: string;
}

/** Read and written through organizations/organization-record.ts only (decision 076). */
export interface OrganizationRecord extends ItemKey<'organization'> {
  /** Set once the organization has a Stripe customer (webhook lookup, gsi1Keys.stripeCustomer). */
  gsi1pk?: `STRIPE#${string}`;
  gsi1sk?: 'ORG';
  id: string;
  name: string;
  stripeCustomerId: string | null;
  creditBalance: number;
  subscription: SubscriptionRecord | null;
  /** Open credit reservations: transformation id -> ISO date (architecture decision 4). */
  reservations?: Record<string, string>;
  /** The plan whose monthly credits the current period's balance holds (upgrades add the difference). */
  creditPlanId?: Plan['id'];
  /** Start (ISO) of the billing period the balance was last reset for. */
  creditPeriodStart?: string;
  /** When the balance was last reset: reservations taken before it are not refunded. */
  creditsResetAt?: string;
  /** The invoice whose payment last reset the balance (a retried grant recognises itself). */
  creditInvoiceId?: string;
  /** The balance just before that reset (its ledger entry's delta, should the entry need rewriting). */
  creditBalanceBeforeReset?: number;
  /** The last upgrade grant applied (`upgrade_...` ledger id): a retried grant recognises itself. */
  creditUpgradeId?: string;
  /**
   * Refunds whose ledger entries may not be written yet: transformation id -> the reservation's ISO
   * date, set by the refund's own update and removed once both entries exist (a retry finishes them).
   */
  refundsToLog?: Record<string, string>;
  checkoutSession?: CheckoutSessionRecord;
  /**
   * Bumped by every invitation sent (conditionally on the value read): concurrent invitations are
   * serialised, so members plus pending invitations never exceed the plan's seats (architecture decision 37).
   */
  teamVersion?: number;
  createdAt: string;
  updatedAt: string;
}

/** reserve (-1) and refund (+1) follow a transformation; grant adds credits (seed, billing). */
export type LedgerKind = 'reserve' | 'refund' | 'grant';

export interface LedgerRecord extends ItemKey<'ledger'> {
  kind: LedgerKind;
  /** The transformation charged or refunded; absent on a grant. */
  transformationId?: string;
  delta: number;
  /** Grants: a paid invoice's period ('period') or an upgrade within a period ('upgrade'). */
  reason?: 'period' | 'upgrade';
  /** Grants: the plan whose credits were granted, and the paid invoice (period grants). */
  planId?: Plan['id'];
  invoiceId?: string;
  /** Balance right after the change, when the writer saw it. */
  balanceAfter?: number;
  createdAt: string;
}

/** What the browser declared, kept so a transformation can only start from the caller's own upload. */
export interface UploadRecord extends ItemKey<'upload'> {
  id: string;
  orgId: string;
  userId: string;
  fileName: string;
  contentType: UploadContentType;
  /** Declared size; the real object is checked by the workflow. */
  size: number;
  bucket: string;
  key: string;
  createdAt: string;
}

export interface TransformationRecord extends ItemKey<'transformation'> {
  /** While open, gsi1Keys.openTransformation; once closed, the organization's history
   * (gsi1Keys.transformationHistory, same gsi1sk; decision 090); removed when deleted from it. */
  gsi1pk?: string;
  gsi1sk?: string;
  /** When a result of it was first saved as an image (decision 090): it then leaves 'Non sauvegardées'. */
  savedAt?: string;
  /** The image that first save made: an original link made before it follows that image (decision 130). */
  savedImageId?: string;
  /** When someone deleted it from the history (decision 090): no longer listed. */
  discardedAt?: string;
  id: string;
  orgId: string;
  userId: string;
  type: TransformationType;
  options: TransformationOptions;
  status: TransformationStatus;
  /** Upload the transformation started from, and the object Validate reads in the uploads bucket:
   * the raw upload, or the validated original of `sourceTransformationId` for a rerun (decision 066). */
  uploadId?: string;
  uploadKey: string;
  /** A rerun's earlier transformation of the same photo, whose validated original it reuses. */
  sourceTransformationId?: string;
  /** The start that made it with its sibling variants (decision 065): its place, 1-based, of `variantCount`. */
  groupId?: string;
  variant?: number;
  variantCount?: number;
  /** Random uint32 drawn at the start, passed to the engine; a regeneration is a new record, so a new seed.
   * Absent on records made before decision 065. */
  seed?: number;
  /** The validated image (oriented, metadata stripped) in the uploads bucket. */
  normalisedKey?: string;
  /** The result in the results bucket: `.jpg`, or `.png` for a transparent PNG original (decision 091). */
  resultKey?: string;
  /** Small WebPs (about 480 px on the long side) of the validated original and of the result, in
   * the results bucket; absent on transformations made before thumbnails existed. */
  originalThumbnailKey?: string;
  thumbnailKey?: string;
  /** Pixel size of the validated original, which the result matches. */
  width?: number;
  height?: number;
  /** Before decision 065: the name of the engine that produced the result. */
  engine?: string;
  /** Who rendered the result, as the engine reported it (decision 065). */
  provider?: string;
  model?: string;
  /** Whether it was the local simulator of a hosted model. */
  simulated?: boolean;
  /** Only when failed: why, as the error contract's code (for clients) and French message (for the user). */
  code?: ErrorCode;
  message?: string;
  /** Set once a failure is being recorded (refund first): from then on it can no longer succeed. */
  failingSince?: string;
  /** The webhook endpoint a public API start named (decision 114): told of its end whatever it subscribed to. */
  webhookEndpointId?: string;
  /** The project a start named (decision 122): Complete saves the result into it. */
  projectId?: string;
  createdAt: string;
  updatedAt: string;
}

/** The organization's counters (keys.organizationStats), each changed in the transaction of what it counts. */
export interface OrganizationStatsRecord extends ItemKey<'organizationStats'> {
  /** Projects that exist (created minus deleted). */
  projectCount?: number;
  /** Transformations that succeeded (counted by the workflow's Complete step, once each). */
  transformationsSucceeded?: number;
  /** Last transformation success, save, project creation, change or deletion (ISO). */
  lastActivityAt?: string;
}

/** The image a project card shows (spec 4): its newest image, and the picture to show of it. */
export interface ProjectThumbnailRecord {
  imageId: string;
  /** The image's gsi1sk (`<createdAt>#<id>`): a newer image replaces the thumbnail, an older never. */
  sortKey: string;
  bucket: string;
  key: string;
}

export interface ProjectRecord extends ItemKey<'project'>, Omit<Project, 'imageCount' | 'thumbnailUrl'> {
  /** The name lower-cased without accents (projects/name-search.ts): what `search` matches. */
  nameSearch?: string;
  /** Images in the project, changed in the same transaction as each save, delete or move. */
  imageCount?: number;
  thumbnail?: ProjectThumbnailRecord;
  /** Set when a deletion started: no image may be saved into it; its images are being moved out. */
  deletingAt?: string;
}

/** A saved result (spec 3), listed per place through gsi1 (gsi1Keys.image). */
export interface ImageRecord extends ItemKey<'image'> {
  gsi1pk: string;
  gsi1sk: string;
  id: string;
  name: string;
  status: ImageStatus;
  projectId: string | null;
  /** The stored original (no copy: architecture decision 6). */
  originalBucket: string;
  originalFilePath: string;
  resultBucket: string;
  transformedFilePath: string;
  /** Small WebPs of the result and of the original, in `resultBucket`; absent on older items. */
  thumbnailFilePath?: string;
  originalThumbnailFilePath?: string;
  type: TransformationType;
  /** The transformation's options, copied at save (decision 092); absent on older items. */
  options?: TransformationOptions;
  transformationId: string;
  simulated: boolean;
  userId: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
}

/** Stored statuses; 'expired' is only ever computed (a pending invitation past `validUntil`). */
export type StoredInvitationStatus = 'pending' | 'accepted' | 'revoked';

/**
 * An invitation to join an organization (issue 10), listed under its organization and found by the
 * SHA-256 of its token through gsi1 (gsi1Keys.invitationToken). The token itself is never stored.
 */
export interface InvitationRecord extends ItemKey<'invitation'> {
  gsi1pk: `INVITATION_TOKEN#${string}`;
  gsi1sk: 'INVITATION';
  id: string;
  organizationId: string;
  /** Lower-cased: compared with the signed-in person's Cognito e-mail, lower-cased too. */
  email: string;
  firstName: string;
  lastName: string;
  /** Added users always get org_member (spec 6). */
  role: 'org_member';
  status: StoredInvitationStatus;
  /** Hex SHA-256 of the token (also in gsi1pk). */
  tokenHash: string;
  /** Sub of the owner or admin who sent it. */
  invitedBy: string;
  createdAt: string;
  /** ISO date after which it can no longer be accepted (the API's `expiresAt`; not named so because
   * `expiresAt` is the table's TTL attribute, in epoch seconds). */
  validUntil: string;
  acceptedBy?: string;
  acceptedAt?: string;
  /** Set once the acceptor has joined: from then on the token can never bring anyone in again
   * (a member removed later cannot rejoin with their old link). */
  joinedAt?: string;
  revokedAt?: string;
  /** Sub of who revoked it, or absent when a new invitation to the same address replaced it. */
  revokedBy?: string;
  /** The invitation that replaced it (re-inviting the same address). */
  replacedBy?: string;
}

/**
 * A share link (issue 24, decision 098), listed under its organization and found by the SHA-256 of
 * its token through gsi1 (gsi1Keys.shareToken). It names images, never a copy of them: each is
 * read at view time, so a deleted one is gone from the page, and one moved out of a deleted
 * project is found under its unclassified id (`transformationIds` keeps what that id derives from).
 */
/** The organization's export mark setting (decision 117); absent: DEFAULT_DISCLOSURE_MARK. */
export interface DisclosureMarkRecord extends ItemKey<'disclosureMark'>, DisclosureMarkSettings {
  updatedAt: string;
  updatedBy: string;
}

/**
 * The public link to one transformation's original (decision 118), made at the first export with a
 * QR code. Unlike a share link it keeps its token: the token is printed on every export of the
 * image by design, and a re-render (the setting changed) must print the same one so that the
 * codes already printed keep working. It dies with the image (checked at each read).
 */
export interface OriginalLinkRecord extends ItemKey<'originalLink'> {
  gsi1pk: `ORIGINAL_TOKEN#${string}`;
  gsi1sk: 'ORIGINAL_LINK';
  organizationId: string;
  transformationId: string;
  /**
   * The image exported (resolved at read time as a share link's entry is: decision 098); absent
   * when the link was made from a result not saved yet (decision 130): it then resolves through the
   * transformation, and through the image its first save made once there is one.
   */
  imageId?: string;
  token: string;
  tokenHash: string;
  createdAt: string;
}

export interface ShareLinkRecord extends ItemKey<'shareLink'> {
  gsi1pk: `SHARE_TOKEN#${string}`;
  gsi1sk: 'SHARE';
  id: string;
  organizationId: string;
  scope: ShareScope;
  /** The project shared (scope 'project'): shown to the agent, never on the public page. */
  projectId: string | null;
  /** In the page's order; `transformationIds[i]` is the transformation of `imageIds[i]`. */
  imageIds: string[];
  transformationIds: string[];
  /** Hex SHA-256 of the token (also in gsi1pk); the token itself is never stored. */
  tokenHash: string;
  createdBy: string;
  createdAt: string;
  /** ISO date from which the page answers 'expired' (not `expiresAt`: the table's TTL attribute). */
  validUntil: string;
  revokedAt?: string;
  revokedBy?: string;
  viewCount?: number;
  lastViewedAt?: string;
}

/** A webhook endpoint (decision 114): its secret is kept to sign, shown only in the creation answer. */
export interface WebhookEndpointRecord extends ItemKey<'webhookEndpoint'> {
  id: string;
  organizationId: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  createdBy: string;
  createdAt: string;
  /** Attempts failed since the last success, and the first of them (webhooks/webhook-retry.ts). */
  consecutiveFailures: number;
  failingSinceMs?: number;
  disabledAt?: string;
}

/** One event's delivery to one endpoint: the exact bytes sent, and its attempts so far. */
export interface WebhookDeliveryRecord extends ItemKey<'webhookDelivery'> {
  gsi1pk: string;
  gsi1sk: string;
  id: string;
  organizationId: string;
  endpointId: string;
  url: string;
  eventId: string;
  eventType: WebhookEventType;
  /** The body sent and signed, byte for byte the same on every attempt. */
  rawBody: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  firstAttemptAtMs?: number;
  lastAttemptAt?: string;
  lastStatus?: number;
  lastError?: string;
  createdAt: string;
  /** Epoch seconds: the table's TTL removes it after 30 days. */
  expiresAt: number;
}

/** A Stripe event already processed: a replay or a duplicate delivery changes nothing. */
export interface StripeEventRecord extends ItemKey<'stripeEvent'> {
  type: string;
  processedAt: string;
  /** Epoch seconds: the table's TTL removes the marker after Stripe's replay window. */
  expiresAt: number;
}

/**
 * An `Idempotency-Key` of POST /api/image-processing/{type} (image-processing/idempotency.ts):
 * `pending` while the request that claimed it is starting the transformation, `started` once it
 * answered 202, `released` when it failed (the key may then be used again).
 */
export interface IdempotencyKeyRecord extends ItemKey<'idempotencyKey'> {
  /** The first variant's: the claim's owner (conditional writes check it). */
  transformationId: string;
  /** Every variant the request starts, in order, and their group (decision 065); absent on keys
   * claimed before variants, which started one transformation. */
  transformationIds?: string[];
  groupId?: string;
  /** SHA-256 of the request's type, upload and options: the key cannot stand for another request. */
  requestHash: string;
  state: 'pending' | 'started' | 'released';
  userId: string;
  claimedAt: string;
  /** Epoch seconds: the table's TTL removes the key after IDEMPOTENCY_KEY.ttlHours. */
  expiresAt: number;
}

/**
 * An API key of the public API (decision 102): stored under the SHA-256 of the key, never the key.
 * Every request with it updates the item once (functions/src/api-keys/api-key-store.ts
 * `useApiKey`): last use and the fixed-window request counter (decision 103).
 */
export interface ApiKeyRecord extends ItemKey<'apiKey'>, ReturnType<typeof gsi1Keys.apiKey> {
  id: string;
  organizationId: string;
  name: string;
  scope: ApiKeyScope;
  /** `vit_live_` and the next 4 characters: what the list shows. */
  prefix: string;
  /** The owner or admin who created it: the `userId` of what the key creates. */
  createdBy: string;
  createdAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
  revokedBy?: string;
  /** Requests allowed per minute; API_KEY_LIMITS.requestsPerMinute at creation. */
  rateLimitPerMinute: number;
  /** Epoch seconds of the current one-minute window, and the requests counted in it. */
  windowStart?: number;
  windowCount?: number;
}
