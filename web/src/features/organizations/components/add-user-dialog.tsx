import { AUTH_TEXTS, inviteMemberSchema, ORGANIZATIONS_TEXTS, type InviteMemberInput } from '@vitrine/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/form';
import { useInviteUser } from '../api/invite-user';

const T = ORGANIZATIONS_TEXTS;
const EMPTY = { email: '', firstName: '', lastName: '' };

/**
 * 'Ajouter un utilisateur' (spec 2.11, 5): e-mail (required), first and last name. The server
 * sends the invitation; the person joins as org_member once they accept. Errors show inside the
 * dialog, which sits above the toasts.
 */
export function AddUserDialog({
  organizationId,
  open,
  onClose,
}: {
  organizationId: string;
  open: boolean;
  onClose: () => void;
}) {
  const invite = useInviteUser(organizationId);
  const { toast } = useToast();
  const formId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(inviteMemberSchema, EMPTY);

  const close = () => {
    reset(EMPTY);
    setServerError(null);
    onClose();
  };

  async function submit(input: InviteMemberInput) {
    try {
      await invite(input);
    } catch (error) {
      setServerError(errorMessage(error, T.errors.add));
      return;
    }
    toast({ title: T.invitationSent(input.email), variant: 'success' });
    close();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={T.addDialog.title}
      description={T.addDialog.description}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={isSubmitting}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting}>
            {T.addDialog.submit}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          setServerError(null);
          void handleSubmit(submit)(event);
        }}
        className="flex flex-col gap-4"
      >
        {serverError && <ErrorAlert description={serverError} />}
        <Input
          label={T.addDialog.email}
          type="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={AUTH_TEXTS.firstName}
            autoComplete="off"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <Input
            label={AUTH_TEXTS.lastName}
            autoComplete="off"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
      </form>
    </Dialog>
  );
}
