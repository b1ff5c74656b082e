import { SETTINGS_TEXTS, type User } from '@vitrine/shared';
import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { FormMessage } from '../../../components/auth-layout';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { confirmEmail, sendEmailVerificationCode } from '../../../lib/auth';
import { getUserKey, useUser } from '../../../lib/session';
import { emailVerificationErrorMessage } from '../../../lib/cognito-errors';

const T = SETTINGS_TEXTS.emailVerification;

export interface EmailVerificationProps {
  user: User;
  /** Called once Cognito has marked the e-mail verified and the profile was reloaded. */
  onVerified?: () => void;
}

/**
 * Proof that the user owns their e-mail (issue 10: inviting and accepting an invitation need it):
 * the code Cognito sent, and a button to send another one.
 */
export function EmailVerification({ user, onVerified }: EmailVerificationProps) {
  const { mutate } = useSWRConfig();
  const headingId = useId();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<'confirm' | 'resend' | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setMessage({ tone: 'error', text: T.codeRequired });
      return;
    }
    setPending('confirm');
    setMessage(null);
    try {
      await confirmEmail(code.trim());
    } catch (error) {
      setMessage({ tone: 'error', text: emailVerificationErrorMessage(error) });
      setPending(null);
      return;
    }
    await mutate(getUserKey());
    setPending(null);
    onVerified?.();
  };

  const resend = async () => {
    setPending('resend');
    setMessage(null);
    try {
      await sendEmailVerificationCode();
      setMessage({ tone: 'success', text: T.resent(user.email) });
    } catch (error) {
      setMessage({ tone: 'error', text: emailVerificationErrorMessage(error) });
    } finally {
      setPending(null);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-accent-500/60 bg-accent-100 p-4 text-sm text-ink-800"
    >
      <h2 id={headingId} className="font-semibold text-ink-900">
        {T.title}
      </h2>
      <p className="mt-1">{T.description(user.email)}</p>
      <form noValidate onSubmit={(event) => void confirm(event)} className="mt-3 flex flex-col gap-3">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <div className="flex flex-wrap items-end gap-3">
          <Input
            label={T.code}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            containerClassName="w-48"
          />
          <Button type="submit" isLoading={pending === 'confirm'} disabled={pending !== null}>
            {T.submit}
          </Button>
          <Button
            variant="ghost"
            isLoading={pending === 'resend'}
            disabled={pending !== null}
            onClick={() => void resend()}
          >
            {T.resend}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The dashboard's banner while the signed-in user's e-mail is not verified; nothing otherwise. */
export function EmailVerificationBanner() {
  const { data: user } = useUser();
  const { toast } = useToast();
  const [verified, setVerified] = useState(false);
  // An API without the field (older profile) is not asked to verify anything.
  if (!user || user.emailVerified !== false || verified) return null;
  return (
    <div className="mb-6">
      <EmailVerification
        user={user}
        onVerified={() => {
          setVerified(true);
          toast({ title: T.confirmed, variant: 'success' });
        }}
      />
    </div>
  );
}
