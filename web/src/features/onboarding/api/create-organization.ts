/** POST /api/organizations: the caller's organization, created during the onboarding. */
import { api } from '../../../lib/api-client';

export interface CreatedOrganization {
  id: string;
  name: string;
}

/** Spec 5: an answer without id is an invalid response (the user sees the creation error). */
export class InvalidOrganizationResponseError extends Error {
  override name = 'InvalidOrganizationResponseError';
  constructor() {
    super('POST /organizations answered without an organization id');
  }
}

export async function createOrganization(name: string): Promise<CreatedOrganization> {
  const organization = await api<Partial<CreatedOrganization> | undefined>('/organizations', {
    method: 'POST',
    body: { name },
  });
  if (!organization || typeof organization.id !== 'string' || !organization.id)
    throw new InvalidOrganizationResponseError();
  return { id: organization.id, name: organization.name ?? name };
}
