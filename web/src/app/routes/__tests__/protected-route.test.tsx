import type { User } from '@vitrine/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { getAccessToken, signOut } from '../../../lib/auth';
import { api } from '../../../lib/api-client';
import { ProtectedRoute } from '../protected-route';

jest.mock('../../../lib/auth', () => ({ getAccessToken: jest.fn(), signOut: jest.fn() }));
jest.mock('../../../lib/api-client', () => ({ api: jest.fn() }));

const getAccessTokenMock = jest.mocked(getAccessToken);
const signOutMock = jest.mocked(signOut);
const apiMock = jest.mocked(api);

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>login page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

const currentPath = () => screen.getByTestId('location').textContent;

function renderAt(path: string) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route
            path="/dashboard/*"
            element={
              <ProtectedRoute>
                <p>protected content</p>
              </ProtectedRoute>
            }
          />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('ProtectedRoute', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    signOutMock.mockResolvedValue();
  });

  it('shows a spinner while the session loads, then redirects to /login remembering the origin', async () => {
    let resolveToken: (value: string | null) => void = () => undefined;
    getAccessTokenMock.mockReturnValue(new Promise((resolve) => (resolveToken = resolve)));
    renderAt('/dashboard/projects?view=list');
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');

    resolveToken(null);
    expect(await screen.findByText('login page, from /dashboard/projects?view=list')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(apiMock).not.toHaveBeenCalled();
  });

  it('renders the protected page once the profile is loaded', async () => {
    getAccessTokenMock.mockResolvedValue('token');
    apiMock.mockResolvedValue({ id: 'u1', firstName: 'Camille' } as User);
    renderAt('/dashboard');
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    expect(apiMock).toHaveBeenCalledWith('/users/me');
    expect(signOutMock).not.toHaveBeenCalled();
  });

  it('drops the session when the profile cannot be fetched', async () => {
    getAccessTokenMock.mockResolvedValue('token');
    apiMock.mockRejectedValue(new Error('HTTP 500'));
    renderAt('/dashboard/settings');
    // After the retries of a transient failure (PROFILE_RETRY_DELAYS_MS).
    expect(
      await screen.findByText('login page, from /dashboard/settings', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(signOutMock).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/login');
    expect(screen.queryByText('protected content')).not.toBeInTheDocument();
  });

  it('keeps the session through a transient failure of the profile', async () => {
    getAccessTokenMock.mockResolvedValue('token');
    apiMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ id: 'u1', firstName: 'Camille' } as User);
    renderAt('/dashboard');
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    expect(apiMock.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(signOutMock).not.toHaveBeenCalled();
  });

  it('drops the session when the profile is missing', async () => {
    getAccessTokenMock.mockResolvedValue('token');
    apiMock.mockResolvedValue(undefined);
    renderAt('/dashboard');
    expect(await screen.findByText('login page, from /dashboard')).toBeInTheDocument();
    expect(signOutMock).toHaveBeenCalledTimes(1);
  });
});
