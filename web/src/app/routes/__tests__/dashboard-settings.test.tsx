import { BILLING_TEXTS, type User, SETTINGS_TEXTS, updateProfileSchema, VALIDATION_TEXTS } from '@vitrine/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { redirectToExternal } from '../../../lib/external-redirect';
import { AGENCE, MANDATAIRE, makeUser } from '../../../testing/billing-data';
import { validationError } from '../../../testing/server-answers';
import { asRendered } from '../../../testing/text';
import { Component as SettingsRoute } from '../dashboard-settings';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) => mockApi(path, options),
}));
jest.mock('../../../lib/external-redirect', () => ({ redirectToExternal: jest.fn() }));
const redirectMock = jest.mocked(redirectToExternal);

const S = BILLING_TEXTS.subscription;
const owner = makeUser({ subscription: { status: 'active', currentPeriodEnd: '2026-12-15T10:00:00.000Z' } });

interface Backend {
  user: User | (() => User);
  prices?: unknown;
  portal?: () => Promise<unknown>;
  changePlan?: () => Promise<unknown>;
  patchMe?: (body: unknown) => Promise<unknown>;
}

function serve(backend: Backend) {
  mockApi.mockImplementation(async (path, options) => {
    const method = options?.method ?? 'GET';
    if (method === 'GET' && path === '/users/me')
      return typeof backend.user === 'function' ? backend.user() : backend.user;
    if (method === 'GET' && path === '/billing/prices') {
      if (backend.prices instanceof Error) throw backend.prices;
      return backend.prices ?? [MANDATAIRE, AGENCE];
    }
    if (method === 'POST' && path === '/billing/portal')
      return backend.portal ? backend.portal() : { url: 'https://billing.stripe.test/p/session' };
    if (method === 'POST' && path === '/billing/change-plan')
      return backend.changePlan ? backend.changePlan() : { subscription: { status: 'active' } };
    if (method === 'PATCH' && path === '/users/me') return backend.patchMe?.(options?.body);
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

const calls = (method: string, path: string) =>
  mockApi.mock.calls.filter(([p, options]) => p === path && (options?.method ?? 'GET') === method);

function renderSettings(path = '/dashboard/settings?tab=abonnement') {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <SettingsRoute />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

beforeEach(() => jest.resetAllMocks());

describe('Settings > Mon Abonnement (spec 2.10)', () => {
  it('shows plan, fr-FR amount, interval, status and period end to the owner', async () => {
    serve({ user: owner });
    renderSettings();
    const tab = await screen.findByRole('tab', { name: S.tab });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('subscription-plan')).toHaveTextContent('Mandataire');
    expect(screen.getByTestId('subscription-amount').textContent).toBe('29,00\u00a0€');
    expect(screen.getByTestId('subscription-interval')).toHaveTextContent(/^mois$/);
    expect(screen.getByTestId('subscription-status')).toHaveTextContent(/^active$/);
    expect(screen.getByTestId('subscription-period-end')).toHaveTextContent(/^15 décembre 2026$/);
  });

  it('says when a subscription set to end in the portal ends, and renews otherwise (decision 095)', async () => {
    serve({ user: owner });
    renderSettings();
    expect(await screen.findByTestId('subscription-renewal')).toHaveTextContent(/^Automatique$/);
  });

  it('reads the profile again after the billing portal until the cancellation shows (decision 095)', async () => {
    let reads = 0;
    const ending = makeUser({
      subscription: {
        status: 'active',
        currentPeriodEnd: '2026-12-15T10:00:00.000Z',
        cancelAt: '2026-12-15T10:00:00.000Z',
      },
    });
    // The webhook lands after the redirect: the first reads still say the subscription renews.
    serve({ user: () => (++reads < 3 ? owner : ending) });
    renderSettings('/dashboard/settings?tab=abonnement&from=portal');
    expect(await screen.findByTestId('subscription-renewal')).toHaveTextContent(/^Automatique$/);
    await waitFor(
      () =>
        expect(screen.getByTestId('subscription-renewal')).toHaveTextContent(asRendered(S.endsOn('15 décembre 2026'))),
      { timeout: 8_000 },
    );
  }, 15_000);

  it('is hidden from members who are not the owner', async () => {
    serve({ user: makeUser({ roles: ['org_member'], subscription: { status: 'active' } }) });
    renderSettings();
    expect(await screen.findByRole('tab', { name: 'Profil' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: S.tab })).not.toBeInTheDocument();
    expect(screen.queryByText(S.portal)).not.toBeInTheDocument();
    expect(calls('GET', '/billing/prices')).toHaveLength(0);
  });

  it('opens the customer portal; a failure shows the Billing Error', async () => {
    const answers = [
      () => Promise.reject(new ApiError(500, '')),
      () => Promise.resolve({}),
      () => Promise.resolve({ url: 'https://portal.test' }),
    ];
    serve({ user: owner, portal: () => answers.shift()!() });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: S.portal }));
    expect(await screen.findByText('Billing Error')).toBeInTheDocument();
    expect(screen.getByText('Could not open the customer portal.')).toBeInTheDocument();
    expect(redirectMock).not.toHaveBeenCalled();
    // An answer without url is a failure too.
    await user.click(screen.getByRole('button', { name: S.portal }));
    await waitFor(() => expect(screen.getAllByText('Could not open the customer portal.')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: S.portal }));
    await waitFor(() => expect(redirectMock).toHaveBeenCalledWith('https://portal.test'));
    expect(calls('POST', '/billing/portal')[0]?.[1]).toEqual({ method: 'POST', body: {} });
  });

  it('changes plan after a confirmation, then reloads the user', async () => {
    let current = owner;
    serve({
      user: () => current,
      changePlan: async () => {
        current = makeUser({ subscription: { status: 'active', price: AGENCE } });
        return { subscription: current.organization?.subscription };
      },
    });
    const user = userEvent.setup();
    renderSettings();
    const mandataire = await screen.findByRole('article', { name: 'Mandataire' });
    expect(within(mandataire).getByRole('button', { name: BILLING_TEXTS.planCard.current })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: S.changeTo('Agence') }));
    const dialog = screen.getByRole('dialog', { name: S.confirmTitle('Agence') });
    expect(dialog).toHaveAccessibleDescription(/89,00\s€ \/ mois/);
    const usersBefore = calls('GET', '/users/me').length;
    await user.click(within(dialog).getByRole('button', { name: S.confirm }));

    expect(await screen.findByText(S.changed)).toBeInTheDocument();
    expect(calls('POST', '/billing/change-plan')).toEqual([
      ['/billing/change-plan', { method: 'POST', body: { newPriceId: 'price_agence' } }],
    ]);
    expect(calls('GET', '/users/me').length).toBeGreaterThan(usersBefore);
    await waitFor(() => expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Agence'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a failed plan change shows the Billing Error with the server message or the default', async () => {
    serve({ user: owner, changePlan: () => Promise.reject(new ApiError(502, '')) });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: S.changeTo('Agence') }));
    await user.click(screen.getByRole('button', { name: S.confirm }));
    expect(await screen.findByText('Could not update your subscription.')).toBeInTheDocument();
    expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Mandataire');
  });

  it('says when the plans cannot be loaded', async () => {
    serve({ user: owner, prices: new ApiError(500, '') });
    renderSettings();
    const text = 'Billing Error: Could not load subscription plans.';
    const alert = await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === text);
    expect(alert).toHaveAttribute('role', 'alert');
  });
});

