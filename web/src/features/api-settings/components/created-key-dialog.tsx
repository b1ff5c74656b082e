import { API_KEYS_TEXTS, type CreatedApiKey } from '@vitrine/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

const T = API_KEYS_TEXTS;

/** The only time a key is shown (decision 102): copy it now; closing forgets it. */
export function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog
      open={created !== null}
      onClose={close}
      title={T.created}
      description={T.shownOnce}
      footer={<Button onClick={close}>{T.close}</Button>}
    >
      {created && (
        <div className="flex flex-col gap-3">
          <p className="font-medium text-ink-900">{created.name}</p>
          <code className="block break-all rounded-md bg-ink-100 p-3 font-mono text-sm text-ink-900">
            {created.key}
          </code>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void navigator.clipboard.writeText(created.key).then(() => setCopied(true))}
          >
            {copied ? T.copied : T.copy}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
