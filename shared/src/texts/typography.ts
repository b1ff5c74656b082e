/**
 * French typography for the whole catalogue: a no-break space (U+00A0) before ; : ! ? and », and
 * after «, so a line never starts with the punctuation or a lone guillemet. Every catalogue object
 * goes through `withFrenchTypography`, so writers type ordinary spaces.
 */
const NBSP = '\u00A0';

export function frenchTypography(text: string): string {
  return text.replace(/[ \u202F]+([;:!?»])/g, `${NBSP}$1`).replace(/«[ \u202F]+/g, `«${NBSP}`);
}

function typeset(value: unknown): unknown {
  if (typeof value === 'string') return frenchTypography(value);
  if (typeof value === 'function') {
    const texts = value as (...args: unknown[]) => unknown;
    // Text builders: the finished sentence is typeset, interpolated values included.
    return (...args: unknown[]) => typeset(texts(...args));
  }
  if (Array.isArray(value)) return value.map(typeset);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, typeset(entry)]));
  }
  return value;
}

/** The same texts (same shape and types), typeset by `frenchTypography`. */
export function withFrenchTypography<T>(texts: T): T {
  return typeset(texts) as T;
}
