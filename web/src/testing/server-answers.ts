/**
 * The API's error answers for the web tests' fakes, built from what the server builds them from
 * (decision 078): a text of the shared catalogue with its code, the status the contract gives that
 * code, or the message a shared schema gives a refused body. A fake cannot say what the server never
 * says: a text that is not in the catalogue throws, so the two cannot drift apart again.
 */
import * as shared from '@vitrine/shared';
import { ERROR_STATUS, validationMessage, type HttpErrorCode } from '@vitrine/shared';
import type * as z from 'zod/mini';
import { ApiError } from '../lib/api-error';

type TextBuilder = (...args: never[]) => string;

/** Every text (and text builder) of the catalogue: the exports named *_TEXTS or *_MESSAGES. */
function catalogue(): { texts: Set<string>; builders: Set<unknown> } {
  const texts = new Set<string>();
  const builders = new Set<unknown>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.add(value);
    else if (typeof value === 'function') builders.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  Object.entries(shared)
    .filter(([name]) => /_(TEXTS|MESSAGES)$/.test(name))
    .forEach(([, value]) => walk(value));
  return { texts, builders };
}

const CATALOGUE = catalogue();

/**
 * The error the API client raises for the server's answer `{ code, message }`: `text` is a text of
 * the catalogue, or one of its builders with the arguments the server gives it.
 */
export function serverError<B extends TextBuilder>(
  code: HttpErrorCode,
  text: string | B,
  ...args: Parameters<B>
): ApiError {
  const known = typeof text === 'string' ? CATALOGUE.texts.has(text) : CATALOGUE.builders.has(text);
  if (!known) throw new Error(`${JSON.stringify(String(text))} is not a text of the shared catalogue`);
  const message = typeof text === 'string' ? text : text(...args);
  return new ApiError(ERROR_STATUS[code], message, code);
}

/** The API's 400 VALIDATION answer to `body`, worded by the shared schema the server validates it with. */
export function validationError(schema: z.ZodMiniType, body: unknown): ApiError {
  const message = validationMessage(schema, body);
  if (message === undefined) throw new Error('the shared schema accepts this body: the server would not refuse it');
  return new ApiError(ERROR_STATUS.VALIDATION, message, 'VALIDATION');
}
