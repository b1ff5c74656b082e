import { AUTH_TEXTS, SETTINGS_TEXTS, updateProfileSchema, type UpdateProfileInput, type User } from '@vitrine/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/form';
import { useUpdateProfile } from '../api/update-profile';

/** Settings > Profil (spec 2.10): first name, last name and phone editable, e-mail read-only. */
export function ProfileTab({ user }: { user: User }) {
  const updateProfile = useUpdateProfile();
  const { toast } = useToast();
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(updateProfileSchema, {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneNumber: user.phoneNumber ?? '',
  });
  const t = AUTH_TEXTS;

  const submit = async (input: UpdateProfileInput) => {
    setSaving(true);
    try {
      await updateProfile(input);
      toast({ title: SETTINGS_TEXTS.profileUpdated, variant: 'success' });
    } catch (error) {
      toast({
        title: SETTINGS_TEXTS.updateFailedTitle,
        description: errorMessage(error, SETTINGS_TEXTS.updateFailed),
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
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t.firstName}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <Input
            label={t.lastName}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <Input
          label={t.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
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
