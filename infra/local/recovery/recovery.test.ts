/**
 * What a stop mid-write leaves in each emulator's store, and the checks `npm start` runs before
 * opening them: s3rver's half-written objects (which made it answer 500 to a HEAD of the bucket),
 * truncated JSON files of cognito-local and the outbox, and dynalite's index entries out of step
 * with their items. Acknowledged data is kept; unfinished writes go.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import FilesystemStore from 's3rver/lib/stores/filesystem';
import { TEMPORARY_SUFFIX } from '../atomic-file';
import { makeCognitoSavesAtomic } from '../cognito';
import { ensureTable, startDynamoDb } from '../dynamodb';
import { createOutbox } from '../outbox';
import { S3RVER_CREDENTIALS, startS3 } from '../s3';
import { recoverDynaliteStore } from './dynalite-store';
import { recoverJsonFiles } from './json-files';
import { listUnlistedOpenTransformations } from './open-transformations';
import { recoverS3rverStore } from './s3rver-store';
import { recoverStackState } from './stack-state';

const REGION = 'eu-west-3';
const BUCKET = 'vitrine-local-results';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-recovery-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function withS3<T>(directory: string, use: (client: S3Client) => Promise<T>): Promise<T> {
  const s3 = await startS3(directory, 0, [BUCKET], REGION);
  const client = new S3Client({
    region: REGION,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  try {
    return await use(client);
  } finally {
    client.destroy();
    await s3.close();
  }
}

const objectFile = (directory: string, key: string, suffix: string) => path.join(directory, BUCKET, `${key}${suffix}`);

describe('s3rver store', () => {
  it('drops what a stop left half-written, keeps every acknowledged object, and s3rver answers again', async () => {
    const s3Dir = path.join(dir, 's3');
    await withS3(s3Dir, async (client) => {
      for (const key of ['results/org/a.png', 'results/org/b.png']) {
        await client.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: `image ${key}`, ContentType: 'image/png' }),
        );
      }
    });
    // As a SIGKILL leaves it: an object without metadata, another with its metadata cut short, a
    // checksum and metadata whose object never landed, an unfinished atomic write, and an object
    // overwritten just before its new checksum.
    await writeFile(objectFile(s3Dir, 'results/org/half.png', '._S3rver_object'), 'half');
    await writeFile(objectFile(s3Dir, 'results/org/cut.png', '._S3rver_object'), 'cut');
    await writeFile(objectFile(s3Dir, 'results/org/cut.png', '._S3rver_metadata.json'), '{"content-ty');
    await writeFile(objectFile(s3Dir, 'results/org/gone.png', '._S3rver_metadata.json'), '{}');
    await writeFile(objectFile(s3Dir, 'results/org/gone.png', '._S3rver_object.md5'), 'abc');
    await writeFile(objectFile(s3Dir, `results/org/c.png._S3rver_object.x${TEMPORARY_SUFFIX}`, ''), 'partial');
    const overwritten = objectFile(s3Dir, 'results/org/b.png', '._S3rver_object');
    await writeFile(overwritten, 'image b, second version');
    const later = new Date(Date.now() + 5000);
    await utimes(overwritten, later, later);

    // Without the check, s3rver cannot list the bucket: HEAD answers 500 (what /api/health saw).
    await withS3(s3Dir, async (client) => {
      await expect(client.send(new HeadBucketCommand({ Bucket: BUCKET }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 500 },
      });
    });

    const repairs = await recoverS3rverStore(s3Dir);
    expect(repairs.sort()).toEqual(
      [
        `s3: removed an unfinished write (${BUCKET}/results/org/c.png._S3rver_object.x${TEMPORARY_SUFFIX})`,
        `s3: removed ${BUCKET}/results/org/half.png, written without its metadata (never acknowledged)`,
        `s3: removed ${BUCKET}/results/org/cut.png, written without its metadata (never acknowledged)`,
        `s3: removed the metadata of a missing object ${BUCKET}/results/org/gone.png`,
        `s3: refreshed the checksum of ${BUCKET}/results/org/b.png`,
      ].sort(),
    );
    expect(await recoverS3rverStore(s3Dir)).toEqual([]);

    await withS3(s3Dir, async (client) => {
      await expect(client.send(new HeadBucketCommand({ Bucket: BUCKET }))).resolves.toBeDefined();
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      expect(listed.Contents?.map((object) => object.Key)).toEqual(['results/org/a.png', 'results/org/b.png']);
      const a = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'results/org/a.png' }));
      expect(a.ContentType).toBe('image/png');
      expect(await a.Body!.transformToString()).toBe('image results/org/a.png');
      const b = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'results/org/b.png' }));
      const body = await b.Body!.transformToString();
      expect(b.ETag).toBe(JSON.stringify(createHash('md5').update(body).digest('hex')));
    });
  });

  it('writes an object whole or not at all, its metadata last', async () => {
    const s3Dir = path.join(dir, 's3');
    await withS3(s3Dir, async () => {
      const store = new FilesystemStore(s3Dir);
      const failing = new Readable({
        read() {
          this.push(Buffer.from('first half'));
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(
        store.putObject({ bucket: BUCKET, key: 'k.png', metadata: { 'content-type': 'image/png' }, content: failing }),
      ).rejects.toThrow('connection reset');
      const objectFiles = async () => (await readdir(path.join(s3Dir, BUCKET))).filter((file) => file.startsWith('k.'));
      expect(await objectFiles()).toEqual([]);
      await store.putObject({
        bucket: BUCKET,
        key: 'k.png',
        metadata: { 'content-type': 'image/png' },
        content: Buffer.from('whole'),
      });
      expect((await objectFiles()).sort()).toEqual([
        'k.png._S3rver_metadata.json',
        'k.png._S3rver_object',
        'k.png._S3rver_object.md5',
      ]);
    });
  });
});

describe('JSON file stores', () => {
  it('sets aside an unreadable pool, removes unfinished writes, and leaves good files alone', async () => {
    const cognito = path.join(dir, 'cognito');
    await mkdir(cognito);
    await writeFile(path.join(cognito, 'clients.json'), '{"Clients": {}}');
    await writeFile(path.join(cognito, 'local_pool.json'), '{"Users": {"a');
    await writeFile(path.join(cognito, `clients.json.1${TEMPORARY_SUFFIX}`), '{"Clients"');

    const repairs = await recoverJsonFiles(cognito, 'cognito', 'set-aside');

    expect(repairs).toEqual([
      `cognito: removed an unfinished write (clients.json.1${TEMPORARY_SUFFIX})`,
      expect.stringMatching(/^cognito: local_pool\.json could not be read .* set aside as local_pool\.json\.corrupt-/),
    ]);
    const files = await readdir(cognito);
    expect(files).toContain('clients.json');
    expect(files.some((file) => file.startsWith('local_pool.json.corrupt-'))).toBe(true);
    expect(await readFile(path.join(cognito, 'clients.json'), 'utf8')).toBe('{"Clients": {}}');
  });

  it("finds the pool of a stack.json cut short in cognito's clients, so no account is lost", async () => {
    await mkdir(path.join(dir, 'cognito'));
    await writeFile(
      path.join(dir, 'cognito', 'clients.json'),
      JSON.stringify({ Clients: { c1: { ClientId: 'c1', ClientName: 'vitrine-web', UserPoolId: 'local_pool' } } }),
    );
    await writeFile(path.join(dir, 'stack.json'), '{"userPoolId": "loc');

    expect(await recoverStackState(dir)).toEqual([
      "stack: stack.json could not be read; pool local_pool and its client found again in cognito's clients",
    ]);
    expect(JSON.parse(await readFile(path.join(dir, 'stack.json'), 'utf8'))).toEqual({
      userPoolId: 'local_pool',
      userPoolClientId: 'c1',
    });
    expect(await recoverStackState(dir)).toEqual([]);
  });

  it('drops a mail cut short, so the outbox lists the others', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const outbox = await createOutbox(outboxDir);
    await outbox.send({ to: 'a@example.com', subject: 'Bienvenue', html: '<p>Bonjour</p>' });
    await writeFile(path.join(outboxDir, '2030-01-01-cut.json'), '{"to": "b@exa');
    await expect(outbox.list()).rejects.toThrow();

    expect(await recoverJsonFiles(outboxDir, 'outbox', 'drop')).toEqual([
      'outbox: removed 2030-01-01-cut.json, cut short while being written',
    ]);
    expect((await outbox.list()).map((mail) => mail.subject)).toEqual(['Bienvenue']);
  });

  it("saves cognito-local's files atomically and in call order", async () => {
    makeCognitoSavesAtomic();
    const stormdb = createRequire(require.resolve('cognito-local'))('stormdb') as {
      localFileEngine: new (file: string, options: { async: boolean }) => { write(data: unknown): Promise<void> };
    };
    const file = path.join(dir, 'pool.json');
    const engine = new stormdb.localFileEngine(file, { async: true });
    const big = { Users: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`user-${i}`, { i }])) };
    await Promise.all([engine.write(big), engine.write({ Users: { last: true } })]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ Users: { last: true } });
    expect(await readdir(dir)).toEqual(['pool.json']);
  });
});

describe('dynalite store', () => {
  it('rebuilds index entries that a stop left out of step with their items, and lists old stuck jobs', async () => {
    const dbDir = path.join(dir, 'dynamodb');
    const tableName = 'vitrine-local';
    const withTable = async <T>(
      use: (ddb: DynamoDBDocumentClient, client: DynamoDBClient) => Promise<T>,
    ): Promise<T> => {
      const dynamo = await startDynamoDb(dbDir, 0);
      const client = new DynamoDBClient({
        region: REGION,
        endpoint: dynamo.endpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      try {
        return await use(DynamoDBDocumentClient.from(client), client);
      } finally {
        client.destroy();
        await dynamo.close();
      }
    };
    const item = (n: number) => ({ pk: 'ORG#o', sk: `TX#${n}`, gsi1pk: 'TX_OPEN', gsi1sk: `2030-0${n}#o#${n}`, n });
    await withTable(async (ddb, client) => {
      await ensureTable(client, tableName);
      for (const n of [1, 2, 3]) await ddb.send(new PutCommand({ TableName: tableName, Item: item(n) }));
    });

    // As a stop between dynalite's index write and its item write leaves it.
    const { Level } = createRequire(require.resolve('dynalite'))('level') as {
      Level: new (
        location: string,
        options: object,
      ) => {
        open(): Promise<void>;
        close(): Promise<void>;
        keys(): AsyncIterable<string>;
        get(key: string): Promise<Record<string, unknown>>;
        put(key: string, value: unknown): Promise<void>;
        del(key: string): Promise<void>;
      };
    };
    const level = new Level(dbDir, { valueEncoding: 'json' });
    await level.open();
    const indexKeys: string[] = [];
    for await (const key of level.keys()) if (key.startsWith('index-global~')) indexKeys.push(key);
    expect(indexKeys).toHaveLength(3);
    await level.del(indexKeys[0]!);
    const stale = await level.get(indexKeys[1]!);
    await level.put(indexKeys[1]!, { ...stale, n: { N: '99' } });
    await level.put(`${indexKeys[2]!.slice(0, -6)}ghost0`, { ...stale, sk: { S: 'TX#ghost' } });
    await level.close();

    expect(await recoverDynaliteStore(dbDir, tableName)).toEqual([
      'dynamodb: index gsi1 matched to its items again (1 entries added, 1 removed, 1 updated)',
    ]);
    expect(await recoverDynaliteStore(dbDir, tableName)).toEqual([]);

    await withTable(async (ddb) => {
      // A transformation an older version left processing, without its open entry; an ended one.
      const legacy = {
        pk: 'ORG#o',
        sk: 'TX#legacy',
        id: 'legacy',
        orgId: 'o',
        status: 'processing',
        createdAt: '2030-00',
      };
      await ddb.send(new PutCommand({ TableName: tableName, Item: legacy }));
      await ddb.send(
        new PutCommand({ TableName: tableName, Item: { ...legacy, sk: 'TX#done', id: 'done', status: 'failed' } }),
      );
      expect(await listUnlistedOpenTransformations(ddb, tableName)).toEqual([
        'transformations: legacy, left processing by an older version, listed for the reconciler',
      ]);
      expect(await listUnlistedOpenTransformations(ddb, tableName)).toEqual([]);

      const { Items } = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :open',
          ExpressionAttributeValues: { ':open': 'TX_OPEN' },
        }),
      );
      expect(Items).toEqual([
        {
          ...{ pk: 'ORG#o', sk: 'TX#legacy', id: 'legacy', orgId: 'o', status: 'processing', createdAt: '2030-00' },
          gsi1pk: 'TX_OPEN',
          gsi1sk: '2030-00#o#legacy',
        },
        item(1),
        item(2),
        item(3),
      ]);
    });
  });
});
