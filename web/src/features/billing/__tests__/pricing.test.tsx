import { BILLING_TEXTS, type User } from '@vitrine/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { AGENCE, MANDATAIRE, makePrice, makeUser } from '../../../testing/billing-data';
import { PlansPage } from '../components/plans-page';

const mockApi = jest.fn<Promise<unknown>, [string]>();
jest.mock('../../../lib/api-client', () => ({ api: (path: string) => mockApi(path) }));

function renderPricing(user: User, prices = [MANDATAIRE, AGENCE]) {
  mockApi.mockImplementation(async (path) => {
    if (path === '/users/me') return user;
    if (path === '/billing/prices') return prices;
    throw new Error(`unexpected ${path}`);
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/dashboard/pricing']}>
          <PlansPage />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

const P = BILLING_TEXTS.planCard;

beforeEach(() => mockApi.mockReset());

describe('/dashboard/pricing', () => {
  it('lists the plans in fr-FR with the current one marked and the upgrade offered to the owner', async () => {
    renderPricing(makeUser({ subscription: { status: 'active', price: MANDATAIRE } }));
    expect(await screen.findByRole('heading', { level: 1, name: BILLING_TEXTS.pricing.title })).toBeInTheDocument();
    const mandataire = await screen.findByRole('article', { name: 'Mandataire' });
    const agence = screen.getByRole('article', { name: 'Agence' });
    expect(within(mandataire).getByText(P.current, { selector: 'p' })).toBeInTheDocument();
    expect(within(mandataire).getByRole('button', { name: P.current })).toBeDisabled();
    expect(within(agence).queryByText(P.current)).not.toBeInTheDocument();
    expect(within(agence).getByTestId('price-agence').textContent).toBe('89,00\u00a0€');
    expect(within(agence).getByText('100 crédits par mois')).toBeInTheDocument();
    expect(within(agence).getByRole('button', { name: BILLING_TEXTS.subscription.changeTo('Agence') })).toBeEnabled();
  });

  it('matches the current plan by its Stripe price id too', async () => {
    renderPricing(makeUser({ subscription: { status: 'active', price: makePrice({ ...AGENCE, id: 'price-row-7' }) } }));
    const agence = await screen.findByRole('article', { name: 'Agence' });
    expect(within(agence).getByRole('button', { name: P.current })).toBeDisabled();
  });

  it('members see the plans without change buttons', async () => {
    renderPricing(makeUser({ roles: ['org_member'], subscription: { status: 'active' } }));
    expect(await screen.findByText(BILLING_TEXTS.pricing.ownerOnly)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: BILLING_TEXTS.subscription.changeTo('Agence') }),
    ).not.toBeInTheDocument();
  });
});
