import { ORGANIZATIONS_TEXTS, type OrganizationMember } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { isOwner, memberName, roleLabels, type TeamPermissions } from '../team-roles';

const T = ORGANIZATIONS_TEXTS;

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
    <div className="overflow-x-auto rounded-xl border border-ink-200 bg-white">
      <table aria-labelledby={labelledBy} className="w-full text-left text-sm">
        <thead className="bg-ink-50 text-ink-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {T.columns.name}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {T.columns.email}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {T.columns.roles}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              {T.columns.actions}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-200">
          {members.map((member) => {
            const name = memberName(member);
            const self = member.id === currentUserId;
            const canEdit = permissions.canChangeRoles && !self && !isOwner(member);
            const canRemove = permissions.canManage && !self && !isOwner(member);
            return (
              <tr key={member.id}>
                <td className="px-4 py-3 font-medium text-ink-900">
                  {name}
                  {self && <span className="ml-1 font-normal text-ink-600">{T.you}</span>}
                </td>
                <td className="px-4 py-3 text-ink-700">{member.email}</td>
                <td className="px-4 py-3 text-ink-700">{roleLabels(member.roles)}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    {canEdit && (
                      <Button size="sm" variant="outline" aria-label={T.editLabel(name)} onClick={() => onEdit(member)}>
                        {T.edit}
                      </Button>
                    )}
                    {canRemove && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={T.removeLabel(name)}
                        onClick={() => onRemove(member)}
                      >
                        {T.remove}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
