import { idempotentId } from './idempotent-id';

describe('ids of idempotent writes', () => {
  it('gives one id per organization, write and key, shaped like a UUID', () => {
    const id = idempotentId('org-1', 'upload', 'key-12345678');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotentId('org-1', 'upload', 'key-12345678')).toBe(id);
    expect(idempotentId('org-2', 'upload', 'key-12345678')).not.toBe(id);
    expect(idempotentId('org-1', 'upload', 'key-87654321')).not.toBe(id);
  });
});
