/**
 * The S3 key layout (architecture decision 50): the one place keys are spelled, and the
 * prefixes the CDK scopes each function's grants to (infra/lib/endpoint-groups.ts, workflow.ts).
 * Pure: importing it creates no AWS client.
 *
 *   uploads bucket   uploads/<orgId>/<uploadId>          raw browser upload (tagged pending, expires)
 *                    normalised/<orgId>/<txId>.jpg|png   the validated original
 *                    provider-answers/<orgId>/<txId>/<provider>/<model>/<seed>   a billed provider answer (decision 087)
 *   results bucket   results/<orgId>/<txId>.jpg|png      the transformation's result (decision 091)
 *                    thumbnails/<orgId>/<txId>/original.webp|result.webp   their small WebPs (decision 44)
 *                    exports/<orgId>/<txId>/<render hash>.jpg|png   a marked export, a cache (decision 117)
 */
import { RESULT_FORMATS, RETENTION_TAG, type ResultFormat } from '@vitrine/shared';

export const OBJECT_PREFIXES = {
  upload: 'uploads/',
  normalised: 'normalised/',
  providerAnswer: 'provider-answers/',
  result: 'results/',
  thumbnail: 'thumbnails/',
  export: 'exports/',
} as const;

export type ObjectPrefix = (typeof OBJECT_PREFIXES)[keyof typeof OBJECT_PREFIXES];

export const objectKeys = {
  /** Organization-scoped: the workflow only reads objects under the caller's organization. */
  upload: (orgId: string, uploadId: string) => `${OBJECT_PREFIXES.upload}${orgId}/${uploadId}`,
  normalised: (orgId: string, transformationId: string, format: 'jpeg' | 'png') =>
    `${OBJECT_PREFIXES.normalised}${orgId}/${transformationId}.${format === 'jpeg' ? 'jpg' : 'png'}`,
  /** Every answer of one transformation under one prefix: the workflow lists them in one call. */
  providerAnswers: (orgId: string, transformationId: string) =>
    `${OBJECT_PREFIXES.providerAnswer}${orgId}/${transformationId}/`,
  providerAnswer: (
    orgId: string,
    transformationId: string,
    answer: { provider: string; model: string; seed: number },
  ) =>
    `${OBJECT_PREFIXES.providerAnswer}${orgId}/${transformationId}/${answer.provider}/${answer.model}/${answer.seed}`,
  /** The extension records the format, hence the content type (decision 091). */
  result: (orgId: string, transformationId: string, format: ResultFormat) =>
    `${OBJECT_PREFIXES.result}${orgId}/${transformationId}.${RESULT_FORMATS[format].extension}`,
  thumbnail: (orgId: string, transformationId: string, picture: 'original' | 'result') =>
    `${OBJECT_PREFIXES.thumbnail}${orgId}/${transformationId}/${picture}.webp`,
  /** One render of the mark: the hash names what was drawn, so a changed setting gets a new key. */
  markedExport: (orgId: string, transformationId: string, renderHash: string, format: ResultFormat) =>
    `${OBJECT_PREFIXES.export}${orgId}/${transformationId}/${renderHash}.${RESULT_FORMATS[format].extension}`,
} as const;

/** `Tagging` of a PutObject: the URL-encoded tag set marking an object not saved yet. */
export const UNSAVED_TAGGING = `${RETENTION_TAG.key}=${RETENTION_TAG.unsaved}`;
