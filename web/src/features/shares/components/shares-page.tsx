import { useId, useState } from 'react';
import { formatDate, SHARE_LINK, SHARES_TEXTS, type ShareLink } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ActionsCell, DataCell, DataTable, SkeletonRows } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { useMayChangeWorkOf } from '../../../lib/session';
import { useShareChanges, useShareLinks } from '../api/shares';

const T = SHARES_TEXTS;

const COLUMNS = [
  { key: 'content', header: T.columns.content },
  { key: 'created', header: T.columns.created },
  { key: 'expires', header: T.columns.expires },
  { key: 'views', header: T.columns.views },
  { key: 'status', header: T.columns.status },
  { key: 'actions', header: T.columns.actions, align: 'end' as const },
];

function contentOf(link: ShareLink): string {
  if (link.scope === 'project') return T.scope.project(link.imageCount);
  return link.scope === 'image' ? T.scope.image : T.scope.selection(link.imageCount);
}

/** /dashboard/partages: the organization's links with their views; revoke one, or change its validity. */
export function SharesPage() {
  const headingId = useId();
  const { data: links, error, isLoading } = useShareLinks();
  const { revoke, extend } = useShareChanges();
  const mayChange = useMayChangeWorkOf();
  const toast = useToast();
  const [toRevoke, setToRevoke] = useState<ShareLink | null>(null);
  const [toExtend, setToExtend] = useState<ShareLink | null>(null);
  const [days, setDays] = useState(String(SHARE_LINK.defaultDays));
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>, done: string, failed: string) => {
    setBusy(true);
    try {
      await action();
      toast.toast({ variant: 'success', title: done });
    } catch {
      toast.toast({ variant: 'error', title: failed });
    } finally {
      setBusy(false);
      setToRevoke(null);
      setToExtend(null);
    }
  };
  const dayCount = Number(days);
  const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= SHARE_LINK.maxDays;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <title>{T.pageTitle}</title>
      <div className="flex flex-col gap-1">
        <h1 id={headingId} className="text-2xl font-bold sm:text-3xl">
          {T.pageTitle}
        </h1>
        <p className="text-ink-600">{T.pageDescription}</p>
      </div>
      {error && !links ? (
        <ErrorAlert description={T.loadFailed} />
      ) : (
        <DataTable
          columns={COLUMNS}
          labelledBy={headingId}
          busy={isLoading}
          minWidthClassName="min-w-[44rem]"
          footer={links?.length === 0 ? <p className="p-6 text-center text-ink-600">{T.empty}</p> : undefined}
        >
          {links
            ? links.map((link) => (
                <tr key={link.id}>
                  <DataCell>{contentOf(link)}</DataCell>
                  <DataCell>{formatDate(link.createdAt)}</DataCell>
                  <DataCell>{formatDate(link.expiresAt)}</DataCell>
                  <DataCell>{T.views(link.viewCount)}</DataCell>
                  <DataCell>{T.status[link.status]}</DataCell>
                  <ActionsCell>
                    {link.status !== 'revoked' && mayChange(link.createdBy) && (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => {
                            setDays(String(SHARE_LINK.defaultDays));
                            setToExtend(link);
                          }}
                        >
                          {T.extend}
                        </Button>
                        <Button size="sm" variant="danger" onClick={() => setToRevoke(link)}>
                          {T.revoke}
                        </Button>
                      </>
                    )}
                  </ActionsCell>
                </tr>
              ))
            : !error && <SkeletonRows count={3} cells={COLUMNS.map(() => null)} />}
        </DataTable>
      )}
      <ConfirmDialog
        open={toRevoke !== null}
        title={T.revokeTitle}
        description={T.revokeBody}
        confirmLabel={T.revoke}
        cancelLabel={T.cancel}
        busy={busy}
        onCancel={() => setToRevoke(null)}
        onConfirm={() => toRevoke && void run(() => revoke(toRevoke.id), T.revoked, T.revokeFailed)}
      />
      <Dialog
        open={toExtend !== null}
        onClose={() => setToExtend(null)}
        title={T.extendTitle}
        footer={
          <>
            <Button variant="ghost" onClick={() => setToExtend(null)}>
              {T.cancel}
            </Button>
            <Button
              isLoading={busy}
              disabled={!daysValid}
              onClick={() => toExtend && void run(() => extend(toExtend.id, dayCount), T.extended, T.extendFailed)}
            >
              {T.extendSubmit}
            </Button>
          </>
        }
      >
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
      </Dialog>
    </div>
  );
}
