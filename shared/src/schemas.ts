/**
 * zod schemas for the spec's validation rules (section 5); their French messages are VALIDATION_TEXTS.
 * Written with `zod/mini`: its functions tree-shake, which keeps about 80 KB of zod's classic API
 * out of every Lambda bundle and out of the web chunks that validate forms.
 */
import * as z from 'zod/mini';
import { FIELD_LIMITS, PROJECT_TYPES, UPLOAD_LIMITS } from './constants';
import { VALIDATION_TEXTS as v } from './texts/validation';

/** A string trimmed before its checks run. */
const trimmed = (...checks: z.core.$ZodCheck<string>[]) => z.string().check(z.trim(), ...checks);

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

export const emailSchema = z.pipe(trimmed(), z.email({ error: v.invalidEmail }));

/** Optional '+' then 7 to 20 digits, spaces, parentheses, dots or hyphens. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{7,20}$/;
const phoneSchema = trimmed(z.regex(PHONE_PATTERN, v.invalidPhone));
const personName = safeText(FIELD_LIMITS.personName, v.nameTooLong);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, v.passwordRequired)),
});
export type LoginInput = z.infer<typeof loginSchema>;

const registerShape = {
  firstName: z._default(z.optional(personName), ''),
  lastName: z._default(z.optional(personName), ''),
  phoneNumber: z.pipe(trimmed(z.minLength(1, v.phoneRequired)), phoneSchema),
  email: emailSchema,
  password: z.string().check(z.minLength(FIELD_LIMITS.passwordMin, v.passwordMin)),
};
export const registerSchema = z.object(registerShape);
export type RegisterInput = z.infer<typeof registerSchema>;

/** Invitation sign-up: same rules, phone optional. */
export const invitationSignupSchema = z.object({
  ...registerShape,
  phoneNumber: z._default(z.optional(z.union([z.literal(''), phoneSchema])), ''),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string().check(z.minLength(1, v.resetTokenMissing)),
    password: z.string().check(z.minLength(FIELD_LIMITS.passwordMin, v.resetPasswordShort)),
    confirmation: z.string(),
  })
  .check(
    z.refine((value) => value.password === value.confirmation, {
      error: v.passwordsDontMatch,
      path: ['confirmation'],
    }),
  );

export const changePasswordSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmation: z.string(),
  })
  .check(
    z.refine((value) => Boolean(value.currentPassword && value.newPassword && value.confirmation), {
      error: v.passwordFieldsRequired,
    }),
    z.refine((value) => value.newPassword === value.confirmation, {
      error: v.passwordsDontMatch,
      path: ['confirmation'],
    }),
  );

/** PATCH /api/users/me. Empty strings clear a field. */
export const updateProfileSchema = z.strictObject({
  firstName: z.optional(personName),
  lastName: z.optional(personName),
  phoneNumber: z.optional(z.union([z.literal(''), phoneSchema])),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const agencyNameSchema = safeText(FIELD_LIMITS.agencyName, v.agencyNameTooLong, {
  required: v.agencyNameRequired,
});

/** Body of POST /organizations, also the onboarding's agency-name form (spec 4). */
export const organizationCreateSchema = z.strictObject({ name: agencyNameSchema });
export type OrganizationCreateInput = z.infer<typeof organizationCreateSchema>;

/** Forms send the size as a string: empty is unset, anything else must be a positive number, and
 * one a property can have (1e308 or 2^53 m² would also not survive DynamoDB's number type). */
const optionalSize = z.pipe(
  z.transform((value: unknown) =>
    value === '' || value === null || value === undefined
      ? undefined
      : typeof value === 'string'
        ? Number(value)
        : value,
  ),
  z.optional(
    z
      .number({ error: v.projectSizePositive })
      .check(
        z.positive(v.projectSizePositive),
        z.gte(FIELD_LIMITS.projectSizeMin, v.projectSizeRange),
        z.lte(FIELD_LIMITS.projectSizeMax, v.projectSizeRange),
      ),
  ),
);

export const projectCreateSchema = z.object({
  name: safeText(FIELD_LIMITS.projectName, v.projectNameTooLong, { required: v.projectNameRequired }),
  description: z.optional(safeText(FIELD_LIMITS.projectDescription, v.projectDescriptionTooLong, { multiline: true })),
  address: z.optional(safeText(FIELD_LIMITS.projectAddress, v.projectAddressTooLong)),
  size: z.optional(optionalSize),
  type: z.optional(z.enum(PROJECT_TYPES.map((t) => t.value) as [string, ...string[]], { error: v.projectTypeInvalid })),
});
export type ProjectCreateInput = z.infer<typeof projectCreateSchema>;

export const uploadRequestSchema = z.object({
  fileName: safeText(FIELD_LIMITS.fileName, v.fileNameInvalid, { required: v.fileNameInvalid }),
  contentType: z.enum(UPLOAD_LIMITS.contentTypes, {
    error: v.uploadFormat,
  }),
  size: z
    .int({ error: v.uploadSizeInvalid })
    .check(z.minimum(1, v.uploadEmpty), z.maximum(UPLOAD_LIMITS.maxBytes, v.uploadTooLarge)),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;
