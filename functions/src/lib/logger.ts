/**
 * The functions' logger: one JSON object per line on stdout, with `timestamp`, `level`, `message`,
 * `service` (the endpoint group, `image-steps`, `record-steps`, `reconciler`, `health-check` or
 * `cognito-triggers`), `requestId` (the Lambda invocation), `correlationId` (the API request that
 * started it all) and the call's fields.
 *
 * Why not `console.*`: with Lambda's JSON log format the runtime wraps console output into its own
 * `{timestamp, level, requestId, message}` object, where our JSON would be one escaped string (no
 * field discovery in Logs Insights, no EMF extraction). A JSON line written to stdout is kept as is,
 * and Lambda reads its `level` and `timestamp` for log-level filtering. Why not Powertools: its
 * Logger and Metrics weigh tens of KB on every bundle (architecture decision 57).
 *
 * The invocation's context (service, requestId, correlationId) lives in an AsyncLocalStorage set by
 * the handler wrappers (`withLogContext`), so concurrent requests of the in-process local stack
 * never mix their ids. `LOG_LEVEL` (else Lambda's `AWS_LAMBDA_LOG_LEVEL`, else info) sets the
 * threshold. The output is always JSON, as in Lambda: `npm start` shortens the lines it prints on a
 * terminal (infra/local/pretty-logs.ts), so no formatting code weighs on the bundles.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ENV } from './env';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `silent` only as a threshold (tests): nothing is written. */
export type LogThreshold = LogLevel | 'silent';
export type LogFields = Record<string, unknown>;

export interface LogContext {
  /** The endpoint group, or `workflow`, `cognito-triggers`. */
  service?: string;
  /** The Lambda request id of this invocation (`context.awsRequestId`). */
  requestId?: string;
  /** The API request id that led here, carried through the workflow execution. */
  correlationId?: string;
  /** Other ids every line of the scope carries (e.g. `transformationId` in a workflow step). */
  [id: string]: string | undefined;
}

const RANK: Record<LogThreshold, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const contextStore = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with these ids added to every log line and metric written inside it (async included). */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return contextStore.run({ ...contextStore.getStore(), ...dropUndefined(context) }, fn);
}

export function currentLogContext(): LogContext {
  return contextStore.getStore() ?? {};
}

type Writer = (line: string) => void;
const stdoutWriter: Writer = (line) => {
  process.stdout.write(`${line}\n`);
};
let writer: Writer = stdoutWriter;
let thresholdOverride: LogThreshold | undefined;

function threshold(): LogThreshold {
  if (thresholdOverride) return thresholdOverride;
  // Lambda's own levels add TRACE and FATAL: unknown here, they fall back to info.
  const configured = (process.env[ENV.logLevel] ?? process.env.AWS_LAMBDA_LOG_LEVEL ?? 'info').toLowerCase();
  return configured in RANK ? (configured as LogThreshold) : 'info';
}

export function isLevelEnabled(level: LogLevel): boolean {
  return RANK[level] >= RANK[threshold()];
}

/**
 * Writes one already-built JSON document (an EMF metric document, see metrics.ts) through the same
 * output as log lines, at INFO: Lambda files a line without `level` as INFO too.
 */
export function writeDocument(document: Record<string, unknown>): void {
  if (isLevelEnabled('info')) writer(safeStringify(document));
}

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  /** `fields.error` (any thrown value) is written as `{name, message, stack}`. */
  error(message: string, fields?: LogFields): void;
}

function write(level: LogLevel, message: string, fields: LogFields | undefined): void {
  if (!isLevelEnabled(level)) return;
  const entry: Record<string, unknown> = {
    timestamp: new Date().toISOString(),
    level: level.toUpperCase(),
    message,
    ...dropUndefined(currentLogContext()),
  };
  for (const [key, value] of Object.entries(fields ?? {})) {
    // The reserved keys stay what the logger says they are.
    if (value === undefined || key in entry) continue;
    entry[key] = value instanceof Error ? serializeError(value) : value;
  }
  writer(safeStringify(entry));
}

export const logger: Logger = {
  debug: (message, fields) => write('debug', message, fields),
  info: (message, fields) => write('info', message, fields),
  warn: (message, fields) => write('warn', message, fields),
  error: (message, fields) => write('error', message, fields),
};

export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'object' ? error : String(error);
  const serialized: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
  if (error.cause !== undefined) serialized.cause = serializeError(error.cause);
  return serialized;
}

/** JSON.stringify that never throws (cycles, BigInt): a log call must not fail the request. */
export function safeStringify(entry: Record<string, unknown>): string {
  try {
    return JSON.stringify(entry);
  } catch {
    return JSON.stringify({
      timestamp: entry.timestamp,
      level: entry.level,
      message: entry.message,
      logError: 'fields could not be serialized',
    });
  }
}

/** For tests: captures every line (as parsed JSON) at every level until `restore()`. */
export function captureLogs(): { lines: Record<string, unknown>[]; restore: () => void } {
  const lines: Record<string, unknown>[] = [];
  const previous = { writer, thresholdOverride };
  writer = (line) => lines.push(JSON.parse(line) as Record<string, unknown>);
  thresholdOverride = 'debug';
  return {
    lines,
    restore: () => {
      writer = previous.writer;
      thresholdOverride = previous.thresholdOverride;
    },
  };
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
