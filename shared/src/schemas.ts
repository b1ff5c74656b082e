/** zod schemas for the spec's validation rules (section 5), with its French messages. */
import * as z from 'zod';
import { FIELD_LIMITS, PROJECT_TYPES, ROOM_TYPES, SKY_TYPES, STYLES, UPLOAD_LIMITS } from './constants';
import { MESSAGES } from './messages';

const v = MESSAGES.validation;

export const emailSchema = z.string().trim().pipe(z.email({ message: v.invalidEmail }));

/** Optional '+' then 7 to 20 digits, spaces, parentheses, dots or hyphens. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{7,20}$/;
const phoneSchema = z.string().trim().regex(PHONE_PATTERN, v.invalidPhone);
const personName = z.string().trim().max(FIELD_LIMITS.personName, v.nameTooLong);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, v.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  firstName: personName.optional().default(''),
  lastName: personName.optional().default(''),
  phoneNumber: z.string().trim().min(1, v.phoneRequired).pipe(phoneSchema),
  email: emailSchema,
  password: z.string().min(FIELD_LIMITS.passwordMin, v.passwordMin),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Invitation sign-up: same rules, phone optional. */
export const invitationSignupSchema = registerSchema.extend({
  phoneNumber: z.union([z.literal(''), phoneSchema]).optional().default(''),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, v.resetTokenMissing),
    password: z.string().min(FIELD_LIMITS.passwordMin, v.resetPasswordShort),
    confirmation: z.string(),
  })
  .refine((value) => value.password === value.confirmation, {
    message: v.passwordsDontMatch,
    path: ['confirmation'],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmation: z.string(),
  })
  .refine((value) => value.currentPassword && value.newPassword && value.confirmation, {
    message: v.passwordFieldsRequired,
  })
  .refine((value) => value.newPassword === value.confirmation, {
    message: v.passwordsDontMatch,
    path: ['confirmation'],
  });

/** PATCH /api/users/me. Empty strings clear a field. */
export const updateProfileSchema = z
  .object({
    firstName: personName,
    lastName: personName,
    phoneNumber: z.union([z.literal(''), phoneSchema]),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const agencyNameSchema = z.string().trim().min(1, MESSAGES.validation.agencyNameRequired);

export const projectCreateSchema = z.object({
  name: z.string().trim().min(1, v.projectNameRequired).max(FIELD_LIMITS.projectName, v.projectNameTooLong),
  description: z.string().trim().max(FIELD_LIMITS.projectDescription, v.projectDescriptionTooLong).optional(),
  address: z.string().trim().max(FIELD_LIMITS.projectAddress, v.projectAddressTooLong).optional(),
  /** Empty input is unset; otherwise a positive number (forms send strings). */
  size: z
    .preprocess(
      (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
      z.number({ message: v.projectSizePositive }).positive(v.projectSizePositive).optional(),
    )
    .optional(),
  type: z
    .enum(PROJECT_TYPES.map((t) => t.value) as [string, ...string[]], { message: v.projectTypeInvalid })
    .optional(),
});
export type ProjectCreateInput = z.infer<typeof projectCreateSchema>;

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

export const styleSchema = z.enum(values(STYLES), { message: 'Style inconnu.' });
export const roomTypeSchema = z.enum(values(ROOM_TYPES), { message: 'Type de pièce inconnu.' });
export const skyTypeSchema = z.enum(values(SKY_TYPES), { message: 'Type de ciel inconnu.' });

export const uploadRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.enum(UPLOAD_LIMITS.contentTypes, {
    message: 'Format non pris en charge. Formats acceptés : JPG, PNG, WEBP.',
  }),
  size: z
    .number()
    .int()
    .min(1, 'Le fichier est vide.')
    .max(UPLOAD_LIMITS.maxBytes, 'Le fichier dépasse la taille maximale de 10 Mo.'),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;
