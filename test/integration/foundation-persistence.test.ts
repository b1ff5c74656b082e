/**
 * Foundation: data survives a stop/start on the same data dir. Its own file because handlers'
 * SDK clients keep the endpoints of the first stack of the process (one stack per process).
 */
import { DEMO_ACCOUNT, type User } from '@vitrine/shared';
import { startLocalStack } from '../../infra/local/stack';
import { startTestStack } from './helpers/stack';
import { api, registerAndSignIn, signIn } from './helpers/users';

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
      } finally {
        await restarted.stop();
      }
    } finally {
      await own.destroy();
    }
  });
});
