import { prettyLogLine } from './pretty-logs';

it('prints a log line on one short line with the same fields', () => {
  const line = JSON.stringify({
    timestamp: '2026-11-22T12:03:04.567Z',
    level: 'INFO',
    message: 'Transformation succeeded',
    service: 'record-steps',
    requestId: 'lambda-1',
    correlationId: 'corr-1',
    transformationId: 't-1',
    durationMs: 4200,
  });
  expect(prettyLogLine(line)).toBe(
    '12:03:04.567  INFO   record-steps  Transformation succeeded  transformationId=t-1  durationMs=4200  corr=corr-1',
  );
});

it('prints an EMF document as its metric values and dimensions', () => {
  const line = JSON.stringify({
    _aws: {
      Timestamp: Date.parse('2026-11-22T12:03:05.000Z'),
      CloudWatchMetrics: [
        {
          Namespace: 'Vitrine',
          Dimensions: [['stage'], ['stage', 'type']],
          Metrics: [{ Name: 'TransformationsStarted', Unit: 'Count' }],
        },
      ],
    },
    stage: 'local',
    type: 'enhance',
    TransformationsStarted: 1,
    service: 'image-processing',
    correlationId: 'corr-2',
  });
  expect(prettyLogLine(line)).toBe(
    '12:03:05.000  METRIC  image-processing  TransformationsStarted=1  stage=local type=enhance  corr=corr-2',
  );
});

it('leaves any other output as it is', () => {
  expect(prettyLogLine('Vitrine prête sur http://localhost:3000')).toBe('Vitrine prête sur http://localhost:3000');
  expect(prettyLogLine('[1,2]')).toBe('[1,2]');
  expect(prettyLogLine('{"status":"ok"}')).toBe('{"status":"ok"}');
});
