/** An organization's credits as the workflow tests assert them: balance, reservations, ledger. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys, SK_PREFIX } from '../../lib/keys';
import type { LocalTable } from '../../testing/local-aws';

/** The balance, the transformations holding a reservation, and the ledger as sorted `kind:delta`. */
export async function organizationCredits(table: LocalTable, orgId: string) {
  const { Item } = await table.ddb.send(new GetCommand({ TableName: table.tableName, Key: keys.organization(orgId) }));
  const { Items } = await table.ddb.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ledger)',
      ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':ledger': SK_PREFIX.ledger },
    }),
  );
  return {
    balance: Item?.creditBalance as number,
    reservations: Object.keys((Item?.reservations as object | undefined) ?? {}),
    ledger: (Items ?? []).map((item) => `${String(item.kind)}:${item.delta}`).sort(),
  };
}
