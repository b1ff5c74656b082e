import {
  API_TEXTS,
  BILLING_API_TEXTS,
  BILLING_TEXTS,
  organizationCreateSchema,
  type Price,
  type User,
  VALIDATION_TEXTS,
} from '@vitrine/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { rememberCheckoutReturn } from '../../../features/billing';
import { ApiError } from '../../../lib/api-error';
import { getAccessToken, signOut } from '../../../lib/auth';
import { redirectToExternal } from '../../../lib/external-redirect';
import { AGENCE, MANDATAIRE, makePrice, makeUser } from '../../../testing/billing-data';
import { serverError, validationError } from '../../../testing/server-answers';
import { DashboardOverlays } from '../dashboard-overlays';
import { asRendered } from '../../../testing/text';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) => mockApi(path, options),
}));
jest.mock('../../../lib/auth', () => ({ getAccessToken: jest.fn(), signOut: jest.fn() }));
jest.mock('../../../lib/external-redirect', () => ({ redirectToExternal: jest.fn() }));

const getAccessTokenMock = jest.mocked(getAccessToken);
const signOutMock = jest.mocked(signOut);
const redirectMock = jest.mocked(redirectToExternal);
const T = BILLING_TEXTS.onboarding;

interface Backend {
  user: User;
  prices?: Price[] | Error;
  createOrganization?: () => Promise<unknown>;
  session?: () => Promise<unknown>;
}

