import { formatDate, type WebhookEndpointSummary, WEBHOOKS_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { ActionsCell, DataCell, DataTable } from '../../../components/ui/data-table';

const T = WEBHOOKS_TEXTS;
const COLUMNS = [
  { key: 'url', header: T.columns.url },
  { key: 'events', header: T.columns.events },
  { key: 'state', header: T.columns.state },
  { key: 'createdAt', header: T.columns.createdAt },
  { key: 'actions', header: '', align: 'end' },
] as const;

/** The organization's endpoints: address, events, enabled or disabled, date; each can be deleted, a disabled one re-enabled. */
export function WebhookEndpointsTable({
  endpoints,
  onEnable,
  onRemove,
  labelledBy,
}: {
  endpoints: readonly WebhookEndpointSummary[];
  onEnable: (endpoint: WebhookEndpointSummary) => void;
  onRemove: (endpoint: WebhookEndpointSummary) => void;
  labelledBy: string;
}) {
  if (endpoints.length === 0) return <p className="text-sm text-ink-600">{T.empty}</p>;
  return (
    <DataTable columns={COLUMNS} labelledBy={labelledBy} minWidthClassName="min-w-[44rem]">
      {endpoints.map((endpoint) => (
        <tr key={endpoint.id}>
          <DataCell className="break-all font-mono text-xs text-ink-900">{endpoint.url}</DataCell>
          <DataCell>{endpoint.events.map((type) => T.events[type]).join(', ')}</DataCell>
          <DataCell className={endpoint.disabledAt ? 'text-danger-700' : undefined}>
            {endpoint.disabledAt ? T.disabled : T.enabled}
          </DataCell>
          <DataCell>{formatDate(endpoint.createdAt)}</DataCell>
          <ActionsCell>
            {endpoint.disabledAt && (
              <Button
                size="sm"
                variant="outline"
                aria-label={T.enableLabel(endpoint.url)}
                onClick={() => onEnable(endpoint)}
              >
                {T.enable}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              aria-label={T.removeLabel(endpoint.url)}
              onClick={() => onRemove(endpoint)}
            >
              {T.remove}
            </Button>
          </ActionsCell>
        </tr>
      ))}
    </DataTable>
  );
}
