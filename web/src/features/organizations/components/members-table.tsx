import { ORGANIZATIONS_TEXTS, type OrganizationMember } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { ActionsCell, DataCell, DataTable } from '../../../components/ui/data-table';
import { isOwner, memberName, roleLabels, type TeamPermissions } from '../team-roles';

const T = ORGANIZATIONS_TEXTS;
const COLUMNS = [
  { key: 'name', header: T.columns.name },
  { key: 'email', header: T.columns.email },
  { key: 'roles', header: T.columns.roles },
  { key: 'actions', header: T.columns.actions, align: 'end' },
] as const;

export interface MembersTableProps {
  members: readonly OrganizationMember[];
  /** The signed-in user's id: their own row has no action. */
  currentUserId: string;
  permissions: TeamPermissions;
  onEdit: (member: OrganizationMember) => void;
  onRemove: (member: OrganizationMember) => void;
  labelledBy: string;
}

/** Spec 2.11: name, e-mail, roles (spec 6 labels), actions; no action on the owner's row or one's own. */
export function MembersTable({ members, currentUserId, permissions, onEdit, onRemove, labelledBy }: MembersTableProps) {
  return (
    <DataTable columns={COLUMNS} labelledBy={labelledBy}>
      {members.map((member) => {
        const name = memberName(member);
        const self = member.id === currentUserId;
        const canEdit = permissions.canChangeRoles && !self && !isOwner(member);
        const canRemove = permissions.canManage && !self && !isOwner(member);
        return (
          <tr key={member.id}>
            <DataCell className="font-medium text-ink-900">
              {name}
              {self && <span className="ml-1 font-normal text-ink-600">{T.you}</span>}
            </DataCell>
            <DataCell className="text-ink-700">{member.email}</DataCell>
            <DataCell className="text-ink-700">{roleLabels(member.roles)}</DataCell>
            <ActionsCell>
              {canEdit && (
                <Button size="sm" variant="outline" aria-label={T.editLabel(name)} onClick={() => onEdit(member)}>
                  {T.edit}
                </Button>
              )}
              {canRemove && (
                <Button size="sm" variant="ghost" aria-label={T.removeLabel(name)} onClick={() => onRemove(member)}>
                  {T.remove}
                </Button>
              )}
            </ActionsCell>
          </tr>
        );
      })}
    </DataTable>
  );
}
