/**
 * The signed-in user's profile (GET /api/users/me) and logout. Used by the route guard,
 * the dashboard shell and any feature that needs the user; SWR dedupes the calls.
 */
import { type User, API_TEXTS, mayChangeWorkOf } from '@vitrine/shared';
import useSWR, { useSWRConfig } from 'swr';
import { api } from './api-client';
import { ApiError } from './api-error';
import { signOut } from './auth';

export const getUserKey = () => '/users/me';

/** Waits before each new attempt at the profile after a transient failure. */
export const PROFILE_RETRY_DELAYS_MS = [300, 900];

/**
 * A failure that says nothing about the session: the network, or the API answering 5xx (a local
 * Lambda still starting, a page loaded while the previous one's requests hold the server).
 */
const isTransient = (error: unknown) => !(error instanceof ApiError && error.status < 500);

async function fetchProfile(): Promise<User | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await api<User | undefined>(getUserKey());
    } catch (error) {
      const delay = PROFILE_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * The profile. The route guard drops the session when it fails, so only a definite answer (a 4xx,
 * or a failure that outlasts the retries) may: one dropped request must not sign the user out.
 */
export async function getUser(): Promise<User> {
  const user = await fetchProfile();
  // Spec 4: a missing profile drops the session like a failed fetch.
  if (!user || typeof user !== 'object' || !user.id) throw new ApiError(404, API_TEXTS.userNotFound);
  return user;
}

/** True when the user's organization subscription price is an organization plan (spec 2.4: team management). */
export function hasOrganizationPlan(user: User | undefined): boolean {
  return user?.organization?.subscription?.price?.is_organization === true;
}

export function useUser() {
  return useSWR<User, Error>(getUserKey(), getUser, { shouldRetryOnError: false, revalidateOnFocus: false });
}

/**
 * Whether the signed-in user may rename or delete work by `authorId`: theirs, or anyone's for the
 * owner and admins (decision 081, the rule the API applies). False until the profile is known.
 */
export function useMayChangeWorkOf(): (authorId: string) => boolean {
  const { data: user } = useUser();
  return (authorId) => user !== undefined && mayChangeWorkOf(user, authorId);
}

/** Signs out, forgets every cached API answer, then runs `then` (usually navigation to /login). */
export function useLogout() {
  const { mutate } = useSWRConfig();
  return async (then: () => void) => {
    await signOut();
    await mutate(() => true, undefined, { revalidate: false });
    then();
  };
}
