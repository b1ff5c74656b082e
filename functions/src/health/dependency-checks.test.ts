import { checkDependencies } from './dependency-checks';

describe('checkDependencies', () => {
  it('reports ok when every dependency answers', async () => {
    await expect(checkDependencies({ table: async () => ({}), userPool: async () => ({}) })).resolves.toEqual({
      ok: true,
      failed: {},
    });
  });

  it('names each dependency that did not answer, with its error, and never throws', async () => {
    const report = await checkDependencies({
      table: async () => ({}),
      resultsBucket: () => Promise.reject(Object.assign(new Error('Internal Error'), { name: 'InternalError' })),
      stateMachine: () => Promise.reject(new Error('connect ECONNREFUSED')),
    });
    expect(report.ok).toBe(false);
    expect(Object.keys(report.failed).sort()).toEqual(['resultsBucket', 'stateMachine']);
    expect(report.failed.resultsBucket).toMatchObject({ name: 'InternalError', message: 'Internal Error' });
  });
});
