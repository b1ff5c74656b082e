import { ApiError, retryAfterSeconds } from '../api-error';
import { api } from '../api-client';
import { getAccessToken, signOut } from '../auth';
import { loadConfig } from '../config';
import { registerNavigate } from '../navigation';

jest.mock('../auth', () => ({ getAccessToken: jest.fn(), signOut: jest.fn() }));
jest.mock('../config', () => ({ loadConfig: jest.fn() }));

const fetchMock = jest.fn();
const navigate = jest.fn();

function answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(headers),
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  };
}

beforeAll(() => {
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, writable: true });
  registerNavigate(navigate);
});

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(loadConfig).mockResolvedValue({
    apiBase: '/api',
    region: 'eu-west-3',
    userPoolId: 'local_pool',
    userPoolClientId: 'client',
    authFlow: 'USER_PASSWORD_AUTH',
    mode: 'local',
    demoBookingUrl: '',
  });
  jest.mocked(getAccessToken).mockResolvedValue('access-token');
  jest.mocked(signOut).mockResolvedValue();
  window.history.replaceState(null, '', '/dashboard');
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('api', () => {
  it('calls apiBase with the bearer token and a JSON body', async () => {
    fetchMock.mockResolvedValue(answer(200, { id: 'u1' }));
    await expect(api('/users/me', { method: 'PATCH', body: { firstName: 'Camille' } })).resolves.toEqual({ id: 'u1' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users/me');
    const headers = init.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer access-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"firstName":"Camille"}');
  });

  it("carries a 429's Retry-After, in seconds or as an HTTP date", async () => {
    fetchMock.mockResolvedValue(answer(429, { code: 'RATE_LIMITED', message: 'Trop' }, { 'Retry-After': '10' }));
    await expect(api('/image-processing/enhance', { method: 'POST' })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 10,
    });
    expect(
      retryAfterSeconds(new Date(Date.parse('2026-01-01T00:00:30Z')).toUTCString(), Date.parse('2026-01-01T00:00:00Z')),
    ).toBe(30);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });

  it('throws an ApiError with the server message, joining lists', async () => {
    fetchMock.mockResolvedValue(answer(400, { message: ['Nom requis', 'Adresse invalide'] }));
    const error = await api('/projects').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Nom requis, Adresse invalide' });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('exposes the error code of the contract, and ignores codes it does not know', async () => {
    fetchMock.mockResolvedValue(answer(402, { code: 'INSUFFICIENT_CREDITS', message: 'Crédits insuffisants.' }));
    await expect(api('/image-processing/enhance')).rejects.toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
      message: 'Crédits insuffisants.',
    });
    fetchMock.mockResolvedValue(answer(400, { code: 'SOMETHING_NEW', message: 'Requête invalide.' }));
    await expect(api('/projects')).rejects.toMatchObject({ status: 400, code: undefined });
  });

  it('clears the session and goes to /login on a 401', async () => {
    fetchMock.mockResolvedValue(answer(401, { message: 'Authentification requise.' }));
    await expect(api('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('does not navigate on a 401 when already on /login', async () => {
    window.history.replaceState(null, '', '/login');
    fetchMock.mockResolvedValue(answer(401));
    await expect(api('/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
