import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LandingPage } from '../pages/landing-page';
import { renderPage } from '../testing/render-page';

describe('LandingPage', () => {
  beforeEach(() => {
    global.fetch = jest.fn().mockResolvedValue({
      ok: true,
      json: async () => ({ demoBookingUrl: 'https://rendez-vous.example/vitrine' }),
    }) as unknown as typeof fetch;
  });

  it('links the header to the sections, pricing, sign-up and sign-in', () => {
    renderPage(<LandingPage />);
    const header = screen.getByTestId('site-header');
    const nav = within(header).getAllByRole('navigation', { name: 'Navigation principale', hidden: true })[0]!;
    expect(within(nav).getByRole('link', { name: 'Fonctionnalités' })).toHaveAttribute('href', '/#fonctionnalites');
    expect(within(nav).getByRole('link', { name: 'Démo' })).toHaveAttribute('href', '/#demo');
    expect(within(nav).getByRole('link', { name: 'Témoignages' })).toHaveAttribute('href', '/#temoignages');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/#faq');
    expect(within(nav).getByRole('link', { name: 'Tarifs' })).toHaveAttribute('href', '/pricing');
    expect(within(header).getAllByRole('link', { name: 'Inscription' })[0]).toHaveAttribute('href', '/register');
    expect(within(header).getAllByRole('link', { name: 'Connexion' })[0]).toHaveAttribute('href', '/dashboard');
  });

  it('makes the phone menu a native popover of its button, named by the label of its state', () => {
    // The browser opens and closes it, Escape and a tap outside included, with or without React
    // (decision 136); public.spec.ts checks that in Chromium, which jsdom is not.
    const { container } = renderPage(<LandingPage />);
    // Both labels are in the DOM; the stylesheet (absent from jsdom) shows the one of the state.
    const button = screen.getByRole('button', { name: /Ouvrir le menu/ });
    const menu = container.querySelector('nav[popover="auto"]');
    expect(menu).toHaveAccessibleName('Navigation principale');
    expect(button.getAttribute('popovertarget')).toBe(menu?.id);
    expect(within(button).getByText('Fermer le menu')).toHaveClass('hidden');
  });

  it('renders without a router, as / is served (internal links are plain anchors)', () => {
    render(<LandingPage />);
    const header = screen.getByTestId('site-header');
    expect(within(header).getAllByRole('link', { name: 'Tarifs', hidden: true })[0]).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(within(header).getAllByRole('link', { name: 'FAQ', hidden: true })[0]).toHaveAttribute('href', '/#faq');
    expect(screen.getAllByRole('link', { name: 'Inscription' })[0]).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Mentions légales' })).toHaveAttribute('href', '/mentions-legales');
  });

  it('shows the figures, five sliders at 50 %, three testimonials and a seven-question FAQ', () => {
    const { container } = renderPage(<LandingPage />);
    for (const figure of ['37 %', '9 %', '63 %']) expect(screen.getByText(figure)).toBeInTheDocument();
    const sliders = screen.getAllByRole('slider');
    expect(sliders).toHaveLength(5);
    for (const slider of sliders) expect(slider).toHaveAttribute('aria-valuenow', '50');
    expect(container.querySelectorAll('#temoignages blockquote')).toHaveLength(3);
    const faq = container.querySelector('#faq') as HTMLElement;
    // Native disclosures sharing one name: the browser keeps one answer open (decision 136).
    const answers = faq.querySelectorAll('details');
    expect(answers).toHaveLength(7);
    expect(new Set([...answers].map((details) => details.getAttribute('name'))).size).toBe(1);
  });

  it('loads only the hero images eagerly, with high priority', () => {
    renderPage(<LandingPage />);
    const eager = screen.getAllByRole('img').filter((img) => img.getAttribute('loading') === 'eager');
    expect(eager.map((img) => img.getAttribute('src'))).toEqual([
      '/assets/demo/staging-after-800.jpg',
      '/assets/demo/staging-before-800.jpg',
    ]);
    for (const img of eager) expect(img).toHaveAttribute('fetchpriority', 'high');
    const lazy = screen.getAllByRole('img').filter((img) => img.getAttribute('loading') === 'lazy');
    expect(lazy).toHaveLength(8);
  });

  it('answers the refund question: no refund, no commitment, cancel from the customer area', async () => {
    const user = userEvent.setup();
    renderPage(<LandingPage />);
    const question = screen.getByRole('heading', { name: 'Puis-je être remboursé\u00A0?' });
    await user.click(question);
    const answer = question.closest('details');
    expect(answer).toHaveAttribute('open');
    expect(answer).toHaveTextContent(/pas de remboursement.*sans engagement.*espace client/);
  });

  it('points "book a demo" to the configured scheduling link once the page is idle', async () => {
    renderPage(<LandingPage />);
    const link = screen.getByRole('link', { name: /Réserver une démo/ });
    expect(link.getAttribute('href')).toMatch(/^mailto:/);
    expect(
      await screen.findByRole('link', { name: /Réserver une démo \(nouvel onglet\)/ }, { timeout: 3000 }),
    ).toHaveAttribute('href', 'https://rendez-vous.example/vitrine');
    expect(global.fetch).toHaveBeenCalledWith('/config.json', expect.anything());
  });
});
