/**
 * The one rule for free text typed by a person (decision 33), in a file of its own so that a
 * bundle validating one field does not carry every schema of schemas.ts.
 */
import * as z from 'zod/mini';
import { VALIDATION_TEXTS as v } from './texts/validation';

/** C0 and C1 controls (`Cc`), and the bidirectional embeddings, overrides and isolates that can
 * make a text display in another order than it reads (U+202A-U+202E, U+2066-U+2069). */
const FORBIDDEN_CHARACTERS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/** Same, but tabs and line breaks are allowed (multi-line fields). */
const FORBIDDEN_CHARACTERS_MULTILINE = /[^\P{Cc}\t\n\r]|[\u202a-\u202e\u2066-\u2069]/u;
/** Half of a UTF-16 pair without its other half: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Characters that draw nothing: spaces, format and default-ignorable characters (zero widths,
 * Hangul fillers), combining marks with no base, the blank braille pattern. */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}\u2800]+$/u;

export interface SafeTextOptions {
  /** The message when the field is empty; without it the field may be empty. */
  required?: string;
  /** Allows tabs and line breaks (descriptions). */
  multiline?: boolean;
}

/**
 * Every free-text field (project name, description, address, person names, agency name, file
 * name): trimmed and NFC-normalised, then refused when it holds control characters,
 * bidirectional overrides or lone surrogates, when it is made only of invisible characters, or
 * when it is longer than `max` characters (architecture decision 33).
 */
export function safeText(max: number, tooLong: string, options: SafeTextOptions = {}) {
  const forbidden = options.multiline ? FORBIDDEN_CHARACTERS_MULTILINE : FORBIDDEN_CHARACTERS;
  return z.string(options.required ? { error: options.required } : undefined).check(
    z.trim(),
    z.overwrite((value) => value.normalize('NFC')),
    z.refine((value) => !forbidden.test(value) && !LONE_SURROGATE.test(value), {
      error: v.textForbiddenCharacters,
      abort: true,
    }),
    z.refine((value) => !INVISIBLE_ONLY.test(value), { error: v.textInvisibleOnly, abort: true }),
    ...(options.required ? [z.minLength(1, options.required)] : []),
    z.maxLength(max, tooLong),
  );
}