describe('Settings > Profil (spec 2.10, 5)', () => {
  it('edits first name, last name and phone; e-mail is read-only', async () => {
    const updated = makeUser({ firstName: 'Camila' });
    serve({ user: owner, patchMe: async () => updated });
    const user = userEvent.setup();
    renderSettings('/dashboard/settings');
    const email = await screen.findByLabelText('Adresse e-mail');
    expect(email).toHaveValue('camille@exemple.fr');
    expect(email).toHaveAttribute('readonly');

    await user.clear(screen.getByLabelText('Téléphone'));
    await user.type(screen.getByLabelText('Téléphone'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText(VALIDATION_TEXTS.invalidPhone)).toBeInTheDocument();
    expect(calls('PATCH', '/users/me')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Téléphone'));
    await user.type(screen.getByLabelText('Téléphone'), '06 12 34 56 78');
    await user.clear(screen.getByLabelText('Prénom'));
    await user.type(screen.getByLabelText('Prénom'), ' Camila ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SETTINGS_TEXTS.profileUpdated)).toBeInTheDocument();
    expect(calls('PATCH', '/users/me')[0]?.[1]).toEqual({
      method: 'PATCH',
      body: { firstName: 'Camila', lastName: 'Martin', phoneNumber: '06 12 34 56 78' },
    });
  });

  it('shows the spec failure title with the server message', async () => {
    serve({
      user: owner,
      patchMe: () => Promise.reject(validationError(updateProfileSchema, { phoneNumber: '12' })),
    });
    const user = userEvent.setup();
    renderSettings('/dashboard/settings');
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SETTINGS_TEXTS.updateFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_TEXTS.invalidPhone)).toBeInTheDocument();
  });
});
