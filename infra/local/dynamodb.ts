// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- brings the emulator typings along when another project (test) compiles this file
/// <reference path="./vendor.d.ts" />
/** DynamoDB on dynalite (plus TransactWriteItems), persisted on disk, with the single table of the data model. */
import {
  CreateTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  DescribeTableCommand,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { createTableInput } from '../../functions/src/lib/aws/table-schema';
import { addTransactions } from './dynalite-transactions';
import { closeServer, listen } from './ports';

export async function startDynamoDb(directory: string, port: number) {
  const server = dynalite({ path: directory, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  // dynalite itself has no transactions; the counters of decision 42 are kept in TransactWriteItems.
  addTransactions(server);
  const actualPort = await listen(server, port);
  return { endpoint: `http://127.0.0.1:${actualPort}`, port: actualPort, close: () => closeServer(server) };
}

/** How long a new table may stay CREATING: dynalite switches it to ACTIVE on its next turn. */
const TABLE_ACTIVE_WITHIN_MS = 10_000;

/**
 * pk/sk and the gsi1 index (docs/architecture.md); created once, reused afterwards. Returns once
 * the table is ACTIVE: as in DynamoDB, a write to a table still CREATING is refused
 * (ResourceNotFoundException), which a loaded machine showed right after the create.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  const deadline = Date.now() + TABLE_ACTIVE_WITHIN_MS;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') return;
    if (Date.now() > deadline) throw new Error(`Table ${tableName} still ${Table?.TableStatus} after its creation`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
