/**
 * zod schemas for the spec's validation rules (section 5); their French messages are VALIDATION_TEXTS.
 * Written with `zod/mini`: its functions tree-shake, which keeps about 80 KB of zod's classic API
 * out of every Lambda bundle and out of the web chunks that validate forms.
 */
import * as z from 'zod/mini';
import { FIELD_LIMITS, PROJECT_TYPES } from './constants';
import { safeText } from './safe-text';
import { ASSIGNABLE_ROLES } from './team-schemas';
import { PROJECTS_TEXTS } from './texts/projects';
import { TEAM_API_TEXTS } from './texts/team-api';
import { VALIDATION_TEXTS as v } from './texts/validation';

/** A string trimmed before its checks run. */
const trimmed = (...checks: z.core.$ZodCheck<string>[]) => z.string().check(z.trim(), ...checks);

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

const passwordFieldsFilled = (value: { currentPassword: string; newPassword: string; confirmation: string }) =>
  Boolean(value.currentPassword && value.newPassword && value.confirmation);

/**
 * Settings > Sécurité (spec 5): all three fields, then the new password's length (Cognito's own
 * rule, checked first so that its refusal cannot be confused with a wrong current password), then
 * the confirmation. One message at a time: the later rules wait for the fields to be filled.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmation: z.string(),
  })
  .check(
    z.refine(passwordFieldsFilled, { error: v.passwordFieldsRequired }),
    z.refine((value) => !passwordFieldsFilled(value) || value.newPassword.length >= FIELD_LIMITS.passwordMin, {
      error: v.passwordMin,
      path: ['newPassword'],
    }),
    z.refine((value) => !passwordFieldsFilled(value) || value.newPassword === value.confirmation, {
      error: v.passwordsDontMatch,
      path: ['confirmation'],
    }),
  );
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** PATCH /api/users/me. Empty strings clear a field. */
export const updateProfileSchema = z.strictObject({
  firstName: z.optional(personName),
  lastName: z.optional(personName),
  phoneNumber: z.optional(z.union([z.literal(''), phoneSchema])),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The edit dialog's form (spec 5, 6): one role, Administrateur or Membre; sent as `roles: [role]`. */
export const memberRoleFormSchema = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { error: TEAM_API_TEXTS.rolesRequired }),
});

export const agencyNameSchema = safeText(FIELD_LIMITS.agencyName, v.agencyNameTooLong, {
  required: v.agencyNameRequired,
});

/** Body of POST /organizations, also the onboarding's agency-name form (spec 4). */
export const organizationCreateSchema = z.strictObject({ name: agencyNameSchema });
export type OrganizationCreateInput = z.infer<typeof organizationCreateSchema>;

const projectSizeNumber = z
  .number({ error: v.projectSizePositive })
  .check(
    z.positive(v.projectSizePositive),
    z.gte(FIELD_LIMITS.projectSizeMin, v.projectSizeRange),
    z.lte(FIELD_LIMITS.projectSizeMax, v.projectSizeRange),
  );

/**
 * A number typed in a French form: a decimal comma ('112,5') or point, spaces between thousands
 * ('1 200'); NaN when the text is not a number ('112 m2', 'abc').
 */
export function parseFrenchDecimal(text: string): number {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i.test(compact)) return Number.NaN;
  return Number(compact.replace(',', '.'));
}

/** A form's size text as a number, or the French message saying it is not one (issue 22: '112,5' is 112.5 m²). */
const sizeText = (value: unknown, ctx: { issues: unknown[] }): unknown => {
  if (typeof value !== 'string') return value;
  const size = parseFrenchDecimal(value);
  if (!Number.isNaN(size)) return size;
  ctx.issues.push({ code: 'custom', message: PROJECTS_TEXTS.sizeNotNumber, input: value });
  return z.NEVER;
};

/** Forms send the size as a string: empty is unset, anything else must be a positive number, and
 * one a property can have (1e308 or 2^53 m² would also not survive DynamoDB's number type). */
const optionalSize = z.pipe(
  z.transform((value: unknown, ctx) =>
    value === '' || value === null || value === undefined ? undefined : sizeText(value, ctx),
  ),
  z.optional(projectSizeNumber),
);

const projectName = safeText(FIELD_LIMITS.projectName, v.projectNameTooLong, { required: v.projectNameRequired });
const projectDescription = safeText(FIELD_LIMITS.projectDescription, v.projectDescriptionTooLong, { multiline: true });
const projectAddress = safeText(FIELD_LIMITS.projectAddress, v.projectAddressTooLong);
const projectType = z.enum(PROJECT_TYPES.map((t) => t.value) as [string, ...string[]], { error: v.projectTypeInvalid });

export const projectCreateSchema = z.object({
  name: projectName,
  description: z.optional(projectDescription),
  address: z.optional(projectAddress),
  size: z.optional(optionalSize),
  type: z.optional(projectType),
});
export type ProjectCreateInput = z.infer<typeof projectCreateSchema>;

/** An update's '' or null: the field is cleared (a form's emptied input). */
const clearedToNull = (value: unknown) => (value === '' || value === null ? null : value);

/**
 * PATCH /api/projects/{id}: the create rules, every field optional. An absent field stays as it
 * is; `name`, when present, is still required to be non-empty; `description` and `address` are
 * cleared by ''; `size` and `type` by '' or null.
 */
export const projectUpdateSchema = z.object({
  name: z.optional(projectName),
  description: z.optional(projectDescription),
  address: z.optional(projectAddress),
  size: z.optional(
    z.pipe(
      z.transform((value: unknown, ctx) => sizeText(clearedToNull(value), ctx)),
      z.nullable(projectSizeNumber),
    ),
  ),
  type: z.optional(z.pipe(z.transform(clearedToNull), z.nullable(projectType))),
});
export type ProjectUpdateInput = z.infer<typeof projectUpdateSchema>;
