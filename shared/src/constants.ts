/** Business constants of the spec (sections 3, 6 and 9). Their French labels are LABELS (texts/labels.ts). */
import { LABELS } from './texts/labels';

export const STYLES = [
  { value: 'Modern', label: LABELS.style.Modern },
  { value: 'Contemporary', label: LABELS.style.Contemporary },
  { value: 'Minimalist', label: LABELS.style.Minimalist },
  { value: 'Industrial', label: LABELS.style.Industrial },
  { value: 'Scandinavian', label: LABELS.style.Scandinavian },
  { value: 'Traditional', label: LABELS.style.Traditional },
  { value: 'Transitional', label: LABELS.style.Transitional },
  { value: 'Bohemian', label: LABELS.style.Bohemian },
  { value: 'Coastal', label: LABELS.style.Coastal },
  { value: 'Farmhouse', label: LABELS.style.Farmhouse },
  { value: 'Mid-Century Modern', label: LABELS.style['Mid-Century Modern'] },
  { value: 'Japandi', label: LABELS.style.Japandi },
] as const;
export type Style = (typeof STYLES)[number]['value'];
export const DEFAULT_STYLE: Style = 'Scandinavian';

export const ROOM_TYPES = [
  { value: 'Living Room', label: LABELS.roomType['Living Room'] },
  { value: 'Living Space', label: LABELS.roomType['Living Space'] },
  { value: 'Bedroom', label: LABELS.roomType.Bedroom },
  { value: 'Dining Room', label: LABELS.roomType['Dining Room'] },
  { value: 'Kitchen', label: LABELS.roomType.Kitchen },
  { value: 'Bathroom', label: LABELS.roomType.Bathroom },
  { value: 'Office', label: LABELS.roomType.Office },
  { value: 'Kids Room', label: LABELS.roomType['Kids Room'] },
  { value: 'Outdoor Patio', label: LABELS.roomType['Outdoor Patio'] },
] as const;
export type RoomType = (typeof ROOM_TYPES)[number]['value'];
export const DEFAULT_ROOM_TYPE: RoomType = 'Living Room';

export const SKY_TYPES = [
  { value: 'blue', label: LABELS.skyType.blue },
  { value: 'sunset', label: LABELS.skyType.sunset },
  { value: 'cloudy', label: LABELS.skyType.cloudy },
  { value: 'dramatic', label: LABELS.skyType.dramatic },
  { value: 'night', label: LABELS.skyType.night },
] as const;
export type SkyType = (typeof SKY_TYPES)[number]['value'];
export const DEFAULT_SKY_TYPE: SkyType = 'blue';

/** API path segment of each transformation type (spec section 7). */
export const TRANSFORMATION_TYPES = [
  { value: 'virtual-staging', label: LABELS.transformationType['virtual-staging'] },
  { value: 'sky-replacement', label: LABELS.transformationType['sky-replacement'] },
  { value: 'declutter', label: LABELS.transformationType.declutter },
  { value: 'room-refresh', label: LABELS.transformationType['room-refresh'] },
  { value: 'enhance', label: LABELS.transformationType.enhance },
] as const;
export type TransformationType = (typeof TRANSFORMATION_TYPES)[number]['value'];
export const DEFAULT_TRANSFORMATION_TYPE: TransformationType = 'virtual-staging';

export const ROLES = [
  { value: 'org_owner', label: LABELS.role.org_owner },
  { value: 'org_admin', label: LABELS.role.org_admin },
  { value: 'org_member', label: LABELS.role.org_member },
  { value: 'member', label: LABELS.role.member },
] as const;
export type Role = (typeof ROLES)[number]['value'];

/** Roles are compared case-insensitively (spec section 6). */
export function hasRole(roles: readonly string[] | undefined, ...wanted: Role[]): boolean {
  return (roles ?? []).some((role) => wanted.includes(role.toLowerCase() as Role));
}

export const PROJECT_TYPES = [
  { value: 'apartment', label: LABELS.projectType.apartment },
  { value: 'house', label: LABELS.projectType.house },
  { value: 'office', label: LABELS.projectType.office },
  { value: 'commercial', label: LABELS.projectType.commercial },
  { value: 'other', label: LABELS.projectType.other },
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number]['value'];

