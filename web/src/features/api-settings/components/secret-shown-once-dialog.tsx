import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** The wording of one kind of secret: an API key (API_KEYS_TEXTS) or a webhook's signing secret (WEBHOOKS_TEXTS). */
export interface SecretShownOnceTexts {
  created: string;
  shownOnce: string;
  copy: string;
  copied: string;
  close: string;
}

/**
 * The only time a secret is shown (an API key, decision 102; a webhook's signing secret, decision
 * 114): copy it now; closing forgets it.
 */
export function SecretShownOnceDialog({
  shown,
  texts: T,
  onClose,
}: {
  /** What was created: its name (or URL) and its secret; null when the dialog is closed. */
  shown: { name: string; secret: string } | null;
  texts: SecretShownOnceTexts;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog
      open={shown !== null}
      onClose={close}
      title={T.created}
      description={T.shownOnce}
      footer={<Button onClick={close}>{T.close}</Button>}
    >
      {shown && (
        <div className="flex flex-col gap-3">
          <p className="break-all font-medium text-ink-900">{shown.name}</p>
          <code className="block break-all rounded-md bg-ink-100 p-3 font-mono text-sm text-ink-900">
            {shown.secret}
          </code>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void navigator.clipboard.writeText(shown.secret).then(() => setCopied(true))}
          >
            {copied ? T.copied : T.copy}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
