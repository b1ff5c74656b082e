import { API_KEYS_TEXTS, type ApiKeySummary, formatDate } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { ActionsCell, DataCell, DataTable } from '../../../components/ui/data-table';

const T = API_KEYS_TEXTS;
const COLUMNS = [
  { key: 'name', header: T.columns.name },
  { key: 'key', header: T.columns.key },
  { key: 'scope', header: T.columns.scope },
  { key: 'createdAt', header: T.columns.createdAt },
  { key: 'lastUsedAt', header: T.columns.lastUsedAt },
  { key: 'actions', header: '', align: 'end' },
] as const;

/** The organization's keys: name, recognisable start, scope, dates; active ones can be revoked. */
export function ApiKeysTable({
  apiKeys,
  onRevoke,
  labelledBy,
}: {
  apiKeys: readonly ApiKeySummary[];
  onRevoke: (apiKey: ApiKeySummary) => void;
  labelledBy: string;
}) {
  if (apiKeys.length === 0) return <p className="text-sm text-ink-600">{T.empty}</p>;
  return (
    <DataTable columns={COLUMNS} labelledBy={labelledBy} minWidthClassName="min-w-[40rem]">
      {apiKeys.map((apiKey) => (
        <tr key={apiKey.id} className={apiKey.revokedAt ? 'text-ink-500' : undefined}>
          <DataCell className="font-medium text-ink-900">{apiKey.name}</DataCell>
          <DataCell className="font-mono text-xs">{`${apiKey.prefix}…`}</DataCell>
          <DataCell>{T.scopes[apiKey.scope]}</DataCell>
          <DataCell>{formatDate(apiKey.createdAt)}</DataCell>
          <DataCell>{apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : T.neverUsed}</DataCell>
          <ActionsCell>
            {apiKey.revokedAt ? (
              <span>{T.revoked}</span>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                aria-label={T.revokeLabel(apiKey.name)}
                onClick={() => onRevoke(apiKey)}
              >
                {T.revoke}
              </Button>
            )}
          </ActionsCell>
        </tr>
      ))}
    </DataTable>
  );
}
