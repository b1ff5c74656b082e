/** Entities as the API returns them (spec section 3). */
import type { ErrorCode } from './api-errors';
import type { Role, TransformationType } from './constants';
import type { ResultContentType } from './result-format';

export interface Price {
  id: string;
  name: string;
  description: string;
  amount: number;
  currency: string;
  interval: 'month' | 'year';
  stripePriceId: string | null;
  features: string[];
  /** What the plan does not include, struck out on its card (decision 097). */
  excludedFeatures?: string[];
  /** Credits granted each billing period. */
  credits: number;
  is_organization: boolean;
}

export interface Subscription {
  status: string;
  currentPeriodEnd: string | null;
  /** When a subscription set to end (at period end, from the billing portal) ends; null while it renews. */
  cancelAt?: string | null;
  price: Price | null;
}

export interface Organization {
  id: string;
  name: string;
  stripeCustomerId: string | null;
  creditBalance: number;
  subscription: Subscription | null;
}

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  roles: Role[];
  organizationId: string | null;
  organization: Organization | null;
  subscription: Subscription | null;
  /** Cognito's `email_verified`: inviting and accepting an invitation need it (the web shows a banner until then). */
  emailVerified: boolean;
  /** In no organization because a manager removed them: the agency's name, to tell them (issue 22). */
  removedFromOrganization?: { name: string; removedAt: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface Project {
  id: string;
  name: string;
  description: string;
  address: string;
  size: number | null;
  type: string | null;
  createdAt: string;
  updatedAt: string;
  userId: string;
  organizationId: string;
  /** Saved images in the project (kept on the project item: no call per project). */
  imageCount: number;
  /** Signed small WebP of the project's thumbnail image (spec 4 rule); null when it has no image. */
  thumbnailUrl: string | null;
}

/**
 * One page of a list (GET /api/projects, /api/images/project/{id}, /api/images/no-project).
 * Query: `limit` (1..100, default PAGE_SIZE) and `cursor` (the previous page's `nextCursor`,
 * opaque). `nextCursor` is null on the last page.
 */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** GET /api/projects also answers the organization's project count (dashboard card). `search`
 * (query) filters by name, case- and accent-insensitively. */
export interface ProjectPage extends Page<Project> {
  total: number;
}

/** GET /api/images/stats/total-transformed (dashboard cards). */
export interface ImageStats {
  /** Successful transformations of the organization (one credit each). */
  total: number;
  /** Last transformation, save or project change in the organization; null before any. */
  lastActivityAt: string | null;
}

export type ImageStatus = 'uploaded' | 'processing' | 'staged' | 'failed';

export interface Image {
  id: string;
  name: string;
  status: ImageStatus;
  projectId: string | null;
  originalFilePath: string;
  transformedFilePath: string | null;
  type: TransformationType;
  transformationId: string;
  /** Who saved it: with the owner and admins, the one who may delete it (decision 081). */
  userId: string;
  createdAt: string;
  updatedAt: string;
  originalSignedUrl: string | null;
  transformedSignedUrl: string | null;
  url: string | null;
  /** Signed small WebPs (about 480 px on the long side) for grids, cards and dialogs; null when
   * none was made (the client then falls back to the full-size URL). */
  thumbnailUrl: string | null;
  originalThumbnailUrl: string | null;
  /** The transformation's options (after defaults); absent on images saved before they were copied. */
  options?: TransformationOptions;
  /** How the result is encoded (decision 091): JPEG, or PNG for a transparent PNG original. */
  resultContentType: ResultContentType;
}

/**
 * GET /api/transformations (decision 090): one transformation of the organization's last
 * TRANSFORMATION_HISTORY_DAYS, saved or not, in the shape of a saved Image (its `id` is the
 * transformation's, `name` the uploaded file's, `status` 'staged' once it succeeded or 'failed',
 * `projectId` null), so galleries show, download and zip it the same way.
 */
export interface HistoryImage extends Image {
  options: TransformationOptions;
  /** Whether a result of it was saved as an image ('Non sauvegardées' lists the others). */
  saved: boolean;
  /** Who started it: first and last name, else e-mail; null when no longer known. */
  authorName: string | null;
  /** Only when failed: why, in French. */
  message?: string;
}

/** `view` of GET /api/transformations: every transformation, or the succeeded ones never saved. */
export const HISTORY_VIEWS = ['all', 'unsaved'] as const;
export type HistoryView = (typeof HISTORY_VIEWS)[number];

export interface Invitation {
  id: string;
  email: string;
  status: 'pending' | 'accepted' | 'revoked' | 'expired';
  createdAt: string;
  expiresAt: string;
  organizationId: string;
  organization: { name: string };
}

/**
 * GET /api/invitations/token/{token} (public): what the accept page shows before the visitor signs
 * in or registers. `status` is 'expired' once a pending invitation is past `expiresAt`.
 */
export interface InvitationSummary {
  email: string;
  status: Invitation['status'];
  expiresAt: string;
  organization: { name: string };
}

/** POST /api/invitations/accept/{token}: the organization the caller has joined. */
export interface AcceptInvitationResult {
  organizationId: string;
}

/** A member as GET /api/organizations/{id}/users lists them (spec 2.11). */
export interface OrganizationMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  createdAt: string;
}

export type TransformationStatus = 'queued' | 'processing' | 'succeeded' | 'failed';

export interface TransformationOptions {
  style?: string;
  roomType?: string;
  changeFloor?: boolean;
  repaintWalls?: boolean;
  sky_type?: string;
}

export interface Transformation {
  id: string;
  type: TransformationType;
  options: TransformationOptions;
  status: TransformationStatus;
  /** The validated original; absent until the image passed validation (never the raw upload). */
  originalUrl?: string;
  resultUrl?: string;
  message?: string;
  /** Why it failed, when it did: clients decide by this code, never by the message. */
  code?: ErrorCode;
  /** True when a local simulator produced the result instead of a hosted model. */
  simulated?: boolean;
  /** The start that made it and its sibling variants (decision 065): one id per start. */
  groupId?: string;
  /** 1-based place among its group's variants, and how many the start asked for. */
  variant?: number;
  variantCount?: number;
  /** The random seed of its render: a regeneration gets a new one (decision 065). */
  seed?: number;
  /** Who rendered the result, once it succeeded; absent on results made before they were recorded. */
  provider?: string;
  model?: string;
  creditBalance: number;
}

/** 202 answer of POST /api/image-processing/{type}: one transformation per variant, in order. */
export interface StartedTransformations {
  /** The first variant (what a client of one transformation reads). */
  transformationId: string;
  transformationIds: string[];
  groupId: string;
}

/** Served at /config.json: one web build for every stage (architecture decision 3). */
export interface RuntimeConfig {
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set locally to point Amplify at the Cognito emulator. */
  userPoolEndpoint?: string;
  authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  mode: 'local' | 'aws';
  demoBookingUrl: string;
}
