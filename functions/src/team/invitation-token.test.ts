import {
  acceptInvitationUrl,
  hashInvitationToken,
  isInvitationTokenShape,
  newInvitationToken,
} from './invitation-token';

describe('invitation tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256 only', () => {
    const { token, tokenHash } = newInvitationToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(isInvitationTokenShape(token)).toBe(true);
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).toBe(hashInvitationToken(token));
    expect(tokenHash).not.toContain(token);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newInvitationToken().token));
    expect(tokens.size).toBe(1000);
  });

  it('hash as the SHA-256 of the text sent', () => {
    // echo -n 'abc' | sha256sum
    expect(hashInvitationToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuse shapes no token has', () => {
    for (const value of ['', 'short', 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`, 42, undefined]) {
      expect(isInvitationTokenShape(value)).toBe(false);
    }
  });

  it('go into the accept page link', () => {
    expect(acceptInvitationUrl('https://app.example.com', 'abc-_1')).toBe(
      'https://app.example.com/accept-invitation?token=abc-_1',
    );
  });
});
