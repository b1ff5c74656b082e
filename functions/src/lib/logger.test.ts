import { captureLogs, logger, withLogContext } from './logger';

let captured: ReturnType<typeof captureLogs>;
beforeEach(() => {
  captured = captureLogs();
});
afterEach(() => captured.restore());

it('writes one JSON object per line with level, message, timestamp, the context and the fields', async () => {
  await withLogContext({ service: 'uploads', requestId: 'lambda-1', correlationId: 'api-1' }, async () => {
    await Promise.resolve();
    logger.info('Presigned upload created', { uploadId: 'u-1', size: 1024 });
  });
  expect(captured.lines).toEqual([
    {
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'INFO',
      message: 'Presigned upload created',
      service: 'uploads',
      requestId: 'lambda-1',
      correlationId: 'api-1',
      uploadId: 'u-1',
      size: 1024,
    },
  ]);
});

it('keeps concurrent contexts apart (the local stack runs requests in one process)', async () => {
  const slow = withLogContext({ correlationId: 'first' }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.info('one');
  });
  const fast = withLogContext({ correlationId: 'second' }, async () => logger.info('two'));
  await Promise.all([slow, fast]);
  expect(captured.lines.map((l) => [l.message, l.correlationId])).toEqual([
    ['two', 'second'],
    ['one', 'first'],
  ]);
});

it('nests contexts: an inner one adds to the outer one', () => {
  withLogContext({ service: 'workflow', correlationId: 'c' }, () =>
    withLogContext({ requestId: 'r' }, () => logger.warn('inner')),
  );
  expect(captured.lines[0]).toMatchObject({ service: 'workflow', correlationId: 'c', requestId: 'r', level: 'WARN' });
});

it('serializes errors with name, message, stack and cause; fields cannot override reserved keys', () => {
  const error = new TypeError('boom', { cause: new Error('root') });
  logger.error('Unhandled error', { error, level: 'DEBUG', message: 'forged' });
  expect(captured.lines[0]).toMatchObject({
    level: 'ERROR',
    message: 'Unhandled error',
    error: {
      name: 'TypeError',
      message: 'boom',
      stack: expect.stringContaining('TypeError: boom'),
      cause: { message: 'root' },
    },
  });
});

it('never throws on values JSON cannot hold', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  expect(() => logger.info('cyclic', { cyclic, big: 10n })).not.toThrow();
  expect(captured.lines[0]).toMatchObject({ message: 'cyclic', logError: 'fields could not be serialized' });
});

describe('threshold', () => {
  const env = { ...process.env };
  let written: string[];
  let write: jest.SpyInstance;
  beforeEach(() => {
    captured.restore();
    written = [];
    write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    write.mockRestore();
    process.env = { ...env };
  });

  it('drops lines below LOG_LEVEL, and falls back to the level Lambda sets', () => {
    process.env.LOG_LEVEL = 'warn';
    logger.info('hidden');
    logger.warn('shown');
    delete process.env.LOG_LEVEL;
    process.env.AWS_LAMBDA_LOG_LEVEL = 'ERROR';
    logger.warn('hidden too');
    logger.error('shown too');
    expect(written.map((line) => (JSON.parse(line) as { message: string }).message)).toEqual(['shown', 'shown too']);
    expect(written.every((line) => line.endsWith('}\n'))).toBe(true);
  });
});
