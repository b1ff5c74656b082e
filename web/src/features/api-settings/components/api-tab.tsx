import { API_KEYS_TEXTS, type ApiKeySummary, type CreatedApiKey } from '@vitrine/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { ApiKeysTable } from './api-keys-table';
import { CreateKeyForm } from './create-key-form';
import { SecretShownOnceDialog } from './secret-shown-once-dialog';
import { WebhooksSection } from './webhooks-section';

const T = API_KEYS_TEXTS;

/** Paramètres > API (issue 25), for owners and admins: create, list and revoke the organization's keys, and
 * its webhooks (decision 114). */
export function ApiTab() {
  const headingId = useId();
  const { data: apiKeys, error } = useApiKeys();
  const revoke = useRevokeApiKey();
  const { toast } = useToast();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmRevoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      await revoke(revoking.id);
      toast({ title: T.revokeDone, variant: 'success' });
    } catch (revokeError) {
      toast({ title: errorMessage(revokeError, T.actionFailed), variant: 'error' });
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {T.title}
        </h2>
        <p className="text-sm text-ink-700">{T.intro}</p>
        <Link to={paths.dashboard.apiReference.getHref()} className="text-sm font-medium text-brand-700 underline">
          {T.reference}
        </Link>
      </div>
      <CreateKeyForm onCreated={setCreated} />
      {error ? (
        <ErrorAlert description={errorMessage(error, T.loadFailed)} />
      ) : apiKeys ? (
        <ApiKeysTable apiKeys={apiKeys} onRevoke={setRevoking} labelledBy={headingId} />
      ) : (
        <Spinner />
      )}
      <SecretShownOnceDialog
        shown={created && { name: created.name, secret: created.key }}
        texts={T}
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={T.revokeTitle}
        description={T.revokeConfirm}
        confirmLabel={T.revoke}
        cancelLabel={T.cancel}
        busy={busy}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
      <WebhooksSection />
    </div>
  );
}
