import { AUTH_TEXTS } from '@vitrine/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { confirmSignInWithTotp, signIn } from '../../../../lib/auth';
import { LoginForm } from '../login-form';

jest.mock('../../../../lib/auth', () => ({ signIn: jest.fn(), confirmSignInWithTotp: jest.fn() }));
const signInMock = jest.mocked(signIn);
const confirmTotpMock = jest.mocked(confirmSignInWithTotp);
const cognitoError = (name: string) => Object.assign(new Error(name), { name });

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

const currentPath = () => screen.getByTestId('location').textContent;

function renderLogin(state?: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
      <LocationProbe />
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/dashboard" element={<h1>Tableau de bord</h1>} />
        <Route path="/dashboard/projects" element={<h1>Mes projets</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/Adresse e-mail/), email);
  if (password) await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('LoginForm', () => {
  beforeEach(() => {
    signInMock.mockReset();
    confirmTotpMock.mockReset();
  });

  it('shows the spec validation messages tied to their fields', async () => {
    renderLogin();
    await fillAndSubmit('pas-un-email', '');
    const email = screen.getByLabelText(/Adresse e-mail/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Adresse e-mail invalide.');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAccessibleDescription('Le mot de passe est requis.');
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('links to the forgot-password page', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié\u00A0?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('maps wrong credentials to the invalid credentials message', async () => {
    signInMock.mockRejectedValue(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    renderLogin();
    await fillAndSubmit('agent@exemple.fr', 'mauvais-mdp');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.invalidCredentials);
    expect(currentPath()).toBe('/login');
  });

  it('shows the login default for other failures', async () => {
    signInMock.mockRejectedValue(Object.assign(new Error('Network error'), { name: 'NetworkError' }));
    renderLogin();
    await fillAndSubmit('agent@exemple.fr', 'Secret123!');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.loginFailed);
  });

  it('returns to the page the guard remembered', async () => {
    signInMock.mockResolvedValue('signedIn');
    renderLogin({ from: { pathname: '/dashboard/projects', search: '' } });
    await fillAndSubmit(' agent@exemple.fr ', 'Secret123!');
    expect(await screen.findByRole('heading', { name: 'Mes projets' })).toBeInTheDocument();
    expect(signInMock).toHaveBeenCalledWith('agent@exemple.fr', 'Secret123!');
    expect(currentPath()).toBe('/dashboard/projects');
  });

  it('goes to /dashboard without a remembered page', async () => {
    signInMock.mockResolvedValue('signedIn');
    renderLogin();
    await fillAndSubmit('agent@exemple.fr', 'Secret123!');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeInTheDocument();
  });

  it('asks for the authenticator code when two-factor authentication is on, then signs in', async () => {
    signInMock.mockResolvedValue('totpRequired');
    confirmTotpMock.mockRejectedValueOnce(cognitoError('CodeMismatchException')).mockResolvedValueOnce();
    renderLogin({ from: { pathname: '/dashboard/projects', search: '' } });
    await fillAndSubmit('agent@exemple.fr', 'Secret123!');

    const user = userEvent.setup();
    const code = await screen.findByLabelText(/Code de vérification/);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: AUTH_TEXTS.totpSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.totpInvalid);
    expect(currentPath()).toBe('/login');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: AUTH_TEXTS.totpSubmit }));
    expect(await screen.findByRole('heading', { name: 'Mes projets' })).toBeInTheDocument();
    expect(confirmTotpMock).toHaveBeenLastCalledWith('123456');
  });

  it('goes back to the password when the code step has expired', async () => {
    signInMock.mockResolvedValue('totpRequired');
    confirmTotpMock.mockRejectedValue(cognitoError('NotAuthorizedException'));
    renderLogin();
    await fillAndSubmit('agent@exemple.fr', 'Secret123!');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Code de vérification/), '123456');
    await user.click(screen.getByRole('button', { name: AUTH_TEXTS.totpSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.totpExpired);
    expect(screen.getByLabelText(/^Mot de passe/)).toBeInTheDocument();
  });
});
