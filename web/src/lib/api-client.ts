/**
 * The API client: every call to /api goes through `api`, which adds the Cognito access
 * token, parses JSON and handles errors in one place (spec 8: a 401 clears the session and
 * goes to /login unless already there; a 403 is logged only).
 */
import { paths } from '../config/paths';
import { loadConfig } from './config';
import { ApiError, retryAfterSeconds, serverCode, serverMessage } from './api-error';
import { getAccessToken, signOut } from './auth';
import { navigateTo } from './navigation';

export interface ApiRequestOptions extends Omit<RequestInit, 'body'> {
  /** Serialised as JSON when it is not FormData, a Blob or a string. */
  body?: unknown;
}

async function handleUnauthorized(): Promise<void> {
  console.warn('API answered 401: the session is cleared.');
  await signOut();
  if (window.location.pathname !== paths.auth.login.path) navigateTo(paths.auth.login.getHref());
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string') return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Calls `${apiBase}${path}` (path like '/users/me') and resolves with the parsed JSON body. */
export async function api<T>(path: string, { body, headers: init, ...options }: ApiRequestOptions = {}): Promise<T> {
  const [config, token] = await Promise.all([loadConfig(), getAccessToken()]);
  const headers = new Headers(init);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${config.apiBase}${path}`, { ...options, headers, body: encodeBody(body, headers) });
  const data = await readBody(response);
  if (response.ok) return data as T;

  if (response.status === 401) await handleUnauthorized();
  if (response.status === 403) console.warn(`API answered 403 for ${path}`);
  throw new ApiError(
    response.status,
    serverMessage(data) ?? '',
    serverCode(data),
    retryAfterSeconds(response.headers.get('retry-after')),
  );
}

/** SWR fetcher: the key is the API path. */
export const apiFetcher = <T>(path: string): Promise<T> => api<T>(path);
