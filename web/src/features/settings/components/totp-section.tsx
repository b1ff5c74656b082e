import { COMMON_TEXTS, SETTINGS_TEXTS } from '@vitrine/shared';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { FormMessage } from '../../../components/auth-layout';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { disableTotp, enableTotp, isTotpEnabled, startTotpSetup } from '../../../lib/auth';
import { totpErrorMessage } from '../../../lib/cognito-errors';

const T = SETTINGS_TEXTS.totp;
/** SWR key of the user's TOTP state, read from Cognito (not an API path). */
const TOTP_KEY = 'cognito:mfa-preference';
const SIX_DIGITS = /^\d{6}$/;

interface Enrolment {
  secret: string;
  /** The otpauth:// URI as an SVG QR code (data URL). */
  qrCode: string;
}

/** An otpauth:// URI as an SVG QR code; qrcode loads only when someone enables two-factor authentication. */
async function qrCodeOf(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Settings > Sécurité, optional two-factor authentication (issue 10): Cognito TOTP. Enrolment shows
 * a QR code and the key, and only turns TOTP on once a first code from the app is verified; the
 * sign-in then asks for a code (features/auth, login form).
 */
export function TotpSection({ accountName }: { accountName: string }) {
  const {
    data: enabled,
    error,
    mutate,
  } = useSWR<boolean, Error>(TOTP_KEY, isTotpEnabled, {
    revalidateOnFocus: false,
  });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (caught) {
      setMessage({ tone: 'error', text: totpErrorMessage(caught, 'settings') });
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      const setup = await startTotpSetup(COMMON_TEXTS.appName, accountName);
      setEnrolment({ secret: setup.secret, qrCode: await qrCodeOf(setup.uri) });
      setCode('');
    });

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (!SIX_DIGITS.test(code.trim())) {
      setMessage({ tone: 'error', text: T.codeFormat });
      return;
    }
    void run(async () => {
      await enableTotp(code.trim());
      setEnrolment(null);
      await mutate(true, { revalidate: false });
      setMessage({ tone: 'success', text: T.enabled });
    });
  };

  const disable = () => {
    setConfirmDisable(false);
    void run(async () => {
      await disableTotp();
      await mutate(false, { revalidate: false });
      setMessage({ tone: 'success', text: T.disabled });
    });
  };

  return (
    <section aria-labelledby="totp-heading" className="max-w-xl">
      <h2 id="totp-heading" className="text-xl font-semibold">
        {T.title}
      </h2>
      <p className="mt-2 text-sm text-ink-600">{T.intro}</p>
      <div className="mt-4 flex flex-col gap-4">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        {error ? (
          <ErrorAlert description={T.loadFailed} />
        ) : enabled === undefined ? (
          <Spinner />
        ) : (
          <>
            <p className="text-sm">
              {`${T.status}\u00A0: `}
              <strong data-testid="totp-status">{enabled ? T.on : T.off}</strong>
            </p>
            {enabled && (
              <div>
                <Button variant="outline" isLoading={busy} onClick={() => setConfirmDisable(true)}>
                  {T.disable}
                </Button>
              </div>
            )}
            {!enabled && !enrolment && (
              <div>
                <Button variant="outline" isLoading={busy} onClick={() => void start()}>
                  {T.enable}
                </Button>
              </div>
            )}
            {!enabled && enrolment && (
              <form noValidate onSubmit={verify} className="flex flex-col gap-4 rounded-xl border border-ink-200 p-4">
                <p className="text-sm text-ink-700">{T.scan}</p>
                <img src={enrolment.qrCode} alt={T.qrAlt} width={176} height={176} className="size-44" />
                <div className="text-sm">
                  <span className="text-ink-600">{`${T.secret}\u00A0: `}</span>
                  <code data-testid="totp-secret" className="font-mono break-all select-all">
                    {enrolment.secret}
                  </code>
                </div>
                <Input
                  label={T.code}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
                <div className="flex flex-wrap gap-3">
                  <Button type="submit" isLoading={busy}>
                    {T.verify}
                  </Button>
                  <Button variant="ghost" disabled={busy} onClick={() => setEnrolment(null)}>
                    {T.cancel}
                  </Button>
                </div>
              </form>
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirmDisable}
        title={T.disableTitle}
        description={T.disableDescription}
        confirmLabel={T.disableConfirm}
        cancelLabel={T.cancel}
        onConfirm={disable}
        onCancel={() => setConfirmDisable(false)}
      />
    </section>
  );
}
