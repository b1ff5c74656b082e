import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BeforeAfterSlider } from '../before-after-slider';

const before = {
  src: '/b.jpg',
  srcSet: '/b-640.jpg 640w, /b-1280.jpg 1280w',
  sources: [{ type: 'image/avif', srcSet: '/b-640.avif 640w' }],
  sizes: '(min-width: 1024px) 50vw, 100vw',
  alt: 'Salon vide',
  width: 1280,
  height: 853,
};
const after = {
  src: '/a.jpg',
  alt: 'Salon meublé',
  width: 1280,
  height: 853,
  loading: 'eager' as const,
  fetchPriority: 'high' as const,
};

function renderSlider() {
  render(<BeforeAfterSlider before={before} after={after} label="Comparer le salon" />);
  return screen.getByRole('slider', { name: 'Comparer le salon' });
}

// jsdom has no PointerEvent: a MouseEvent carrying a pointerId stands in for it.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

beforeAll(() => {
  Object.assign(window, { PointerEvent: TestPointerEvent });
});

describe('BeforeAfterSlider', () => {
  it('starts at 50 % and shows the French labels', () => {
    const slider = renderSlider();
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    expect(slider).toHaveAttribute('aria-valuetext', '50 % Avant, 50 % Après');
    expect(screen.getByText('Avant')).toBeInTheDocument();
    expect(screen.getByText('Après')).toBeInTheDocument();
  });

  it('passes responsive image attributes through', () => {
    renderSlider();
    const beforeImg = screen.getByAltText('Salon vide');
    expect(beforeImg).toHaveAttribute('srcset', before.srcSet);
    expect(beforeImg).toHaveAttribute('sizes', before.sizes);
    expect(beforeImg).toHaveAttribute('width', '1280');
    expect(beforeImg).toHaveAttribute('loading', 'lazy');
    expect(beforeImg.parentElement?.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      '/b-640.avif 640w',
    );
    const afterImg = screen.getByAltText('Salon meublé');
    expect(afterImg).toHaveAttribute('loading', 'eager');
    expect(afterImg).toHaveAttribute('fetchpriority', 'high');
  });

  it('moves with the keyboard and stays within 0..100', async () => {
    const user = userEvent.setup();
    const slider = renderSlider();
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '52');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '51');
    await user.keyboard('{PageDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '41');
    await user.keyboard('{End}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('follows a pointer drag', () => {
    const slider = renderSlider();
    const container = screen.getByTestId('before-after-slider');
    container.getBoundingClientRect = () => ({
      left: 100,
      width: 200,
      top: 0,
      height: 100,
      right: 300,
      bottom: 100,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(container, { button: 0, clientX: 150, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.pointerMove(container, { clientX: 250, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    fireEvent.pointerUp(container, { pointerId: 1 });
    fireEvent.pointerMove(container, { clientX: 120, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
  });
});
