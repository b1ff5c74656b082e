import { captureLogs, withLogContext } from './logger';
import {
  creditMetrics,
  emitMetrics,
  METRICS,
  METRICS_NAMESPACE,
  millisecondsSince,
  transformationMetrics,
} from './metrics';

let captured: ReturnType<typeof captureLogs>;
const stage = process.env.STAGE;
beforeEach(() => {
  captured = captureLogs();
  process.env.STAGE = 'prod';
});
afterEach(() => {
  captured.restore();
  if (stage === undefined) delete process.env.STAGE;
  else process.env.STAGE = stage;
});

it('writes an EMF document as CloudWatch specifies it: _aws metadata, dimensions and values at the root', () => {
  jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
  withLogContext({ service: 'image-processing', requestId: 'r-1', correlationId: 'c-1' }, () =>
    transformationMetrics.started('virtual-staging', { transformationId: 't-1' }),
  );
  jest.restoreAllMocks();
  expect(captured.lines).toEqual([
    {
      _aws: {
        Timestamp: 1_700_000_000_000,
        CloudWatchMetrics: [
          {
            Namespace: 'Vitrine',
            Dimensions: [['stage'], ['stage', 'type']],
            Metrics: [{ Name: 'TransformationsStarted', Unit: 'Count' }],
          },
        ],
      },
      stage: 'prod',
      type: 'virtual-staging',
      TransformationsStarted: 1,
      service: 'image-processing',
      requestId: 'r-1',
      correlationId: 'c-1',
      transformationId: 't-1',
    },
  ]);
});

it('puts metrics with different dimension sets in one document, one directive each', () => {
  transformationMetrics.succeeded('enhance', 4200);
  const [doc] = captured.lines as [{ _aws: { CloudWatchMetrics: unknown[] } } & Record<string, unknown>];
  expect(doc._aws.CloudWatchMetrics).toEqual([
    {
      Namespace: METRICS_NAMESPACE,
      Dimensions: [['stage'], ['stage', 'type']],
      Metrics: [{ Name: 'TransformationsSucceeded', Unit: 'Count' }],
    },
    {
      Namespace: METRICS_NAMESPACE,
      Dimensions: [
        ['stage', 'outcome'],
        ['stage', 'type', 'outcome'],
      ],
      Metrics: [{ Name: 'TransformationDuration', Unit: 'Milliseconds' }],
    },
  ]);
  expect(doc).toMatchObject({
    stage: 'prod',
    type: 'enhance',
    outcome: 'succeeded',
    TransformationsSucceeded: 1,
    TransformationDuration: 4200,
  });
});

it('reports a failure by type and reason, without duration when it is unknown', () => {
  transformationMetrics.failed(undefined, 'not-started', undefined);
  const [doc] = captured.lines as [Record<string, unknown> & { _aws: { CloudWatchMetrics: { Metrics: unknown }[] } }];
  expect(doc._aws.CloudWatchMetrics.map((d) => d.Metrics)).toEqual([
    [{ Name: 'TransformationsFailed', Unit: 'Count' }],
  ]);
  expect(doc).toMatchObject({ stage: 'prod', type: 'unknown', reason: 'not-started', TransformationsFailed: 1 });
  expect(doc).not.toHaveProperty('TransformationDuration');
});

it('reports engine time by type and engine, and credits by stage', () => {
  transformationMetrics.engineTime('sky-replacement', 'local', 812);
  creditMetrics.reserved({ orgId: 'o-1' });
  creditMetrics.refunded();
  expect(captured.lines).toMatchObject([
    { EngineTime: 812, type: 'sky-replacement', engine: 'local', stage: 'prod' },
    { CreditsReserved: 1, stage: 'prod', orgId: 'o-1' },
    { CreditsRefunded: 1, stage: 'prod' },
  ]);
});

it('names every dimension of every set at the root (CloudWatch rejects the document otherwise)', () => {
  for (const key of Object.keys(METRICS) as (keyof typeof METRICS)[]) {
    captured.lines.length = 0;
    emitMetrics({ [key]: 1 }, { type: 'enhance', reason: 'internal', outcome: 'failed', engine: 'local' });
    const [doc] = captured.lines as [Record<string, unknown>];
    for (const set of METRICS[key].dimensionSets) {
      expect(set[0]).toBe('stage');
      for (const name of set) expect(typeof doc[name]).toBe('string');
    }
    expect(doc[METRICS[key].name]).toBe(1);
  }
});

it('writes nothing without a finite value', () => {
  emitMetrics({ engineTime: Number.NaN });
  expect(captured.lines).toEqual([]);
});

it('measures a duration from an ISO date', () => {
  expect(millisecondsSince('2026-01-01T00:00:00.000Z', Date.parse('2026-01-01T00:00:02.500Z'))).toBe(2500);
  expect(millisecondsSince(undefined)).toBeUndefined();
  expect(millisecondsSince('not a date')).toBeUndefined();
});
