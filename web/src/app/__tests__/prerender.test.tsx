/**
 * @jest-environment node
 */
import {
  LANDING_TEXTS,
  PLANS,
  PRERENDERED_PAGES,
  PRICING_TEXTS,
  formatPrice,
  prerenderedPageFile,
} from '@vitrine/shared';
import { prerenderPage } from '../prerender';

describe('prerenderPage (decision 131)', () => {
  it('renders the landing page for #root, its title and meta apart for <head>', () => {
    const { head, body } = prerenderPage('/');
    expect(head).toMatch(/^<title>Vitrine \| /);
    expect(head).toContain(`<meta name="description" content="${LANDING_TEXTS.meta.description}"/>`);
    // Before hydration the page's origin is unknown: site-relative Open Graph URLs.
    expect(head).toContain('<meta property="og:url" content="/"/>');
    expect(body).not.toMatch(/<title>|<meta /);
    expect(body).toContain(LANDING_TEXTS.hero.title);
    expect(body).toContain('<a href="/register"');
  });

  it('renders the pricing page with every plan and its price, no request needed', () => {
    const { head, body } = prerenderPage('/pricing');
    expect(head).toContain(`<title>${PRICING_TEXTS.meta.title}</title>`);
    for (const plan of PLANS) {
      expect(body).toContain(`data-testid="price-${plan.id}">${formatPrice(plan.amount)}<`);
      expect(body).toContain(PRICING_TEXTS.choose(plan.name));
    }
  });

  it('has a file for each prerendered path, and none for the other paths', () => {
    expect(Object.keys(PRERENDERED_PAGES)).toEqual(['/', '/pricing']);
    expect(prerenderedPageFile('/')).toBe('home.html');
    expect(prerenderedPageFile('/pricing')).toBe('pricing.html');
    for (const other of ['/login', '/pricing/', '/toString', '/dashboard'])
      expect(prerenderedPageFile(other)).toBeUndefined();
  });
});
