import { useId, useState } from 'react';
import { SHARE_LINK, SHARES_TEXTS, type CreateShareInput } from '@vitrine/shared';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { createShare } from '../api/shares';
import { shareUrl } from '../share-url';

const T = SHARES_TEXTS;

export interface ShareButtonProps {
  /** What the link shows: a project's images, or the given images. */
  target: Pick<CreateShareInput, 'projectId' | 'imageIds'>;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  disabled?: boolean;
}

/**
 * 'Partager': a dialog that creates a link (validity in days, 90 by default) and shows it once,
 * with a copy button: the server keeps only the token's hash.
 */
export function ShareButton({ target, label = T.share, variant = 'outline', size = 'sm', disabled }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(String(SHARE_LINK.defaultDays));
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const linkId = useId();
  const toast = useToast();

  const close = () => {
    setOpen(false);
    setUrl(null);
    setFailed(false);
    setDays(String(SHARE_LINK.defaultDays));
  };
  const dayCount = Number(days);
  const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= SHARE_LINK.maxDays;

  const create = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const created = await createShare({ ...target, expiresInDays: dayCount });
      setUrl(shareUrl(created.token));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    toast.toast({ variant: 'success', title: T.copied });
  };

  return (
    <>
      <Button variant={variant} size={size} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={T.dialogTitle}
        description={T.dialogDescription}
        footer={
          url ? (
            <Button variant="ghost" onClick={close}>
              {T.close}
            </Button>
          ) : (
            <>
              <Button variant="ghost" onClick={close}>
                {T.cancel}
              </Button>
              <Button isLoading={busy} disabled={!daysValid} onClick={() => void create()}>
                {busy ? T.creating : T.create}
              </Button>
            </>
          )
        }
      >
        {url ? (
          <div className="flex flex-col gap-3">
            <label htmlFor={linkId} className="text-sm font-medium">
              {T.linkLabel}
            </label>
            <input
              id={linkId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-md border border-ink-300 px-3 py-2 text-sm"
            />
            <p className="text-sm text-ink-600">{T.linkOnce}</p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void copy()}>
                {T.copy}
              </Button>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-medium text-brand-700 hover:underline self-center"
              >
                {T.open}
              </a>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <Input
              label={T.daysLabel}
              hint={T.daysHint}
              type="number"
              inputMode="numeric"
              min={1}
              max={SHARE_LINK.maxDays}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
            {failed && <ErrorAlert description={T.createFailed} />}
          </div>
        )}
      </Dialog>
    </>
  );
}
