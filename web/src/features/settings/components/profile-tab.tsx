import { MESSAGES, SETTINGS_TEXTS, updateProfileSchema, type UpdateProfileInput, type User } from '@vitrine/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { fieldErrors, formValues, type FieldErrors } from '../../../lib/form';
import { TEXTS } from '../../../lib/texts';
import { useUpdateProfile } from '../api/update-profile';

/** Settings > Profil (spec 2.10): first name, last name and phone editable, e-mail read-only. */
export function ProfileTab({ user }: { user: User }) {
  const updateProfile = useUpdateProfile();
  const { toast } = useToast();
  const [errors, setErrors] = useState<FieldErrors<UpdateProfileInput>>({});
  const [saving, setSaving] = useState(false);
  const t = TEXTS.auth;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse(formValues(event.currentTarget));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await updateProfile(parsed.data);
      toast({ title: MESSAGES.settings.profileUpdated, variant: 'success' });
    } catch (error) {
      toast({
        title: MESSAGES.settings.updateFailedTitle,
        description: errorMessage(error, MESSAGES.settings.updateFailed),
        variant: 'error',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="profile-heading" className="max-w-xl">
      <h2 id="profile-heading" className="text-xl font-semibold">
        {SETTINGS_TEXTS.profileTitle}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t.firstName}
            name="firstName"
            autoComplete="given-name"
            defaultValue={user.firstName ?? ''}
            error={errors.firstName}
          />
          <Input
            label={t.lastName}
            name="lastName"
            autoComplete="family-name"
            defaultValue={user.lastName ?? ''}
            error={errors.lastName}
          />
        </div>
        <Input
          label={t.phone}
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          defaultValue={user.phoneNumber ?? ''}
          error={errors.phoneNumber}
        />
        <Input label={t.email} type="email" value={user.email} readOnly hint={SETTINGS_TEXTS.emailReadOnly} />
        <div>
          <Button type="submit" isLoading={saving}>
            {SETTINGS_TEXTS.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
