/**
 * In-process DynamoDB (dynalite, with TransactWriteItems added) and S3 (s3rver) for the credit and workflow tests, with the
 * single table of the data model and the two buckets. Real SDK clients talk to them over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { createTableInput } from '../lib/aws/table-schema';
import { addTransactions } from '../../../infra/local/dynalite-transactions';
import { S3RVER_CREDENTIALS, startS3 } from '../../../infra/local/s3';

const REGION = 'eu-west-3';
const DUMMY_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface LocalTable {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  close(): Promise<void>;
}

export async function startLocalTable(tableName = 'vitrine-test'): Promise<LocalTable> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  addTransactions(server);
  const port = await listen(server);
  const client = new DynamoDBClient({
    region: REGION,
    endpoint: `http://127.0.0.1:${port}`,
    credentials: DUMMY_CREDENTIALS,
  });
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  const ddb = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    ddb,
    tableName,
    close: async () => {
      client.destroy();
      await closeServer(server);
    },
  };
}

export interface LocalBuckets {
  s3: S3Client;
  /** How the hand-signed S3 calls reach the same server (path-style, s3rver's own key pair). */
  access: {
    region: string;
    endpoint: string;
    forcePathStyle: true;
    credentials: () => Promise<typeof S3RVER_CREDENTIALS>;
  };
  uploadsBucket: string;
  resultsBucket: string;
  close(): Promise<void>;
}

export async function startLocalBuckets(uploadsBucket = 'vitrine-uploads', resultsBucket = 'vitrine-results') {
  const directory = mkdtempSync(join(tmpdir(), 'vitrine-s3-'));
  // Behind the gate that checks signatures as S3 does (decision 107), like the local stack.
  const server = await startS3(directory, 0, [uploadsBucket, resultsBucket], REGION);
  const { endpoint } = server;
  const s3 = new S3Client({
    region: REGION,
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    s3,
    access: { region: REGION, endpoint, forcePathStyle: true, credentials: async () => S3RVER_CREDENTIALS },
    uploadsBucket,
    resultsBucket,
    close: async () => {
      s3.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  } satisfies LocalBuckets;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Closes without waiting for the SDK's idle keep-alive connections. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
