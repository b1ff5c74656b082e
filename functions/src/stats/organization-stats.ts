/**
 * The organization's counters (keys.organizationStats): project count, successful
 * transformations, last activity. Each count changes inside the transaction of the write it
 * counts (`statsUpdate` builds that action), so it cannot drift from the items; the dashboard
 * reads one item instead of counting.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImageStats } from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import { isConditionalCheckFailed } from '../lib/aws/dynamodb';
import type { TransactItem } from '../lib/aws/transactions';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import type { OrganizationStatsRecord } from '../lib/records';

export async function getOrganizationStats({ ddb, tableName }: TableDeps, orgId: string) {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.organizationStats(orgId) }));
  return (Item ?? {}) as Partial<OrganizationStatsRecord>;
}

export async function imageStats(deps: TableDeps, orgId: string): Promise<ImageStats> {
  const stats = await getOrganizationStats(deps, orgId);
  return { total: stats.transformationsSucceeded ?? 0, lastActivityAt: stats.lastActivityAt ?? null };
}

/** The transaction action adding `projects` and `transformations` to the counters, and stamping the activity. */
export function statsUpdate(
  tableName: string,
  orgId: string,
  change: { projects?: number; transformations?: number },
  now: string,
): TransactItem {
  const adds = [
    change.projects ? 'projectCount :projects' : undefined,
    change.transformations ? 'transformationsSucceeded :transformations' : undefined,
  ].filter(Boolean);
  return {
    Update: {
      TableName: tableName,
      Key: keys.organizationStats(orgId),
      UpdateExpression: `SET lastActivityAt = :now${adds.length > 0 ? ` ADD ${adds.join(', ')}` : ''}`,
      ExpressionAttributeValues: {
        ':now': now,
        ...(change.projects ? { ':projects': change.projects } : {}),
        ...(change.transformations ? { ':transformations': change.transformations } : {}),
      },
    },
  };
}

/**
 * Stamps the last activity for writes that count nothing (a save, a project edit). Outside their
 * transaction, so one hot item does not serialize every save of the organization; a failure
 * only leaves the date older, so it is logged, not thrown.
 */
export async function touchLastActivity({ ddb, tableName }: TableDeps, orgId: string, now: string): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.organizationStats(orgId),
        UpdateExpression: 'SET lastActivityAt = :now',
        ConditionExpression: 'attribute_not_exists(lastActivityAt) OR lastActivityAt < :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) logger.warn('Last activity not recorded', { orgId, error });
  }
}
