import { captureLogs } from '../lib/logger';
import { checkDependencies } from '../health/dependency-checks';
import { DependencyCheckFailed, handler } from './health-check';

jest.mock('../health/dependency-checks', () => ({ checkDependencies: jest.fn() }));

describe('the scheduled deep health check', () => {
  it('answers ok when every dependency answered', async () => {
    jest.mocked(checkDependencies).mockResolvedValue({ ok: true, failed: {} });
    await expect(handler({}, { awsRequestId: 'r-1' })).resolves.toEqual({ status: 'ok' });
  });

  it('fails the invocation (which the errors alarm counts) and logs each failing dependency', async () => {
    jest.mocked(checkDependencies).mockResolvedValue({
      ok: false,
      failed: { resultsBucket: { name: 'InternalError', message: 'Internal Error' } },
    });
    const logs = captureLogs();
    const run = handler({}, { awsRequestId: 'r-2' });
    await expect(run).rejects.toBeInstanceOf(DependencyCheckFailed);
    await expect(run).rejects.toThrow('Health check failed: resultsBucket');
    logs.restore();
    expect(logs.lines).toMatchObject([
      {
        level: 'ERROR',
        message: 'Health check failed',
        service: 'health-check',
        requestId: 'r-2',
        failed: ['resultsBucket'],
      },
    ]);
  });
});
