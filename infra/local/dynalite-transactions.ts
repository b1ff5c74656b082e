/**
 * TransactWriteItems for dynalite, which has no transactions (it answers UnknownOperationException).
 * Installed on dynalite's own HTTP server (`addTransactions(server)`), so the local stack and the
 * tests reach it on the same endpoint, through the real SDK, with DynamoDB's wire shapes.
 *
 * How: one read-write lock over the table. Every ordinary request holds it shared while dynalite
 * serves it; a transaction holds it exclusively, so nothing reads or writes between its checks and
 * its writes (serializable, as DynamoDB's transactions are against other requests). Inside, it
 * calls dynalite over loopback HTTP (a per-server secret header skips the lock): it reads each
 * item, evaluates each ConditionExpression with dynalite's own evaluator by rewriting the item as
 * it is (PutItem of the old item, or DeleteItem of the absent key, under the condition: no change
 * either way), and only when every condition holds applies the writes, restoring the old items if
 * one of them fails.
 *
 * What DynamoDB does and this does too: 1 to 100 actions, one action per item (ValidationException
 * otherwise), unused expression names or values refused, TransactionCanceledException with one
 * CancellationReason per action (`ConditionalCheckFailed`, with the old `Item` when
 * ReturnValuesOnConditionCheckFailure is ALL_OLD), ClientRequestToken idempotency for 10 minutes
 * (same token, other request: IdempotentParameterMismatchException). Never produced: conflicts with
 * concurrent transactions (they wait for the lock instead; the retry path is unit-tested with a
 * fake client), throttling, ConsumedCapacity and ItemCollectionMetrics.
 */
import { createHash, randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

type AttributeMap = Record<string, unknown>;

interface ExpressionParts {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: AttributeMap;
  ReturnValuesOnConditionCheckFailure?: 'ALL_OLD' | 'NONE';
}

interface TransactItem {
  ConditionCheck?: ExpressionParts & { TableName: string; Key: AttributeMap };
  Put?: ExpressionParts & { TableName: string; Item: AttributeMap };
  Delete?: ExpressionParts & { TableName: string; Key: AttributeMap };
  Update?: ExpressionParts & { TableName: string; Key: AttributeMap; UpdateExpression: string };
}

interface Action {
  kind: 'ConditionCheck' | 'Put' | 'Delete' | 'Update';
  tableName: string;
  key: AttributeMap;
  spec: ExpressionParts & { Item?: AttributeMap; UpdateExpression?: string };
}

class DynamoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body() {
    return { __type: `com.amazonaws.dynamodb.v20120810#${this.type}`, message: this.message, ...this.extra };
  }
}

const validation = (message: string) => new DynamoError('ValidationException', message);

const IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;
const MAX_ACTIONS = 100;
const BYPASS_HEADER = 'x-local-transaction';

/** Many readers or one writer; a waiting writer holds back new readers (no starvation). */
class ReadWriteLock {
  private readers = 0;
  private writing = false;
  private readonly waiting: { exclusive: boolean; start: () => void }[] = [];

  async run<T>(exclusive: boolean, task: () => Promise<T>): Promise<T> {
    await this.acquire(exclusive);
    try {
      return await task();
    } finally {
      if (exclusive) this.writing = false;
      else this.readers -= 1;
      this.drain();
    }
  }

  private acquire(exclusive: boolean): Promise<void> {
    if (this.waiting.length === 0 && this.canStart(exclusive)) {
      this.take(exclusive);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ exclusive, start: resolve }));
  }

  private canStart(exclusive: boolean): boolean {
    return exclusive ? !this.writing && this.readers === 0 : !this.writing;
  }

  private take(exclusive: boolean): void {
    if (exclusive) this.writing = true;
    else this.readers += 1;
  }

  private drain(): void {
    while (this.waiting.length > 0 && this.canStart(this.waiting[0]!.exclusive)) {
      const next = this.waiting.shift()!;
      this.take(next.exclusive);
      next.start();
    }
  }
}

