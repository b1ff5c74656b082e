/**
 * The signed-in user's profile (GET /api/users/me) and logout. Used by the route guard,
 * the dashboard shell and any feature that needs the user; SWR dedupes the calls.
 */
import { type User, API_TEXTS } from '@vitrine/shared';
import useSWR, { useSWRConfig } from 'swr';
import { api } from './api-client';
import { ApiError } from './api-error';
import { signOut } from './auth';

export const getUserKey = () => '/users/me';

export async function getUser(): Promise<User> {
  const user = await api<User | undefined>(getUserKey());
  // Spec 4: a missing profile drops the session like a failed fetch.
  if (!user || typeof user !== 'object' || !user.id) throw new ApiError(404, API_TEXTS.userNotFound);
  return user;
}

export function useUser() {
  return useSWR<User, Error>(getUserKey(), getUser, { shouldRetryOnError: false, revalidateOnFocus: false });
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
