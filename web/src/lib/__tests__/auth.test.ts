import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { ensureAuthConfigured } from '../auth';

const mockConfig = {
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:9229',
  authFlow: 'USER_PASSWORD_AUTH',
};
jest.mock('../config', () => ({ loadConfig: async () => mockConfig }));

describe('ensureAuthConfigured', () => {
  it('configures the local pool endpoint without Amplify’s custom-endpoint warning, and keeps later warnings', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await ensureAuthConfigured();
    expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe('http://localhost:9229');
    expect(warn).not.toHaveBeenCalled();
    expect(ConsoleLogger.LOG_LEVEL).toBeNull();
    // The same configuration outside the helper does warn: the test would fail without it.
    Amplify.configure({ Auth: { Cognito: { ...mockConfig, loginWith: { email: true } } } });
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Cognito User Pool endpoint, ensure the endpoint is correct'),
    );
    warn.mockRestore();
  });
});
