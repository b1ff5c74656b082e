import { PROJECTS_TEXTS, VALIDATION_TEXTS } from './texts';
import {
  loginSchema,
  organizationCreateSchema,
  projectCreateSchema,
  projectUpdateSchema,
  registerSchema,
  updateProfileSchema,
} from './schemas';
import { safeText } from './safe-text';
import { uploadRequestSchema } from './upload-schema';
import { formatDate, formatDateTime, formatPrice } from './format';
import { PLANS } from './plans';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('validation schemas', () => {
  it('rejects an invalid login email with the spec message', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toBe(VALIDATION_TEXTS.invalidEmail);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.fr', password: '' }))).toBe(
      VALIDATION_TEXTS.passwordRequired,
    );
  });

  it('applies the register rules', () => {
    const valid = { email: 'a@b.fr', password: '12345678', phoneNumber: '+33 6 12 34 56 78', firstName: 'A' };
    expect(registerSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage(registerSchema.safeParse({ ...valid, password: 'short' }))).toBe(VALIDATION_TEXTS.passwordMin);
    expect(firstMessage(registerSchema.safeParse({ ...valid, phoneNumber: 'abc' }))).toBe(
      VALIDATION_TEXTS.invalidPhone,
    );
    expect(firstMessage(registerSchema.safeParse({ ...valid, firstName: 'x'.repeat(51) }))).toBe(
      VALIDATION_TEXTS.nameTooLong,
    );
  });

  it('treats an empty project size as unset and refuses a negative one', () => {
    expect(projectCreateSchema.parse({ name: 'Villa', size: '' }).size).toBeUndefined();
    expect(projectCreateSchema.parse({ name: 'Villa', size: '42.5' }).size).toBe(42.5);
    expect(firstMessage(projectCreateSchema.safeParse({ name: 'Villa', size: '-3' }))).toBe(
      VALIDATION_TEXTS.projectSizePositive,
    );
    expect(firstMessage(projectCreateSchema.safeParse({ name: '  ' }))).toBe(VALIDATION_TEXTS.projectNameRequired);
  });

  it('reads a French decimal comma and says in French when the size is not a number (issue 22)', () => {
    expect(projectCreateSchema.parse({ name: 'Villa', size: '112,5' }).size).toBe(112.5);
    expect(projectCreateSchema.parse({ name: 'Villa', size: '1 200,75' }).size).toBe(1200.75);
    expect(projectUpdateSchema.parse({ size: '112,5' }).size).toBe(112.5);
    for (const size of ['abc', '112 m2', '11,2,5', ',']) {
      expect(firstMessage(projectCreateSchema.safeParse({ name: 'Villa', size }))).toBe(PROJECTS_TEXTS.sizeNotNumber);
      expect(firstMessage(projectUpdateSchema.safeParse({ size }))).toBe(PROJECTS_TEXTS.sizeNotNumber);
    }
  });

  it('bounds the project size to what a property can measure, as a number or a form string', () => {
    for (const size of [1e308, 2 ** 53, '1e20', 1e-131, 0.5, 1_000_001]) {
      expect(firstMessage(projectCreateSchema.safeParse({ name: 'Villa', size }))).toBe(
        VALIDATION_TEXTS.projectSizeRange,
      );
    }
    for (const size of [Number.NaN, Infinity, -1, 0]) {
      expect(firstMessage(projectCreateSchema.safeParse({ name: 'Villa', size }))).toBe(
        VALIDATION_TEXTS.projectSizePositive,
      );
    }
    expect(projectCreateSchema.parse({ name: 'Villa', size: ' 1000000 ' }).size).toBe(1_000_000);
  });

  it('updates a project partially with the create rules; empty inputs clear optional fields', () => {
    expect(projectUpdateSchema.parse({})).toEqual({});
    expect(projectUpdateSchema.parse({ name: ' Villa Cle\u0301mence ' })).toEqual({ name: 'Villa Cl\u00e9mence' });
    expect(projectUpdateSchema.parse({ description: '', address: '', size: '', type: '' })).toEqual({
      description: '',
      address: '',
      size: null,
      type: null,
    });
    expect(projectUpdateSchema.parse({ size: null, type: null })).toEqual({ size: null, type: null });
    expect(projectUpdateSchema.parse({ size: '42.5', type: 'house' })).toEqual({ size: 42.5, type: 'house' });
    expect(firstMessage(projectUpdateSchema.safeParse({ name: '  ' }))).toBe(VALIDATION_TEXTS.projectNameRequired);
    expect(firstMessage(projectUpdateSchema.safeParse({ name: 'x'.repeat(101) }))).toBe(
      VALIDATION_TEXTS.projectNameTooLong,
    );
    expect(firstMessage(projectUpdateSchema.safeParse({ size: '-3' }))).toBe(VALIDATION_TEXTS.projectSizePositive);
    expect(firstMessage(projectUpdateSchema.safeParse({ size: 2 ** 53 }))).toBe(VALIDATION_TEXTS.projectSizeRange);
    expect(firstMessage(projectUpdateSchema.safeParse({ type: 'castle' }))).toBe(VALIDATION_TEXTS.projectTypeInvalid);
    expect(firstMessage(projectUpdateSchema.safeParse({ address: 'a\u202eb' }))).toBe(
      VALIDATION_TEXTS.textForbiddenCharacters,
    );
  });

  it('normalises free text (trim, NFC) and refuses controls, bidi overrides, lone surrogates and invisible-only text', () => {
    // 'e' + combining acute becomes the one precomposed character.
    expect(projectCreateSchema.parse({ name: '  Villa Cle\u0301mence ', address: ' 1 rue ' })).toMatchObject({
      name: 'Villa Cl\u00e9mence',
      address: '1 rue',
    });
    const refused = [
      ['Villa\u0000', VALIDATION_TEXTS.textForbiddenCharacters],
      ['Villa\u0007', VALIDATION_TEXTS.textForbiddenCharacters],
      ['Villa\u0085', VALIDATION_TEXTS.textForbiddenCharacters],
      ['Villa \u202egnp.exe', VALIDATION_TEXTS.textForbiddenCharacters],
      ['Villa \u2066x\u2069', VALIDATION_TEXTS.textForbiddenCharacters],
      ['Villa \ud800', VALIDATION_TEXTS.textForbiddenCharacters],
      ['\udfff', VALIDATION_TEXTS.textForbiddenCharacters],
      ['Villa\nSud', VALIDATION_TEXTS.textForbiddenCharacters],
      ['\u200b\u200d', VALIDATION_TEXTS.textInvisibleOnly],
      ['\u3164', VALIDATION_TEXTS.textInvisibleOnly],
      ['\u2800 \u00ad', VALIDATION_TEXTS.textInvisibleOnly],
      ['\u0301', VALIDATION_TEXTS.textInvisibleOnly],
    ] as const;
    for (const [name, message] of refused) {
      expect(firstMessage(projectCreateSchema.safeParse({ name }))).toBe(message);
      expect(firstMessage(projectCreateSchema.safeParse({ name: 'Villa', address: name }))).toBe(message);
      expect(firstMessage(updateProfileSchema.safeParse({ firstName: name }))).toBe(message);
      expect(firstMessage(organizationCreateSchema.safeParse({ name }))).toBe(message);
      expect(firstMessage(uploadRequestSchema.safeParse({ fileName: name, contentType: 'image/png', size: 1 }))).toBe(
        message,
      );
    }
    // A description may span lines; an emoji (a valid surrogate pair) is text like any other.
    expect(projectCreateSchema.parse({ name: 'Villa 🏡', description: 'Vue mer\n\tcalme' })).toMatchObject({
      name: 'Villa 🏡',
      description: 'Vue mer\n\tcalme',
    });
    expect(firstMessage(projectCreateSchema.safeParse({ name: 'Villa', description: 'a\u0000' }))).toBe(
      VALIDATION_TEXTS.textForbiddenCharacters,
    );
    // Length is counted after normalisation, and an empty optional field stays allowed.
    expect(safeText(3, 'long').safeParse('Cle\u0301').success).toBe(true);
    expect(safeText(3, 'long').safeParse('').success).toBe(true);
  });

  it('refuses uploads outside the advertised limits', () => {
    expect(uploadRequestSchema.safeParse({ fileName: 'a.jpg', contentType: 'image/jpeg', size: 1000 }).success).toBe(
      true,
    );
    expect(uploadRequestSchema.safeParse({ fileName: 'a.gif', contentType: 'image/gif', size: 1000 }).success).toBe(
      false,
    );
    expect(
      uploadRequestSchema.safeParse({ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })
        .success,
    ).toBe(false);
  });
});

describe('fr-FR dates', () => {
  it('gives the time after the date when asked for it', () => {
    const at = new Date(2026, 2, 6, 9, 5);
    expect(formatDate(at)).toBe('6 mars 2026');
    expect(formatDateTime(at)).toMatch(/^6 mars 2026( à |, | )09:05$/);
  });
});

describe('plans and prices', () => {
  it('formats plan prices in fr-FR', () => {
    expect(PLANS.map((plan) => formatPrice(plan.amount))).toEqual(['29,00\u00a0€', '89,00\u00a0€']);
  });
});
