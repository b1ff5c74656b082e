import { MESSAGES } from './messages';
import { loginSchema, projectCreateSchema, registerSchema, uploadRequestSchema } from './schemas';
import { formatPrice } from './format';
import { PLANS } from './plans';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('validation schemas', () => {
  it('rejects an invalid login email with the spec message', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toBe(
      MESSAGES.validation.invalidEmail,
    );
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.fr', password: '' }))).toBe(
      MESSAGES.validation.passwordRequired,
    );
  });

  it('applies the register rules', () => {
    const valid = { email: 'a@b.fr', password: '12345678', phoneNumber: '+33 6 12 34 56 78', firstName: 'A' };
    expect(registerSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage(registerSchema.safeParse({ ...valid, password: 'short' }))).toBe(
      MESSAGES.validation.passwordMin,
    );
    expect(firstMessage(registerSchema.safeParse({ ...valid, phoneNumber: 'abc' }))).toBe(
      MESSAGES.validation.invalidPhone,
    );
    expect(firstMessage(registerSchema.safeParse({ ...valid, firstName: 'x'.repeat(51) }))).toBe(
      MESSAGES.validation.nameTooLong,
    );
  });

  it('treats an empty project size as unset and refuses a negative one', () => {
    expect(projectCreateSchema.parse({ name: 'Villa', size: '' }).size).toBeUndefined();
    expect(projectCreateSchema.parse({ name: 'Villa', size: '42.5' }).size).toBe(42.5);
    expect(firstMessage(projectCreateSchema.safeParse({ name: 'Villa', size: '-3' }))).toBe(
      MESSAGES.validation.projectSizePositive,
    );
    expect(firstMessage(projectCreateSchema.safeParse({ name: '  ' }))).toBe(MESSAGES.validation.projectNameRequired);
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

describe('plans and prices', () => {
  it('formats plan prices in fr-FR', () => {
    expect(PLANS.map((plan) => formatPrice(plan.amount))).toEqual(['29,00\u00a0€', '89,00\u00a0€']);
  });
});
