/**
 * Share links (issue 24, decision 098): the bodies of the share routes and the shapes they answer.
 * Their own module, like team-schemas.ts: only the Lambdas and pages that use them bundle them.
 */
import * as z from 'zod/mini';
import type { TransformationType } from './constants';
import type { DisclosureLevel } from './disclosure';
import { SHARES_API_TEXTS } from './texts/shares-api';

export const SHARE_LINK = {
  /** Default life of a link (the agent may change it at creation and later). */
  defaultDays: 90,
  maxDays: 365,
  /** Images one link may hold (the public page shows them all at once). */
  maxImages: 100,
  /** Seconds the public page's presigned image URLs stay valid. */
  urlSeconds: 600,
} as const;

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const id = z.string({ error: SHARES_API_TEXTS.imagesRequired }).check(z.regex(ID, SHARES_API_TEXTS.imagesRequired));

const days = z
  .number({ error: SHARES_API_TEXTS.invalidDays })
  .check(
    z.int({ error: SHARES_API_TEXTS.invalidDays }),
    z.gte(1, SHARES_API_TEXTS.invalidDays),
    z.lte(SHARE_LINK.maxDays, SHARES_API_TEXTS.invalidDays),
  );

/** POST /api/shares: a project's images, or the given images (one, or a selection). */
export const createShareSchema = z.object({
  projectId: z.optional(z.string().check(z.regex(ID, SHARES_API_TEXTS.imagesRequired))),
  imageIds: z.optional(z.array(id).check(z.maxLength(SHARE_LINK.maxImages, SHARES_API_TEXTS.tooManyImages))),
  expiresInDays: z.optional(days),
});
export type CreateShareInput = z.infer<typeof createShareSchema>;

/** PATCH /api/shares/{id}: a new expiry, counted from now. */
export const updateShareSchema = z.object({ expiresInDays: days });
export type UpdateShareInput = z.infer<typeof updateShareSchema>;

export type ShareScope = 'image' | 'selection' | 'project';
export type ShareStatus = 'active' | 'expired' | 'revoked';

/** A link as its organization sees it (never its token, which only the creation answer carries). */
export interface ShareLink {
  id: string;
  scope: ShareScope;
  projectId: string | null;
  imageCount: number;
  status: ShareStatus;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
  viewCount: number;
  lastViewedAt: string | null;
}

/** The creation's answer: the only time the token is ever sent. */
export interface CreatedShareLink extends ShareLink {
  token: string;
}

/** One pair on the public page: no id, no name, nothing of the organization. */
export interface PublicShareItem {
  type: TransformationType;
  disclosure: DisclosureLevel;
  width: number | null;
  height: number | null;
  originalUrl: string;
  resultUrl: string;
  originalThumbnailUrl: string | null;
  resultThumbnailUrl: string | null;
}

/** GET /api/public/shares/{token}: the agency's name and the pairs, with short-lived URLs. */
export interface PublicShare {
  agencyName: string;
  expiresAt: string;
  items: PublicShareItem[];
}
