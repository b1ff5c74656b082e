import { SETTINGS_TEXTS, type User } from '@vitrine/shared';
import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { FormMessage } from '../../../components/auth-layout';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';
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

/** Where the reminder's dismissal is kept, per user: it stays put away on this browser. */
const dismissedKey = (userId: string) => `vitrine.emailReminderDismissed.${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * The dashboard's reminder while the signed-in user's e-mail is not verified: one small line that
 * opens the code form on demand and can be put away, since only inviting needs a verified address
 * (issue 22; the team page asks for it where it matters). Nothing once verified.
 */
export function EmailVerificationBanner() {
  const { data: user } = useUser();
  const { toast } = useToast();
  const [verified, setVerified] = useState(false);
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // An API without the field (older profile) is not asked to verify anything.
  if (!user || user.emailVerified !== false || verified) return null;
  if (dismissed === user.id || readDismissed(user.id)) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user.id), '1');
    } catch {
      // Storage disabled: put away for this page only.
    }
    setDismissed(user.id);
  };

  return (
    <div role="region" aria-label={T.bannerLabel} className="mb-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-accent-100 px-3 py-2 text-sm text-ink-800">
        <p className="min-w-0 flex-1">{T.banner}</p>
        {!open && (
          <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
            {T.bannerAction}
          </Button>
        )}
        <button
          type="button"
          onClick={dismiss}
          aria-label={T.dismiss}
          title={T.dismiss}
          className="inline-flex size-8 items-center justify-center rounded-full text-ink-700 hover:bg-white/70"
        >
          <StrokeIcon d={ICON_PATHS.close} size={16} />
        </button>
      </div>
      {open && (
        <EmailVerification
          user={user}
          onVerified={() => {
            setVerified(true);
            toast({ title: T.confirmed, variant: 'success' });
          }}
        />
      )}
    </div>
  );
}
