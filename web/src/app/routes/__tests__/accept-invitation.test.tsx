import {
  AUTH_TEXTS,
  INVITATION_TEXTS,
  SETTINGS_TEXTS,
  TEAM_API_TEXTS,
  type InvitationSummary,
  type User,
} from '@vitrine/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ApiError } from '../../../lib/api-error';
import { confirmEmail, getAccessToken, signIn, signOut, signUp } from '../../../lib/auth';
import { makeUser } from '../../../testing/billing-data';
import { serverError } from '../../../testing/server-answers';
import { asRendered } from '../../../testing/text';
import { Component as AcceptInvitationRoute } from '../accept-invitation';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) => mockApi(path, options),
}));
jest.mock('../../../lib/auth', () => ({
  getAccessToken: jest.fn(),
  signOut: jest.fn(),
  signIn: jest.fn(),
  signUp: jest.fn(),
  confirmEmail: jest.fn(),
  sendEmailVerificationCode: jest.fn(),
}));
const tokenMock = jest.mocked(getAccessToken);
const signOutMock = jest.mocked(signOut);
const signInMock = jest.mocked(signIn);
const signUpMock = jest.mocked(signUp);
const confirmEmailMock = jest.mocked(confirmEmail);

const T = INVITATION_TEXTS;
const TOKEN = 'tok_abc';
const summary: InvitationSummary = {
  email: 'lea@exemple.fr',
  status: 'pending',
  expiresAt: '2099-03-09T09:00:00.000Z',
  organization: { name: 'Agence Démo' },
};

interface Backend {
  summary?: InvitationSummary | Error;
  /** The signed-in user, whose profile GET /users/me answers (before and after accepting). */
  user?: () => User;
  accept?: () => Promise<unknown>;
}