/** Answers like the API contract of the billing issue; every call is recorded by mockApi. */
function serve(backend: Backend) {
  mockApi.mockImplementation(async (path, options) => {
    const method = options?.method ?? 'GET';
    if (method === 'GET' && path === '/users/me') return backend.user;
    if (method === 'GET' && path === '/billing/prices') {
      if (backend.prices instanceof Error) throw backend.prices;
      return backend.prices ?? [MANDATAIRE, AGENCE];
    }
    if (method === 'POST' && path === '/organizations')
      return backend.createOrganization
        ? backend.createOrganization()
        : { id: 'org-new', name: (options?.body as { name: string }).name };
    if (method === 'POST' && path === '/billing/session')
      return backend.session ? backend.session() : { url: 'https://checkout.stripe.test/c/cs_1' };
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

const calls = (method: string, path: string) =>
  mockApi.mock.calls.filter(([p, options]) => p === path && (options?.method ?? 'GET') === method);

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderOverlays(path = '/dashboard') {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          <DashboardOverlays />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

/** Opens the modal on the plan choice (step 1). */
async function toPlanChoice(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: T.welcome('Camille') });
  expect(dialog).toHaveAccessibleDescription(T.stepLabel(1, 4));
  await user.click(within(dialog).getByRole('button', { name: T.continue }));
  return screen.findByRole('dialog', { name: T.chooseTitle });
}

const noOrganization = makeUser({ organization: null });

beforeEach(() => {
  jest.resetAllMocks();
  getAccessTokenMock.mockResolvedValue('token');
  sessionStorage.clear();
});

describe('onboarding modal (spec 2.6, 4)', () => {
  it('Mandataire: creates "<first name>\'s Space", then the payment step redirects to Checkout', async () => {
    serve({ user: noOrganization });
    const user = userEvent.setup();
    renderOverlays();
    const dialog = await toPlanChoice(user);
    expect(within(dialog).getByTestId('price-mandataire').textContent).toBe('29,00\u00a0€');
    // Spec 3: a plan sent without features gets the default list.
    expect(within(dialog).getByText('1 utilisateur')).toBeInTheDocument();
    expect(within(dialog).getByText('Jusqu’à 5 utilisateurs')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Choisir Mandataire' }));
    expect(await screen.findByRole('dialog', { name: T.confirmTitle })).toBeInTheDocument();
    expect(calls('POST', '/organizations')).toEqual([
      ['/organizations', { method: 'POST', body: { name: "Camille's Space" } }],
    ]);
    expect(screen.getByText(T.organizationCreated)).toBeInTheDocument();
    const confirm = screen.getByRole('dialog', { name: T.confirmTitle });
    expect(within(confirm).getByText("Camille's Space")).toBeInTheDocument();
    expect(within(confirm).getByText(/^29,00\s€ \/ mois$/)).toBeInTheDocument();

    await user.click(within(confirm).getByRole('button', { name: T.pay }));
    await waitFor(() => expect(redirectMock).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    expect(calls('POST', '/billing/session')).toEqual([
      ['/billing/session', { method: 'POST', body: { priceId: 'price_mandataire', organizationId: 'org-new' } }],
    ]);
  });

  it('Agence: asks the agency name (required, trimmed), creates it, then the payment step', async () => {
    serve({ user: noOrganization });
    const user = userEvent.setup();
    renderOverlays();
    await user.click(within(await toPlanChoice(user)).getByRole('button', { name: 'Choisir Agence' }));
    const dialog = await screen.findByRole('dialog', { name: T.agencyTitle });
    const submit = within(dialog).getByRole('button', { name: T.agencySubmit });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Nom de l’agence/), '   ');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Nom de l’agence/), 'Agence du Port  ');
    expect(submit).toBeEnabled();
    await user.click(submit);

    const confirm = await screen.findByRole('dialog', { name: T.confirmTitle });
    expect(calls('POST', '/organizations')[0]?.[1]).toEqual({ method: 'POST', body: { name: 'Agence du Port' } });
    expect(within(confirm).getByText(/^89,00\s€ \/ mois$/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: T.pay }));
    await waitFor(() => expect(redirectMock).toHaveBeenCalled());
    expect(calls('POST', '/billing/session')[0]?.[1]).toEqual({
      method: 'POST',
      body: { priceId: 'price_agence', organizationId: 'org-new' },
    });
  });

  it('names the personal space from the e-mail prefix without a first name', async () => {
    serve({ user: makeUser({ organization: null, firstName: '', email: 'jean.dupont@exemple.fr' }) });
    const user = userEvent.setup();
    renderOverlays();
    await user.click(await screen.findByRole('button', { name: T.continue }));
    await user.click(await screen.findByRole('button', { name: 'Choisir Mandataire' }));
    await screen.findByRole('dialog', { name: T.confirmTitle });
    expect(calls('POST', '/organizations')[0]?.[1]).toEqual({ method: 'POST', body: { name: "jean.dupont's Space" } });
  });

  it('a creation failure returns to the plan choice with the server message; an answer without id too', async () => {
    const creations = [
      () => Promise.reject(validationError(organizationCreateSchema, { name: 'x'.repeat(101) })),
      () => Promise.resolve({ name: 'sans id' }),
    ];
    serve({ user: noOrganization, createOrganization: () => creations.shift()!() });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderOverlays();
    await user.click(within(await toPlanChoice(user)).getByRole('button', { name: 'Choisir Agence' }));
    await user.type(screen.getByLabelText(/Nom de l’agence/), 'Agence');
    await user.click(screen.getByRole('button', { name: T.agencySubmit }));
    const back = await screen.findByRole('dialog', { name: T.chooseTitle });
    expect(within(back).getByRole('alert')).toHaveTextContent(
      `Erreur de création d'organisation: ${VALIDATION_TEXTS.agencyNameTooLong}`,
    );

    await user.click(within(back).getByRole('button', { name: 'Choisir Mandataire' }));
    await waitFor(() =>
      expect(within(screen.getByRole('dialog', { name: T.chooseTitle })).getByRole('alert')).toHaveTextContent(
        "Erreur de création d'organisation: Impossible de créer l'organisation. Veuillez réessayer.",
      ),
    );
    expect(spy).toHaveBeenCalledWith('POST /organizations answered without an organization id');
    expect(redirectMock).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('a 409 (organization made meanwhile) reloads the user and pays for that organization', async () => {
    let current = noOrganization;
    serve({
      user: noOrganization,
      createOrganization: async () => {
        current = makeUser({ organization: { id: 'org-9', name: 'Autre onglet' } });
        throw serverError('CONFLICT', BILLING_API_TEXTS.alreadyInOrganization);
      },
    });
    const fallback = mockApi.getMockImplementation()!;
    mockApi.mockImplementation((path, options) =>
      path === '/users/me' ? Promise.resolve(current) : fallback(path, options),
    );
    const user = userEvent.setup();
    renderOverlays();
    await user.click(within(await toPlanChoice(user)).getByRole('button', { name: 'Choisir Mandataire' }));
    const confirm = await screen.findByRole('dialog', { name: T.confirmTitle });
    expect(within(confirm).getByText('Autre onglet')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: T.pay }));
    await waitFor(() => expect(redirectMock).toHaveBeenCalled());
    expect(calls('POST', '/billing/session')[0]?.[1]).toEqual({
      method: 'POST',
      body: { priceId: 'price_mandataire', organizationId: 'org-9' },
    });
  });

  it('without a token, creation is not attempted: Erreur: Authentification requise.', async () => {
    serve({ user: noOrganization });
    const user = userEvent.setup();
    renderOverlays();
    const dialog = await toPlanChoice(user);
    getAccessTokenMock.mockResolvedValue(null);
    await user.click(within(dialog).getByRole('button', { name: 'Choisir Mandataire' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erreur: Authentification requise.');
    expect(calls('POST', '/organizations')).toHaveLength(0);
  });

  it('a plan without a Stripe price id cannot be selected', async () => {
    serve({ user: noOrganization, prices: [MANDATAIRE, makePrice({ ...AGENCE, stripePriceId: null })] });
    const user = userEvent.setup();
    renderOverlays();
    const dialog = await toPlanChoice(user);
    expect(within(dialog).getByRole('button', { name: 'Choisir Agence' })).toBeDisabled();
    expect(within(dialog).getByText(BILLING_TEXTS.planCard.unavailable)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choisir Mandataire' })).toBeEnabled();
  });

  it('with an organization already, a plan leads straight to payment; a failed session keeps the modal', async () => {
    const sessions = [
      () => Promise.reject(new ApiError(500, '')),
      () => Promise.resolve({}),
      () => Promise.reject(serverError('FORBIDDEN', API_TEXTS.forbidden)),
    ];
    serve({ user: makeUser(), session: () => sessions.shift()!() });
    const user = userEvent.setup();
    renderOverlays();
    await user.click(within(await toPlanChoice(user)).getByRole('button', { name: 'Choisir Agence' }));
    const confirm = await screen.findByRole('dialog', { name: T.confirmTitle });
    expect(calls('POST', '/organizations')).toHaveLength(0);
    expect(within(confirm).getByText('Agence du Port')).toBeInTheDocument();

    const pay = within(confirm).getByRole('button', { name: T.pay });
    await user.click(pay);
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Erreur de souscription: Impossible de lancer la souscription. Veuillez réessayer.',
    );
    await user.click(pay);
    await waitFor(() => expect(within(confirm).getByRole('alert')).toHaveTextContent(BILLING_TEXTS.errors.redirect));
    await user.click(pay);
    await waitFor(() =>
      expect(within(confirm).getByRole('alert')).toHaveTextContent(`Erreur de souscription: ${API_TEXTS.forbidden}`),
    );
    expect(redirectMock).not.toHaveBeenCalled();
    expect(calls('POST', '/billing/session')[0]?.[1]).toEqual({
      method: 'POST',
      body: { priceId: 'price_agence', organizationId: 'org-1' },
    });
  });

  it('back from a refused card, says the payment did not go through and offers the chosen plan again (decision 096)', async () => {
    serve({ user: makeUser() });
    const user = userEvent.setup();
    renderOverlays('/dashboard?checkout=canceled&price=price_agence');
    const confirm = await screen.findByRole('dialog', { name: T.confirmTitle });
    expect(within(confirm).getByRole('alert')).toHaveTextContent(asRendered(T.paymentFailed.title));
    expect(within(confirm).getByRole('alert')).toHaveTextContent(asRendered(T.paymentFailed.description));
    expect(within(confirm).getByText('Agence', { selector: 'dd' })).toBeInTheDocument();
    // Said once: the parameters leave the URL.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    await user.click(within(confirm).getByRole('button', { name: T.pay }));
    await waitFor(() => expect(redirectMock).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    expect(calls('POST', '/billing/session')[0]?.[1]).toEqual({
      method: 'POST',
      body: { priceId: 'price_agence', organizationId: 'org-1' },
    });
  });

  it('tells a removed member which agency they no longer belong to (issue 22)', async () => {
    serve({
      user: {
        ...noOrganization,
        roles: [],
        removedFromOrganization: { name: 'Agence du Port', removedAt: '2026-11-20T10:00:00.000Z' },
      },
    });
    renderOverlays();
    const dialog = await screen.findByRole('dialog', { name: T.welcome('Camille') });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      asRendered(T.removedFromOrganization('Agence du Port')),
    );
  });

  it('the payment step without a token says what is missing', async () => {
    serve({ user: makeUser() });
    const user = userEvent.setup();
    renderOverlays();
    await user.click(within(await toPlanChoice(user)).getByRole('button', { name: 'Choisir Mandataire' }));
    const confirm = await screen.findByRole('dialog', { name: T.confirmTitle });
    getAccessTokenMock.mockResolvedValue(null);
    await user.click(within(confirm).getByRole('button', { name: T.pay }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(BILLING_TEXTS.errors.missingInformation);
    expect(calls('POST', '/billing/session')).toHaveLength(0);
  });

  it('shows the load error and the empty list of spec 8', async () => {
    serve({ user: noOrganization, prices: new ApiError(500, '') });
    const user = userEvent.setup();
    renderOverlays();
    const dialog = await toPlanChoice(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Erreur de chargement: Impossible de charger les offres d'abonnement.",
    );
  });

  it('says when no plan is offered', async () => {
    serve({ user: noOrganization, prices: [] });
    const user = userEvent.setup();
    renderOverlays();
    const dialog = await toPlanChoice(user);
    expect(await within(dialog).findByText('Aucune offre disponible.')).toBeInTheDocument();
  });

  it('cannot be dismissed by Escape, cancel or a click outside', async () => {
    serve({ user: noOrganization });
    renderOverlays();
    const dialog = await screen.findByRole('dialog', { name: T.welcome('Camille') });
    expect(within(dialog).queryByRole('button', { name: 'Fermer' })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(dialog);
    expect(screen.getByRole('dialog', { name: T.welcome('Camille') })).toHaveAttribute('open');
  });

  it('offers its own logout, since it blocks the sidebar', async () => {
    serve({ user: noOrganization });
    signOutMock.mockResolvedValue();
    const user = userEvent.setup();
    renderOverlays();
    const dialog = await screen.findByRole('dialog', { name: T.welcome('Camille') });
    await user.click(within(dialog).getByRole('button', { name: T.logout }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(signOutMock).toHaveBeenCalled();
  });

  it('is not shown with an active subscription, and the plans are not even loaded', async () => {
    serve({ user: makeUser({ subscription: { status: 'active' } }) });
    renderOverlays();
    await waitFor(() => expect(calls('GET', '/users/me').length).toBeGreaterThan(0));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('GET', '/billing/prices')).toHaveLength(0);
  });

  it('is shown when the subscription is past due', async () => {
    serve({ user: makeUser({ subscription: { status: 'past_due' } }) });
    renderOverlays();
    expect(await screen.findByRole('dialog', { name: T.welcome('Camille') })).toBeInTheDocument();
  });
});

describe('after a Checkout return (webhook pending)', () => {
  it('polls the profile instead of showing the onboarding, until the subscription is active', async () => {
    rememberCheckoutReturn();
    let current = makeUser();
    mockApi.mockImplementation(async (path) => {
      if (path === '/users/me') return current;
      throw new Error(`unexpected ${path}`);
    });
    renderOverlays('/dashboard?showTutorialModal=true');
    expect(await screen.findByRole('dialog', { name: BILLING_TEXTS.tutorial.title })).toBeInTheDocument();
    expect(screen.getByText(asRendered(BILLING_TEXTS.activation.pending))).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: T.welcome('Camille') })).not.toBeInTheDocument();

    // The webhook lands: the next poll sees the active subscription.
    current = makeUser({
      subscription: { status: 'active' },
      organization: { id: 'org-1', name: 'x', creditBalance: 30 },
    });
    await waitFor(
      () => expect(screen.queryByText(asRendered(BILLING_TEXTS.activation.pending))).not.toBeInTheDocument(),
      {
        // One poll period (2 s) plus slack for a loaded machine.
        timeout: 8000,
      },
    );
    expect(calls('GET', '/users/me').length).toBeGreaterThanOrEqual(2);
    expect(sessionStorage.length).toBe(0);
    expect(screen.queryByRole('dialog', { name: T.welcome('Camille') })).not.toBeInTheDocument();
  }, 15_000);
});

describe('tutorial modal (spec 2.5)', () => {
  it('opens with ?showTutorialModal=true: our video and the 4 steps; closing removes only that parameter', async () => {
    serve({ user: makeUser({ subscription: { status: 'active' } }) });
    const user = userEvent.setup();
    renderOverlays('/dashboard?view=list&showTutorialModal=true');
    const dialog = await screen.findByRole('dialog', { name: BILLING_TEXTS.tutorial.title });
    expect(dialog.querySelector('video source')).toHaveAttribute('src', '/assets/demo/demo-video.webm');
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Déposez votre photo',
      'Choisissez la transformation',
      'L’IA travaille',
      'Téléchargez et sauvegardez',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\?view=list$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape closes it too; it stays closed without the parameter', async () => {
    serve({ user: makeUser({ subscription: { status: 'active' } }) });
    renderOverlays('/dashboard?showTutorialModal=true');
    fireEvent.keyDown(await screen.findByRole('dialog', { name: BILLING_TEXTS.tutorial.title }), { key: 'Escape' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
