/** POST /api/invitations/accept/{token} (signed in, e-mail verified and equal to the invited one). */
import { api } from '../../../lib/api-client';

export const acceptInvitation = (token: string) =>
  api<{ organizationId: string }>(`/invitations/accept/${encodeURIComponent(token)}`, { method: 'POST' });