export const UPLOAD_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 50_000_000,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
/**
 * Object tag of a raw upload: the presigned POST sets it, and the uploads bucket expires objects
 * still carrying it after a day. The workflow keeps its own untagged copy (the normalised
 * original), so raw uploads always expire. One definition for the API and the bucket rule.
 */
export const PENDING_UPLOAD_TAG = { key: 'upload-state', value: 'pending' } as const;
export type UploadContentType = (typeof UPLOAD_LIMITS.contentTypes)[number];
/**
 * Object tag of the validated originals and results the workflow writes (decision 52): `unsaved`
 * until an image is saved from them, then `saved`. Both buckets expire `unsaved` objects after
 * UNSAVED_OBJECT_EXPIRY_DAYS: a result nobody saved is kept as long as the wizard offers to
 * restore it, then deleted. One definition for the functions and the bucket rules.
 */
export const RETENTION_TAG = { key: 'retention', unsaved: 'unsaved', saved: 'saved' } as const;
/**
 * Days a transformation stays in the organization's history, saved or not (decision 090): its
 * result can be saved, downloaded or deleted from 'Non sauvegardées' all that time.
 */
export const TRANSFORMATION_HISTORY_DAYS = 30;
/**
 * Days after which a validated original or a result that no saved image refers to is deleted: a
 * day beyond the history, so that everything the history lists still has its pictures.
 */
export const UNSAVED_OBJECT_EXPIRY_DAYS = TRANSFORMATION_HISTORY_DAYS + 1;

export const FIELD_LIMITS = {
  projectName: 100,
  projectDescription: 500,
  projectAddress: 255,
  projectType: 50,
  personName: 50,
  agencyName: 100,
  fileName: 255,
  /** m²: below a square metre or above 100 hectares is a typing mistake. */
  projectSizeMin: 1,
  projectSizeMax: 1_000_000,
  passwordMin: 8,
} as const;

/**
 * Transformations of one organization: at most `maxInFlightPerOrganization` queued or processing at
 * once (each holds a credit reservation from its start, architecture decision 46); a start
 * beyond answers 429 RATE_LIMITED with `Retry-After: retryAfterSeconds`.
 */
export const TRANSFORMATION_LIMITS = { maxInFlightPerOrganization: 20, retryAfterSeconds: 10 } as const;

/**
 * Variants of one photo asked in one start (decision 065): each is its own transformation, with its
 * own credit and seed, grouped by the start's `groupId`. One credit per delivered variant.
 */
export const VARIANT_LIMITS = { min: 1, max: 4, default: 1 } as const;

/**
 * `Idempotency-Key` of POST /api/image-processing/{type} (decision 47): within `ttlHours` the same
 * key of the same organization returns the first transformation instead of starting another.
 */
export const IDEMPOTENCY_KEY = {
  header: 'Idempotency-Key',
  ttlHours: 24,
  /** 8 to 128 letters, digits, `-` or `_` (a UUID fits). */
  pattern: /^[A-Za-z0-9_-]{8,128}$/,
} as const;

/** Paged lists (types.ts `Page`): the page size clients ask for by default, and the most a call returns. */
export const PAGE_LIMITS = { default: 40, max: 100 } as const;

/**
 * Invitations (issue 10). Seats are the plan's `maxUsers` (plans.ts): members plus pending invitations.
 * One address gets at most one invitation a minute and five a day, so the form cannot mail-bomb it.
 */
export const TEAM_LIMITS = {
  invitationTtlDays: 7,
  reinviteIntervalSeconds: 60,
  invitationsPerAddressPerDay: 5,
} as const;

export const UI_CONSTANTS = {
  bulkDownloadStaggerMs: 200,
  invitationRedirectMs: 1500,
  headerHideThresholdPx: 100,
  sliderStartPercent: 50,
} as const;

export const DEMO_ACCOUNT = {
  email: 'demo@example.com',
  password: 'Demo1234!',
  firstName: 'Camille',
  lastName: 'Martin',
  phoneNumber: '+33 6 12 34 56 78',
  organizationName: LABELS.demoOrganization,
  credits: 100,
} as const;
