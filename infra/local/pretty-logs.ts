/**
 * `npm start` on a terminal: the handlers' JSON log lines and EMF metric documents (written on
 * stdout exactly as in Lambda, see functions/src/lib/logger.ts) printed as one short line each,
 * with the same fields. Anything else passes through unchanged.
 */

/** `12:03:04.567  INFO   uploads  Presigned upload created  uploadId=u-1  corr=…` */
export function prettyLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return line;
  if ('_aws' in entry) return prettyMetrics(entry);
  if (typeof entry.level !== 'string' || typeof entry.message !== 'string') return line;
  const { timestamp, level, message, service, requestId: _requestId, correlationId, ...fields } = entry;
  const parts = [clock(timestamp), level.padEnd(5), String(service ?? '-'), message];
  for (const [key, value] of Object.entries(fields)) parts.push(`${key}=${text(value)}`);
  if (correlationId) parts.push(`corr=${String(correlationId)}`);
  return parts.join('  ');
}

/** `12:03:04.567  METRIC  record-steps  TransformationsSucceeded=1  stage=local type=enhance  corr=…` */
function prettyMetrics(document: Record<string, unknown>): string {
  const aws = document._aws as {
    Timestamp?: number;
    CloudWatchMetrics?: { Dimensions?: string[][]; Metrics?: { Name: string }[] }[];
  };
  const directives = aws.CloudWatchMetrics ?? [];
  const names = directives.flatMap((d) => (d.Metrics ?? []).map((m) => m.Name));
  const dimensions = [...new Set(directives.flatMap((d) => (d.Dimensions ?? []).flat()))];
  const values = names.map((name) => `${name}=${text(document[name])}`).join(' ');
  const dims = dimensions.map((name) => `${name}=${text(document[name])}`).join(' ');
  const corr = document.correlationId ? `  corr=${String(document.correlationId)}` : '';
  return `${clock(aws.Timestamp)}  METRIC  ${String(document.service ?? '-')}  ${values}  ${dims}${corr}`;
}

function clock(time: unknown): string {
  const date = typeof time === 'number' || typeof time === 'string' ? new Date(time) : new Date();
  return (Number.isNaN(date.getTime()) ? new Date() : date).toISOString().slice(11, 23);
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Rewrites whole lines written to stdout; a partial line waits for its end. */
export function prettyPrintStdout(stream: NodeJS.WriteStream = process.stdout): void {
  const write = stream.write.bind(stream) as (chunk: string) => boolean;
  let pending = '';
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const content = pending + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const lines = content.split('\n');
    pending = lines.pop() ?? '';
    const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
    const ok = lines.length === 0 ? true : write(lines.map((line) => `${prettyLogLine(line)}\n`).join(''));
    callback?.();
    return ok;
  }) as typeof stream.write;
}
