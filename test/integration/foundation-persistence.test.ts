/**
 * Foundation: data survives a stop/start on the same data dir. Its own file because handlers'
 * SDK clients keep the endpoints of the first stack of the process (one stack per process).
 */
import { DEMO_ACCOUNT, type User } from '@vitrine/shared';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys, SK_PREFIX } from '../../functions/src/lib/keys';
import type { LedgerRecord } from '../../functions/src/lib/records';
import { DEMO_ORGANIZATION_ID } from '../../infra/local/seed';
import { startLocalStack } from '../../infra/local/stack';
import { startTestStack } from './helpers/stack';
import { api, registerAndSignIn, signIn } from './helpers/users';
import { tableClient } from './transformations-fixtures';

describe('persistence', () => {
  it('keeps users, profiles and the demo credits across a stop/start on the same data dir', async () => {
    const own = await startTestStack();
    try {
      const { user, tokens } = await registerAndSignIn(own);
      await api(own, '/api/users/me', { method: 'PATCH', token: tokens.accessToken, body: { firstName: 'Persistée' } });
      await own.stop();

      const restarted = await startLocalStack({ port: 0, dataDir: own.dataDir, web: 'none' });
      try {
        expect(restarted.services.userPoolId).toBe(own.services.userPoolId);
        const again = await signIn(restarted, user.email, user.password);
        const profile = await api<User>(restarted, '/api/users/me', { token: again.accessToken });
        expect(profile.body).toMatchObject({ id: user.sub, firstName: 'Persistée' });
        const demo = await signIn(restarted, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
        const demoProfile = await api<User>(restarted, '/api/users/me', { token: demo.accessToken });
        expect(demoProfile.body.organization?.creditBalance).toBe(100);
        // Seeded once: the restart added no second grant, the ledger still sums to the balance.
        const ddb = tableClient(restarted);
        try {
          const { Items } = await ddb.send(
            new QueryCommand({
              TableName: restarted.env.TABLE_NAME,
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ledger)',
              ExpressionAttributeValues: {
                ':pk': keys.organizationPartition(DEMO_ORGANIZATION_ID),
                ':ledger': SK_PREFIX.ledger,
              },
              ConsistentRead: true,
            }),
          );
          const entries = (Items ?? []) as LedgerRecord[];
          expect(entries.filter((entry) => entry.kind === 'grant')).toHaveLength(1);
          expect(entries.reduce((sum, entry) => sum + entry.delta, 0)).toBe(100);
        } finally {
          ddb.destroy();
        }
      } finally {
        await restarted.stop();
      }
    } finally {
      await own.destroy();
    }
  });
});
