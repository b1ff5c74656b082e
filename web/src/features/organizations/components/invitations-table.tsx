import { formatDate, ORGANIZATIONS_TEXTS, type Invitation } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';

const T = ORGANIZATIONS_TEXTS;

/** Spec 2.11: the pending invitations, e-mail and send date (fr-FR), with their expiry; revocable by managers. */
export function InvitationsTable({
  invitations,
  canRevoke,
  onRevoke,
  labelledBy,
}: {
  invitations: readonly Invitation[];
  canRevoke: boolean;
  onRevoke: (invitation: Invitation) => void;
  labelledBy: string;
}) {
  if (invitations.length === 0) return <p className="text-sm text-ink-600">{T.noInvitations}</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-ink-200 bg-white">
      <table aria-labelledby={labelledBy} className="w-full text-left text-sm">
        <thead className="bg-ink-50 text-ink-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {T.columns.email}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {T.columns.sentAt}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {T.columns.expiresAt}
            </th>
            {canRevoke && (
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {T.columns.actions}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-200">
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td className="px-4 py-3 font-medium text-ink-900">{invitation.email}</td>
              <td className="px-4 py-3 text-ink-700">{formatDate(invitation.createdAt)}</td>
              <td className="px-4 py-3 text-ink-700">{formatDate(invitation.expiresAt)}</td>
              {canRevoke && (
                <td className="px-4 py-3">
                  <div className="flex justify-end">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={T.revokeLabel(invitation.email)}
                      onClick={() => onRevoke(invitation)}
                    >
                      {T.revoke}
                    </Button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