function serve(backend: Backend) {
  mockApi.mockImplementation(async (path, options) => {
    const method = options?.method ?? 'GET';
    if (method === 'GET' && path === `/invitations/token/${TOKEN}`) {
      if (backend.summary instanceof Error) throw backend.summary;
      return backend.summary ?? summary;
    }
    if (method === 'GET' && path === '/users/me' && backend.user) return backend.user();
    if (method === 'POST' && path === `/invitations/accept/${TOKEN}`)
      return backend.accept ? backend.accept() : { organizationId: 'org-demo' };
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
      <p data-testid="location-state">{JSON.stringify(location.state)}</p>
    </>
  );
}

function renderPage(search = `?token=${TOKEN}`) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[`/accept-invitation${search}`]}>
        <LocationProbe />
        <Routes>
          <Route path="/accept-invitation" element={<AcceptInvitationRoute />} />
          <Route path="/dashboard" element={<h1>Tableau de bord</h1>} />
          <Route path="/login" element={<h1>Connexion</h1>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const lea = (overrides: Partial<User> = {}) => ({
  ...makeUser({ email: 'lea@exemple.fr', roles: [], organization: null }),
  ...overrides,
});
const acceptCalls = () => mockApi.mock.calls.filter(([path]) => path === `/invitations/accept/${TOKEN}`);

beforeEach(() => {
  jest.resetAllMocks();
  tokenMock.mockResolvedValue(null);
});

describe('/accept-invitation (spec 2.12, 4, 8)', () => {
  it('without a token: Token manquant. and a link home', async () => {
    serve({});
    renderPage('');
    expect(await screen.findByText(T.tokenMissing)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backHome })).toHaveAttribute('href', '/');
    expect(mockApi).not.toHaveBeenCalled();
  });

  it('an unknown token: Invitation introuvable.', async () => {
    serve({ summary: serverError('NOT_FOUND', TEAM_API_TEXTS.invitationNotFound) });
    renderPage();
    expect(await screen.findByText(T.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backHome })).toBeInTheDocument();
  });

  it.each(['accepted', 'revoked', 'expired'] as const)(
    "a %s invitation: L'invitation n'est plus active.",
    async (status) => {
      serve({ summary: { ...summary, status } });
      renderPage();
      expect(await screen.findByText(T.notActive)).toBeInTheDocument();
    },
  );

  it('a pending invitation past its date is not active either', async () => {
    serve({ summary: { ...summary, expiresAt: '2020-01-01T00:00:00.000Z' } });
    renderPage();
    expect(await screen.findByText(T.notActive)).toBeInTheDocument();
  });

  it('signed in as the invited person: one button accepts, the success screen leads to /dashboard after 1.5 s', async () => {
    tokenMock.mockResolvedValue('token');
    let joined = false;
    serve({
      user: () => (joined ? lea({ organizationId: 'org-demo', roles: ['org_member'] }) : lea()),
      accept: async () => {
        joined = true;
        return { organizationId: 'org-demo' };
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: T.heading('Agence Démo') })).toBeInTheDocument();
    expect(screen.getByText(asRendered(T.summary('Agence Démo', 'lea@exemple.fr')))).toBeInTheDocument();
    expect(screen.getByTestId('invitation-expiry')).toHaveTextContent('9 mars 2099');
    await user.click(screen.getByRole('button', { name: T.accept }));
    expect(await screen.findByRole('heading', { name: T.successHeading })).toBeInTheDocument();
    expect(screen.getByText(asRendered(T.success('Agence Démo')))).toBeInTheDocument();
    const acceptedAt = Date.now();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'), { timeout: 4000 });
    expect(Date.now() - acceptedAt).toBeGreaterThanOrEqual(1400);
    expect(acceptCalls()).toEqual([[`/invitations/accept/${TOKEN}`, { method: 'POST' }]]);
  });

  it("a refused acceptance shows the server message, else Impossible d'accepter l'invitation.", async () => {
    tokenMock.mockResolvedValue('token');
    const answers = [
      serverError('ALREADY_IN_ORGANIZATION', TEAM_API_TEXTS.alreadyInAnotherOrganization),
      new ApiError(500, ''),
    ];
    serve({ user: () => lea(), accept: () => Promise.reject(answers.shift()) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: T.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(asRendered(TEAM_API_TEXTS.alreadyInAnotherOrganization));
    await user.click(screen.getByRole('button', { name: T.accept }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(T.acceptFailed));
    expect(screen.getByTestId('location')).toHaveTextContent('/accept-invitation');
  });

  it('signed in with another e-mail: says so, and signing out offers the registration', async () => {
    tokenMock.mockResolvedValue('token');
    serve({ user: () => lea({ email: 'camille@exemple.fr' }) });
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByText(asRendered(T.otherAccount('camille@exemple.fr', 'lea@exemple.fr'))),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.accept })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.signOut }));
    expect(signOutMock).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: T.signupSubmit })).toBeInTheDocument();
  });

  it('an unverified e-mail is confirmed on the page before accepting', async () => {
    tokenMock.mockResolvedValue('token');
    let verified = false;
    serve({ user: () => lea({ emailVerified: verified }) });
    confirmEmailMock.mockImplementation(async () => {
      verified = true;
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: SETTINGS_TEXTS.emailVerification.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.accept })).toBeDisabled();
    await user.type(screen.getByLabelText(SETTINGS_TEXTS.emailVerification.code), '123456');
    await user.click(screen.getByRole('button', { name: SETTINGS_TEXTS.emailVerification.submit }));
    await waitFor(() => expect(screen.getByRole('button', { name: T.accept })).toBeEnabled());
    expect(confirmEmailMock).toHaveBeenCalledWith('123456');
    expect(screen.queryByRole('heading', { name: SETTINGS_TEXTS.emailVerification.title })).not.toBeInTheDocument();
  });

  it('a visitor registers with the invited e-mail fixed and no phone, is signed in, then accepted', async () => {
    let signedIn = false;
    tokenMock.mockImplementation(async () => (signedIn ? 'token' : null));
    signUpMock.mockResolvedValue();
    signInMock.mockImplementation(async () => {
      signedIn = true;
      return 'signedIn';
    });
    serve({ user: () => lea({ emailVerified: true, organizationId: 'org-demo', roles: ['org_member'] }) });
    const user = userEvent.setup();
    renderPage();
    const email = await screen.findByLabelText(/Adresse e-mail/);
    expect(email).toHaveValue('lea@exemple.fr');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText(AUTH_TEXTS.phone)).not.toBeRequired();
    expect(screen.getByRole('link', { name: T.loginLink })).toHaveAttribute('href', '/login');

    await user.type(screen.getByLabelText('Prénom'), 'Léa');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'court');
    await user.click(screen.getByRole('button', { name: T.signupSubmit }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeInTheDocument();
    expect(signUpMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Mot de passe/));
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Vitrine-2026!');
    await user.click(screen.getByRole('button', { name: T.signupSubmit }));
    expect(await screen.findByRole('heading', { name: T.successHeading })).toBeInTheDocument();
    expect(signUpMock).toHaveBeenCalledWith({
      email: 'lea@exemple.fr',
      password: 'Vitrine-2026!',
      firstName: 'Léa',
      lastName: '',
      phoneNumber: '',
      invitationToken: TOKEN,
    });
    expect(signInMock).toHaveBeenCalledWith('lea@exemple.fr', 'Vitrine-2026!');
    expect(acceptCalls()).toHaveLength(1);
  });

  it('an existing account is told so, and the login link brings it back here', async () => {
    signUpMock.mockRejectedValue(Object.assign(new Error('exists'), { name: 'UsernameExistsException' }));
    serve({});
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^Mot de passe/), 'Vitrine-2026!');
    await user.click(screen.getByRole('button', { name: T.signupSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.emailTaken);
    await user.click(screen.getByRole('link', { name: T.loginLink }));
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    // The login form returns to the remembered page (config/paths.ts redirectTarget).
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({
      from: { pathname: '/accept-invitation', search: `?token=${TOKEN}` },
    });
  });
});
