import {
  API_TEXTS,
  findPlan,
  ORGANIZATIONS_TEXTS,
  type Invitation,
  type OrganizationMember,
  type User,
} from '@vitrine/shared';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { hasOrganizationPlan } from '../../../lib/session';
import { usePendingInvitations } from '../api/get-invitations';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { memberName, teamPermissions } from '../team-roles';
import { AddUserDialog } from './add-user-dialog';
import { EditMemberDialog } from './edit-member-dialog';
import { InvitationsTable } from './invitations-table';
import { MembersTable } from './members-table';

const T = ORGANIZATIONS_TEXTS;

/** The e-mail confirmation form (settings feature), composed in by app/ (features do not import each other). */
export type RenderEmailVerification = (props: { user: User; onVerified: () => void }) => ReactNode;

/** /dashboard/organizations (spec 2.11): only organization plans have a team; others are told why. */
export function OrganizationPage({
  user,
  renderEmailVerification,
}: {
  user: User;
  renderEmailVerification?: RenderEmailVerification;
}) {
  const organization = user.organization;
  if (!user.organizationId || !organization) return <Unavailable message={API_TEXTS.noOrganization} />;
  if (!hasOrganizationPlan(user)) return <Unavailable message={T.unavailable.noTeamPlan} />;
  return (
    <TeamScreen
      user={user}
      organizationId={user.organizationId}
      organizationName={organization.name}
      renderEmailVerification={renderEmailVerification}
    />
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <section aria-labelledby="organization-heading" className="mx-auto max-w-2xl">
      <title>{`${T.title} | Vitrine`}</title>
      <h1 id="organization-heading" className="text-2xl font-bold sm:text-3xl">
        {T.unavailable.title}
      </h1>
      <p className="mt-4 text-ink-700">{message}</p>
      <Link to={paths.dashboard.root.getHref()} className={buttonClasses({ variant: 'outline', className: 'mt-6' })}>
        {T.unavailable.backHome}
      </Link>
    </section>
  );
}

function TeamScreen({
  user,
  organizationId,
  organizationName,
  renderEmailVerification,
}: {
  user: User;
  organizationId: string;
  organizationName: string;
  renderEmailVerification?: RenderEmailVerification;
}) {
  const permissions = teamPermissions(user);
  const members = useMembers(organizationId);
  const invitations = usePendingInvitations(organizationId);
  const removeMember = useRemoveMember(organizationId);
  const revokeInvitation = useRevokeInvitation(organizationId);
  const { toast } = useToast();
  const membersHeading = useId();
  const invitationsHeading = useId();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<OrganizationMember | null>(null);
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const verifyHint = useId();
  // Inviting needs a confirmed address (decision 38): asked here rather than on every page (issue 22).
  const mustVerify = permissions.canManage && user.emailVerified === false;

  // A role the server does not let list invitations sees no such section.
  const invitationsForbidden = invitations.error instanceof ApiError && invitations.error.status === 403;
  const maxUsers = findPlan(user.organization?.subscription?.price?.id ?? '')?.maxUsers;
  const seatsUsed =
    members.data && (invitations.data || invitationsForbidden)
      ? members.data.length + (invitations.data?.length ?? 0)
      : undefined;

  const confirmRemove = async () => {
    const member = removing;
    setRemoving(null);
    if (!member) return;
    try {
      await removeMember(member.id);
      toast({ title: T.removed(memberName(member)), variant: 'success' });
    } catch (error) {
      toast({ title: T.errors.remove, description: errorMessage(error, T.errors.remove), variant: 'error' });
    }
  };

  const confirmRevoke = async () => {
    const invitation = revoking;
    setRevoking(null);
    if (!invitation) return;
    try {
      await revokeInvitation(invitation.id);
      toast({ title: T.revoked, variant: 'success' });
    } catch (error) {
      toast({ title: T.revokeFailed, description: errorMessage(error, T.revokeFailed), variant: 'error' });
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10">
      <title>{`${T.title} | Vitrine`}</title>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{T.title}</h1>
        <p className="mt-2 text-lg font-medium text-ink-900" data-testid="organization-name">
          {organizationName}
        </p>
        <p className="mt-1 text-ink-600">{T.intro(organizationName)}</p>
        {maxUsers !== undefined && seatsUsed !== undefined && (
          <p className="mt-2 text-sm text-ink-700" data-testid="organization-seats">
            {T.seats(seatsUsed, maxUsers)}
            <span className="text-ink-600">{` · ${T.seatsHint}`}</span>
          </p>
        )}
      </header>

      <section aria-labelledby={membersHeading} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={membersHeading} className="text-xl font-semibold">
            {T.membersTitle}
          </h2>
          {permissions.canManage && (
            <Button
              onClick={() => setAdding(true)}
              disabled={mustVerify}
              aria-describedby={mustVerify ? verifyHint : undefined}
            >
              {T.addUser}
            </Button>
          )}
        </div>
        {mustVerify && (
          <div className="flex flex-col gap-3">
            <p id={verifyHint} className="text-sm text-ink-700">
              {T.verifyToInvite}
            </p>
            {renderEmailVerification?.({ user, onVerified: () => undefined })}
          </div>
        )}
        {members.error ? (
          <ErrorAlert description={errorMessage(members.error, T.errors.loadMembers)} />
        ) : !members.data ? (
          <Spinner />
        ) : (
          <MembersTable
            members={members.data}
            currentUserId={user.id}
            permissions={permissions}
            onEdit={setEditing}
            onRemove={setRemoving}
            labelledBy={membersHeading}
          />
        )}
      </section>

      {!invitationsForbidden && (
        <section aria-labelledby={invitationsHeading} className="flex flex-col gap-4">
          <h2 id={invitationsHeading} className="text-xl font-semibold">
            {T.invitationsTitle}
          </h2>
          {invitations.error ? (
            <ErrorAlert description={errorMessage(invitations.error, T.invitationsLoadFailed)} />
          ) : !invitations.data ? (
            <Spinner />
          ) : (
            <InvitationsTable
              invitations={invitations.data}
              canRevoke={permissions.canManage}
              onRevoke={setRevoking}
              labelledBy={invitationsHeading}
            />
          )}
        </section>
      )}

      {permissions.canManage && (
        <AddUserDialog organizationId={organizationId} open={adding} onClose={() => setAdding(false)} />
      )}
      {permissions.canChangeRoles && (
        <EditMemberDialog organizationId={organizationId} member={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={T.removeTitle}
        description={removing ? T.removeDescription(memberName(removing)) : ''}
        confirmLabel={T.remove}
        cancelLabel={T.cancel}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={T.revokeTitle}
        description={revoking ? T.revokeDescription(revoking.email) : ''}
        confirmLabel={T.revoke}
        cancelLabel={T.cancel}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
