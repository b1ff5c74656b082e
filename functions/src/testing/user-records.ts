/** User records for tests: a new user with no organization unless `overrides` say otherwise. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../lib/keys';
import type { UserRecord } from '../lib/records';
import type { LocalTable } from './local-aws';

let counter = 0;

export async function putUserRecord(table: LocalTable, overrides: Partial<UserRecord> = {}): Promise<UserRecord> {
  const id = `user-${++counter}`;
  const user: UserRecord = {
    ...keys.user(id),
    id,
    email: `${id}@example.com`,
    firstName: 'Alice',
    lastName: 'Durand',
    phoneNumber: '',
    roles: [],
    organizationId: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
  await table.ddb.send(new PutCommand({ TableName: table.tableName, Item: user }));
  return user;
}
