import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, hashApiKey, isApiKeyShape, newApiKey } from './api-key-secret';

describe('API key secrets', () => {
  it('makes recognisable 256-bit keys, stored as their SHA-256 and shown by their start only', () => {
    const first = newApiKey();
    const second = newApiKey();
    expect(first.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(Buffer.from(first.key.slice(API_KEY_PREFIX.length), 'base64url')).toHaveLength(32);
    expect(first.key).not.toBe(second.key);
    expect(first.keyHash).toBe(createHash('sha256').update(first.key).digest('hex'));
    expect(hashApiKey(first.key)).toBe(first.keyHash);
    expect(first.prefix).toBe(first.key.slice(0, 13));
    expect(first.keyHash).not.toContain(first.key.slice(API_KEY_PREFIX.length));
  });

  it('accepts only the shape it makes', () => {
    expect(isApiKeyShape(newApiKey().key)).toBe(true);
    expect(isApiKeyShape(`${API_KEY_PREFIX}short`)).toBe(false);
    expect(isApiKeyShape(newApiKey().key.replace(API_KEY_PREFIX, 'sk_live_'))).toBe(false);
    expect(isApiKeyShape(undefined)).toBe(false);
  });
});
