/**
 * Business metrics as CloudWatch embedded metric format (EMF): one JSON document per event, written
 * on stdout beside the log lines, from which CloudWatch Logs extracts the metrics (no API call, no
 * permission). Document shape as the EMF specification defines it:
 *   { "_aws": { "Timestamp": <ms>, "CloudWatchMetrics": [ { "Namespace", "Dimensions": [[...]],
 *     "Metrics": [ { "Name", "Unit" } ] } ] }, <dimension>: "<value>", <metric>: <number>, ... }
 * plus the log context (service, requestId, correlationId) and ids as plain properties, searchable
 * in Logs Insights but never dimensions (each dimension value is a billed metric).
 *
 * This module is the catalogue: the CDK monitoring construct reads the names and dimension sets
 * from here, so an alarm can never watch a metric that is emitted under another shape.
 */
import type { TransformationType } from '@vitrine/shared';
import { ENV } from './env';
import { currentLogContext, type LogFields, writeDocument } from './logger';

export const METRICS_NAMESPACE = 'Vitrine';

export type DimensionName = 'stage' | 'type' | 'reason' | 'outcome' | 'engine';
export type MetricUnit = 'Count' | 'Milliseconds';

export interface MetricSpec {
  name: string;
  unit: MetricUnit;
  /** Each set is one CloudWatch metric; every set starts with `stage`. */
  dimensionSets: readonly (readonly DimensionName[])[];
}

/**
 * Why a transformation failed, kept to a short fixed list (a dimension): see
 * workflow/failure-reason.ts for how a caught error maps to it.
 */
export const FAILURE_REASONS = [
  'invalid-image',
  'insufficient-credits',
  'engine-rejected',
  /** The result moved the room's walls or windows twice (decision 61). */
  'structure-changed',
  'engine-unavailable',
  /** Throttled by the provider until the retry budget ran out (decision 63). */
  'engine-throttled',
  /** A retired or unknown model, access denied, an invalid request, an exhausted quota: ours (decision 63). */
  'engine-misconfigured',
  'timeout',
  'not-started',
  /** Its execution died (or never started) without recording an end: the reconciler failed it. */
  'interrupted',
  'internal',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const METRICS = {
  /** Accepted by the API and handed to the workflow (image-processing). */
  transformationsStarted: {
    name: 'TransformationsStarted',
    unit: 'Count',
    dimensionSets: [['stage'], ['stage', 'type']],
  },
  /** The workflow's Complete step. */
  transformationsSucceeded: {
    name: 'TransformationsSucceeded',
    unit: 'Count',
    dimensionSets: [['stage'], ['stage', 'type']],
  },
  /** The workflow's MarkFailed step, a start the API could not make, or the reconciler. */
  transformationsFailed: {
    name: 'TransformationsFailed',
    unit: 'Count',
    dimensionSets: [['stage'], ['stage', 'type'], ['stage', 'reason']],
  },
  /** From the API request (record created) to success or failure. */
  transformationDuration: {
    name: 'TransformationDuration',
    unit: 'Milliseconds',
    dimensionSets: [
      ['stage', 'outcome'],
      ['stage', 'type', 'outcome'],
    ],
  },
  /** Time spent in the image engine alone (Transform step). */
  engineTime: {
    name: 'EngineTime',
    unit: 'Milliseconds',
    dimensionSets: [
      ['stage', 'type'],
      ['stage', 'engine'],
    ],
  },
  /** The daily model canary (decision 088): 1 per configured model that failed, 0 per one that answered. */
  modelCanaryFailures: {
    name: 'ModelCanaryFailures',
    unit: 'Count',
    dimensionSets: [['stage'], ['stage', 'engine']],
  },
  /** A credit taken by the workflow's reservation (not counted again on a retried step). */
  creditsReserved: { name: 'CreditsReserved', unit: 'Count', dimensionSets: [['stage']] },
  /** A reserved credit given back after a failure. */
  creditsRefunded: { name: 'CreditsRefunded', unit: 'Count', dimensionSets: [['stage']] },
  /** A request of the public API accepted with an API key; the key's id rides along (usage per key, decision 103). */
  apiKeyRequests: { name: 'ApiKeyRequests', unit: 'Count', dimensionSets: [['stage']] },
} as const satisfies Record<string, MetricSpec>;

export type MetricKey = keyof typeof METRICS;

/** The `stage` dimension: the deployment stage (CDK sets STAGE on every function; `local` locally). */
export function metricsStage(): string {
  return process.env[ENV.stage] ?? 'local';
}

/**
 * Writes one EMF document holding these metric values. `dimensions` gives the values of the
 * dimensions the metrics' sets name (`stage` is added); `properties` are extra searchable fields.
 */
export function emitMetrics(
  values: Partial<Record<MetricKey, number>>,
  dimensions: Partial<Record<Exclude<DimensionName, 'stage'>, string>> = {},
  properties: LogFields = {},
): void {
  const entries = (Object.entries(values) as [MetricKey, number | undefined][]).filter(
    (entry): entry is [MetricKey, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
  );
  if (entries.length === 0) return;
  const dimensionValues: Record<string, string> = { stage: metricsStage(), ...dimensions };
  const document: Record<string, unknown> = {
    ...properties,
    ...withoutUndefined(currentLogContext()),
    _aws: {
      Timestamp: Date.now(),
      // One directive per metric: metrics with different dimension sets share one document.
      CloudWatchMetrics: entries.map(([key]) => ({
        Namespace: METRICS_NAMESPACE,
        Dimensions: METRICS[key].dimensionSets.map((set) => [...set]),
        Metrics: [{ Name: METRICS[key].name, Unit: METRICS[key].unit }],
      })),
    },
  };
  // Every dimension a set names must be a root member, or CloudWatch drops the whole document.
  for (const [key] of entries) {
    for (const name of METRICS[key].dimensionSets.flat()) document[name] = dimensionValues[name] ?? 'unknown';
  }
  for (const [key, value] of entries) document[METRICS[key].name] = value;
  writeDocument(document);
}

/** The events the code reports, each in one place (see docs/architecture.md, Observability). */
export const transformationMetrics = {
  started(type: TransformationType, properties?: LogFields): void {
    emitMetrics({ transformationsStarted: 1 }, { type }, properties);
  },
  succeeded(type: TransformationType, durationMs: number | undefined, properties?: LogFields): void {
    emitMetrics(
      { transformationsSucceeded: 1, transformationDuration: durationMs },
      { type, outcome: 'succeeded' },
      properties,
    );
  },
  failed(
    type: TransformationType | undefined,
    reason: FailureReason,
    durationMs: number | undefined,
    properties?: LogFields,
  ): void {
    emitMetrics(
      { transformationsFailed: 1, transformationDuration: durationMs },
      { type: type ?? 'unknown', reason, outcome: 'failed' },
      properties,
    );
  },
  engineTime(type: TransformationType, engine: string, durationMs: number, properties?: LogFields): void {
    emitMetrics({ engineTime: durationMs }, { type, engine }, properties);
  },
};

export const creditMetrics = {
  reserved(properties?: LogFields): void {
    emitMetrics({ creditsReserved: 1 }, {}, properties);
  },
  refunded(properties?: LogFields): void {
    emitMetrics({ creditsRefunded: 1 }, {}, properties);
  },
};

/** Milliseconds since an ISO date (a record's createdAt); undefined when it cannot be read. */
export function millisecondsSince(isoDate: string | undefined, now = Date.now()): number | undefined {
  const start = isoDate ? Date.parse(isoDate) : NaN;
  return Number.isFinite(start) ? Math.max(0, now - start) : undefined;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
