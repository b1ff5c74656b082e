import { act, renderHook } from '@testing-library/react';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    jest.runOnlyPendingTimers();
  });
}

describe('useHideOnScroll', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest
      .spyOn(window, 'requestAnimationFrame')
      .mockImplementation((callback) => window.setTimeout(() => callback(0), 0));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('hides past the threshold when scrolling down and shows again on scroll up', () => {
    const { result } = renderHook(() => useHideOnScroll(100));
    scrollTo(80);
    expect(result.current).toBe(false);
    scrollTo(150);
    expect(result.current).toBe(true);
    scrollTo(400);
    expect(result.current).toBe(true);
    scrollTo(390);
    expect(result.current).toBe(false);
    scrollTo(500);
    expect(result.current).toBe(true);
    scrollTo(50);
    expect(result.current).toBe(false);
  });
});