/** The `#name` and `:value` placeholders an expression uses. */
function placeholders(expression: string | undefined, sigil: '#' | ':'): Set<string> {
  const found = new Set<string>();
  if (!expression) return found;
  for (const match of expression.matchAll(sigil === '#' ? /#[A-Za-z0-9_]+/g : /:[A-Za-z0-9_]+/g)) found.add(match[0]);
  return found;
}

/** Names and values restricted to those `expression` uses (dynalite refuses unused ones). */
function expressionFor(spec: ExpressionParts, expression: string) {
  const names = placeholders(expression, '#');
  const values = placeholders(expression, ':');
  const pick = <V>(all: Record<string, V> | undefined, used: Set<string>) => {
    const entries = Object.entries(all ?? {}).filter(([placeholder]) => used.has(placeholder));
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  };
  return {
    ExpressionAttributeNames: pick(spec.ExpressionAttributeNames, names),
    ExpressionAttributeValues: pick(spec.ExpressionAttributeValues, values),
  };
}

function unusedPlaceholders(spec: Action['spec']): string[] {
  const expressions = [spec.ConditionExpression, spec.UpdateExpression].filter(Boolean).join(' ');
  const names = placeholders(expressions, '#');
  const values = placeholders(expressions, ':');
  return [
    ...Object.keys(spec.ExpressionAttributeNames ?? {}).filter((name) => !names.has(name)),
    ...Object.keys(spec.ExpressionAttributeValues ?? {}).filter((value) => !values.has(value)),
  ];
}

/** Adds TransactWriteItems to a dynalite server (call before or after `listen`). */
export function addTransactions(server: http.Server): void {
  const [dynalite] = server.listeners('request') as http.RequestListener[];
  if (!dynalite) throw new Error('addTransactions: the server has no request listener');
  server.removeAllListeners('request');
  const secret = randomUUID();
  const lock = new ReadWriteLock();
  const agent = new http.Agent({ keepAlive: true });
  const keySchemas = new Map<string, string[]>();
  const tokens = new Map<string, { hash: string; at: number }>();
  server.once('close', () => agent.destroy());

  /** One DynamoDB call to dynalite itself, past the lock. */
  const call = (operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(input);
      const request = http.request(
        {
          host: '127.0.0.1',
          port: (server.address() as AddressInfo).port,
          method: 'POST',
          path: '/',
          agent,
          headers: {
            'content-type': 'application/x-amz-json-1.0',
            'content-length': Buffer.byteLength(body),
            'x-amz-target': `DynamoDB_20120810.${operation}`,
            'x-amz-date': '20240101T000000Z',
            // dynalite checks that these parts are present, not the signature.
            authorization:
              'AWS4-HMAC-SHA256 Credential=local/20240101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
            [BYPASS_HEADER]: secret,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const parsed = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
            if (response.statusCode === 200) return resolve(parsed);
            const type = String(parsed.__type ?? 'InternalServerError')
              .split('#')
              .pop()!;
            reject(new DynamoError(type, String(parsed.message ?? parsed.Message ?? '')));
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  const keyNames = async (tableName: string): Promise<string[]> => {
    let names = keySchemas.get(tableName);
    if (!names) {
      const { Table } = (await call('DescribeTable', { TableName: tableName })) as {
        Table: { KeySchema: { AttributeName: string }[] };
      };
      names = Table.KeySchema.map((element) => element.AttributeName);
      keySchemas.set(tableName, names);
    }
    return names;
  };

  const parse = async (input: { TransactItems?: unknown; ClientRequestToken?: unknown }): Promise<Action[]> => {
    const items = input.TransactItems;
    if (!Array.isArray(items) || items.length < 1 || items.length > MAX_ACTIONS) {
      throw validation(
        `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length between 1 and ${MAX_ACTIONS}`,
      );
    }
    const actions: Action[] = [];
    const seen = new Set<string>();
    for (const item of items as TransactItem[]) {
      const kinds = (['ConditionCheck', 'Put', 'Delete', 'Update'] as const).filter((kind) => item?.[kind]);
      if (kinds.length !== 1) throw validation('TransactItems can only contain one of Check, Put, Update or Delete');
      const kind = kinds[0]!;
      const spec = item[kind]! as Action['spec'] & { TableName: string; Key?: AttributeMap };
      if (kind === 'ConditionCheck' && !spec.ConditionExpression) {
        throw validation('The ConditionExpression of a ConditionCheck must be set');
      }
      const unused = unusedPlaceholders(spec);
      if (unused.length > 0)
        throw validation(`Value provided in expressions unused in expressions: ${unused.join(', ')}`);
      const names = await keyNames(spec.TableName);
      const source = kind === 'Put' ? spec.Item : spec.Key;
      if (!source || names.some((name) => source[name] === undefined)) {
        throw validation('The provided key element does not match the schema');
      }
      const key = Object.fromEntries(names.map((name) => [name, source[name]]));
      const identity = JSON.stringify([spec.TableName, key]);
      if (seen.has(identity)) throw validation('Transaction request cannot include multiple operations on one item');
      seen.add(identity);
      actions.push({ kind, tableName: spec.TableName, key, spec });
    }
    return actions;
  };

  /** Evaluates the action's condition against `old` without changing anything; true when it holds. */
  const conditionHolds = async (action: Action, old: AttributeMap | undefined): Promise<boolean> => {
    const condition = action.spec.ConditionExpression;
    if (!condition) return true;
    const expression = { ConditionExpression: condition, ...expressionFor(action.spec, condition) };
    try {
      if (old) await call('PutItem', { TableName: action.tableName, Item: old, ...expression });
      else await call('DeleteItem', { TableName: action.tableName, Key: action.key, ...expression });
      return true;
    } catch (error) {
      if (error instanceof DynamoError && error.type === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  };

  const apply = async (action: Action): Promise<void> => {
    const { tableName: TableName, key: Key, spec } = action;
    if (action.kind === 'Put') await call('PutItem', { TableName, Item: spec.Item });
    else if (action.kind === 'Delete') await call('DeleteItem', { TableName, Key });
    else if (action.kind === 'Update') {
      const UpdateExpression = spec.UpdateExpression!;
      await call('UpdateItem', { TableName, Key, UpdateExpression, ...expressionFor(spec, UpdateExpression) });
    }
  };

  const restore = async (action: Action, old: AttributeMap | undefined): Promise<void> => {
    if (old) await call('PutItem', { TableName: action.tableName, Item: old });
    else await call('DeleteItem', { TableName: action.tableName, Key: action.key });
  };

  const transact = async (input: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const actions = await parse(input);
    const token = typeof input.ClientRequestToken === 'string' ? input.ClientRequestToken : undefined;
    const hash = createHash('sha256').update(JSON.stringify(input.TransactItems)).digest('hex');
    return lock.run(true, async () => {
      const now = Date.now();
      for (const [seenToken, { at }] of tokens) if (now - at > IDEMPOTENCY_WINDOW_MS) tokens.delete(seenToken);
      const previous = token ? tokens.get(token) : undefined;
      if (previous) {
        if (previous.hash === hash) return {};
        throw new DynamoError(
          'IdempotentParameterMismatchException',
          'The request uses the same client token as a previous, but non-identical request.',
        );
      }
      const olds = await Promise.all(
        actions.map(async (action) => {
          const { Item } = await call('GetItem', {
            TableName: action.tableName,
            Key: action.key,
            ConsistentRead: true,
          });
          return Item as AttributeMap | undefined;
        }),
      );
      const holds = await Promise.all(actions.map((action, index) => conditionHolds(action, olds[index])));
      if (holds.includes(false)) {
        const reasons = actions.map((action, index) => {
          if (holds[index]) return { Code: 'None' };
          const old = action.spec.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' ? olds[index] : undefined;
          return {
            Code: 'ConditionalCheckFailed',
            Message: 'The conditional request failed',
            ...(old ? { Item: old } : {}),
          };
        });
        throw new DynamoError(
          'TransactionCanceledException',
          `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`,
          { CancellationReasons: reasons },
        );
      }
      // Distinct items, and nothing else runs meanwhile: the writes can go together.
      const applied = await Promise.allSettled(actions.map(apply));
      const failure = applied.find((outcome) => outcome.status === 'rejected');
      if (failure) {
        await Promise.all(
          actions.map((action, index) =>
            applied[index]!.status === 'fulfilled' ? restore(action, olds[index]) : null,
          ),
        );
        throw failure.reason;
      }
      if (token) tokens.set(token, { hash, at: now });
      return {};
    });
  };

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/x-amz-json-1.0',
      'content-length': Buffer.byteLength(text),
      'x-amzn-requestid': randomUUID(),
    });
    response.end(text);
  };

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.headers[BYPASS_HEADER] === secret) return dynalite(request, response);
    const target = String(request.headers['x-amz-target'] ?? '');
    if (target !== 'DynamoDB_20120810.TransactWriteItems') {
      void lock.run(
        false,
        () =>
          new Promise<void>((resolve) => {
            response.once('close', resolve);
            dynalite(request, response);
          }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(response, 400, { __type: 'com.amazon.coral.service#SerializationException' });
      }
      transact(input).then(
        (result) => send(response, 200, result),
        (error: unknown) => {
          if (error instanceof DynamoError) return send(response, 400, error.body());
          send(response, 500, {
            __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
            message: String(error),
          });
        },
      );
    });
  });
}
