import { formatDateTime, type WebhookDeliverySummary, WEBHOOKS_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { ActionsCell, DataCell, DataTable } from '../../../components/ui/data-table';

const T = WEBHOOKS_TEXTS;
const COLUMNS = [
  { key: 'event', header: T.deliveryColumns.event },
  { key: 'endpoint', header: T.deliveryColumns.endpoint },
  { key: 'status', header: T.deliveryColumns.status },
  { key: 'attempts', header: T.deliveryColumns.attempts },
  { key: 'lastAttemptAt', header: T.deliveryColumns.lastAttemptAt },
  { key: 'actions', header: '', align: 'end' },
] as const;

const STATUS_CLASS: Record<WebhookDeliverySummary['status'], string | undefined> = {
  delivered: 'text-success-700',
  pending: undefined,
  failed: 'text-danger-700',
};

/** Why an undelivered one's last attempt failed, when it was tried: the receiver's status, or the cause. */
function lastFailure(delivery: WebhookDeliverySummary): string | null {
  if (delivery.status === 'delivered') return null;
  if (delivery.lastStatus !== null) return T.lastHttpStatus(delivery.lastStatus);
  return delivery.lastError ? (T.attemptErrors[delivery.lastError] ?? null) : null;
}

/** The recent deliveries, newest first (as the API lists them); each can be sent again. */
export function WebhookDeliveriesTable({
  deliveries,
  resending,
  onResend,
  labelledBy,
}: {
  deliveries: readonly WebhookDeliverySummary[];
  /** The delivery whose resend is under way. */
  resending: string | null;
  onResend: (delivery: WebhookDeliverySummary) => void;
  labelledBy: string;
}) {
  if (deliveries.length === 0) return <p className="text-sm text-ink-600">{T.deliveriesEmpty}</p>;
  return (
    <DataTable columns={COLUMNS} labelledBy={labelledBy} minWidthClassName="min-w-[48rem]">
      {deliveries.map((delivery) => (
        <tr key={delivery.id}>
          <DataCell className="text-ink-900">{T.events[delivery.eventType]}</DataCell>
          <DataCell className="break-all font-mono text-xs">{delivery.url}</DataCell>
          <DataCell className={STATUS_CLASS[delivery.status]}>
            {T.statuses[delivery.status]}
            {lastFailure(delivery) && <span className="block text-xs text-ink-600">{lastFailure(delivery)}</span>}
          </DataCell>
          <DataCell>{delivery.attempts}</DataCell>
          <DataCell>{delivery.lastAttemptAt ? formatDateTime(delivery.lastAttemptAt) : T.notAttempted}</DataCell>
          <ActionsCell>
            <Button
              size="sm"
              variant="outline"
              isLoading={resending === delivery.id}
              disabled={resending !== null}
              onClick={() => onResend(delivery)}
            >
              {T.resend}
            </Button>
          </ActionsCell>
        </tr>
      ))}
    </DataTable>
  );
}
