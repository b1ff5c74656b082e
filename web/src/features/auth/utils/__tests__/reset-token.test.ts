import { decodeResetToken, encodeResetToken } from '../reset-token';

describe('reset token', () => {
  it('decodes base64url of email:code', () => {
    const token = Buffer.from('jeanne.dupont+test@exemple.fr:123456').toString('base64url');
    expect(decodeResetToken(token)).toEqual({ email: 'jeanne.dupont+test@exemple.fr', code: '123456' });
  });

  it('round-trips non-ASCII addresses', () => {
    const value = { email: 'élodie@exemple.fr', code: '987654' };
    expect(decodeResetToken(encodeResetToken(value))).toEqual(value);
    expect(encodeResetToken(value)).toBe(Buffer.from('élodie@exemple.fr:987654').toString('base64url'));
  });

  it.each([null, '', '%%%', Buffer.from('no-separator').toString('base64url'), Buffer.from('user:123').toString('base64url')])(
    'rejects the malformed token %p',
    (token) => {
      expect(decodeResetToken(token)).toBeNull();
    },
  );
});
