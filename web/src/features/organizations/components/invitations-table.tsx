import { formatDate, ORGANIZATIONS_TEXTS, type Invitation } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { ActionsCell, DataCell, DataTable } from '../../../components/ui/data-table';

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
  const columns = [
    { key: 'email', header: T.columns.email },
    { key: 'sentAt', header: T.columns.sentAt },
    { key: 'expiresAt', header: T.columns.expiresAt },
    ...(canRevoke ? [{ key: 'actions', header: T.columns.actions, align: 'end' } as const] : []),
  ];
  return (
    <DataTable columns={columns} labelledBy={labelledBy}>
      {invitations.map((invitation) => (
        <tr key={invitation.id}>
          <DataCell className="font-medium text-ink-900">{invitation.email}</DataCell>
          <DataCell className="text-ink-700">{formatDate(invitation.createdAt)}</DataCell>
          <DataCell className="text-ink-700">{formatDate(invitation.expiresAt)}</DataCell>
          {canRevoke && (
            <ActionsCell>
              <Button
                size="sm"
                variant="ghost"
                aria-label={T.revokeLabel(invitation.email)}
                onClick={() => onRevoke(invitation)}
              >
                {T.revoke}
              </Button>
            </ActionsCell>
          )}
        </tr>
      ))}
    </DataTable>
  );
}
