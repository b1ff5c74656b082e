import { renderHook } from '@testing-library/react';
import { useObjectUrls } from '../hooks/use-object-urls';

const revoked: string[] = [];
let count = 0;

beforeEach(() => {
  revoked.length = 0;
  URL.createObjectURL = jest.fn(() => `blob:url-${++count}`);
  URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
});

describe('useObjectUrls', () => {
  it('revokes a URL once it leaves the state, and the rest on unmount', () => {
    const { result, rerender, unmount } = renderHook(({ referenced }) => useObjectUrls(referenced), {
      initialProps: { referenced: new Set<string>() },
    });
    const first = result.current(new Blob(['a']));
    const second = result.current(new Blob(['b']));
    rerender({ referenced: new Set([first, second]) });
    expect(revoked).toEqual([]);
    rerender({ referenced: new Set([second]) });
    expect(revoked).toEqual([first]);
    unmount();
    expect(revoked).toEqual([first, second]);
  });

  it('keeps a URL created before its dispatch when an older state is checked first', () => {
    const { result, rerender, unmount } = renderHook(({ referenced }) => useObjectUrls(referenced), {
      initialProps: { referenced: new Set<string>(['blob:external']) },
    });
    const fresh = result.current(new Blob(['a']));
    // The effect of a render that predates the dispatch: the new URL is not in it yet.
    rerender({ referenced: new Set<string>() });
    expect(revoked).toEqual([]);
    rerender({ referenced: new Set([fresh]) });
    expect(revoked).toEqual([]);
    unmount();
    expect(revoked).toEqual([fresh]);
  });
});
