/**
 * The single table's key layout (docs/architecture.md, data model): read by the CDK Data construct
 * and by everything that creates the table on an emulator (the local stack, the workflow tests),
 * so they cannot drift apart.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  gsi1: { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Epoch seconds after which DynamoDB deletes an item (processed Stripe event markers). */
  timeToLive: 'expiresAt',
} as const;

/** CreateTable input for the emulators (on demand, string keys, gsi1 projecting all). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, gsi1 } = TABLE_KEYS;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [partitionKey, sortKey, gsi1.partitionKey, gsi1.sortKey].map((name) => ({
      AttributeName: name,
      AttributeType: 'S',
    })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: gsi1.indexName,
        KeySchema: [
          { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  };
}
