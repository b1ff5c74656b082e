import { shareTokenOf } from '../share-root';

describe('shareTokenOf', () => {
  it('reads the token of /partage/{token}, decoded', () => {
    expect(shareTokenOf('/partage/abc%2Ddef_123')).toBe('abc-def_123');
  });
  it('gives an empty token when the path has none', () => {
    expect(shareTokenOf('/partage/')).toBe('');
  });
});
