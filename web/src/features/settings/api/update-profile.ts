/** PATCH /api/users/me: first name, last name and phone (spec 7), then the cached profile is replaced. */
import type { UpdateProfileInput, User } from '@vitrine/shared';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { getUserKey } from '../../../lib/session';

export const updateProfile = (input: UpdateProfileInput) => api<User>(getUserKey(), { method: 'PATCH', body: input });

export function useUpdateProfile() {
  const { mutate } = useSWRConfig();
  return async (input: UpdateProfileInput): Promise<User> => {
    const user = await updateProfile(input);
    await mutate(getUserKey(), user, { revalidate: false });
    return user;
  };
}
