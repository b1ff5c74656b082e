import {
  ASSIGNABLE_ROLES,
  LABELS,
  memberRoleFormSchema,
  ORGANIZATIONS_TEXTS,
  hasRole,
  type AssignableRole,
  type OrganizationMember,
} from '@vitrine/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Input } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/form';
import { useUpdateMemberRole } from '../api/update-member-role';
import { memberName } from '../team-roles';

const T = ORGANIZATIONS_TEXTS;
const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: LABELS.role[role] }));

/**
 * The seed's edit dialog (spec 5, 6), opened by the owner from a member's row: the e-mail, shown,
 * and the role, Administrateur or Membre.
 */
export function EditMemberDialog({
  organizationId,
  member,
  onClose,
}: {
  organizationId: string;
  /** The member being edited; null when closed. */
  member: OrganizationMember | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={member !== null}
      onClose={onClose}
      title={T.editDialog.title}
      description={member ? memberName(member) : undefined}
    >
      {member && <EditMemberForm key={member.id} organizationId={organizationId} member={member} onClose={onClose} />}
    </Dialog>
  );
}

function EditMemberForm({
  organizationId,
  member,
  onClose,
}: {
  organizationId: string;
  member: OrganizationMember;
  onClose: () => void;
}) {
  const updateRole = useUpdateMemberRole(organizationId);
  const { toast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const current: AssignableRole = hasRole(member.roles, 'org_admin') ? 'org_admin' : 'org_member';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(memberRoleFormSchema, { role: current });

  async function submit({ role }: { role: AssignableRole }) {
    try {
      await updateRole(member.id, role);
    } catch (error) {
      setServerError(errorMessage(error, T.errors.update));
      return;
    }
    toast({ title: T.roleUpdated, variant: 'success' });
    onClose();
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setServerError(null);
        void handleSubmit(submit)(event);
      }}
      className="flex flex-col gap-4"
    >
      {serverError && <ErrorAlert description={serverError} />}
      <Input label={T.editDialog.email} type="email" value={member.email} readOnly />
      <SelectField
        label={T.editDialog.role}
        options={ROLE_OPTIONS}
        error={errors.role?.message}
        {...register('role')}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
          {T.cancel}
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          {T.editDialog.submit}
        </Button>
      </div>
    </form>
  );
}
