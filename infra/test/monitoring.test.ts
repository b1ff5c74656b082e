import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { STAGES } from '../config/stages';
import { Monitoring } from '../lib/constructs/monitoring';
import { synthStage } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

describe('monitoring of a deployed stage', () => {
  const { template, stack } = synthStage('prod');
  const resources = template.toJSON().Resources as Record<string, Resource>;
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const alarms = ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties);
  const alarmNamed = (name: string) => alarms.find((a) => a.AlarmName === name);
  const topicId = stack.getLogicalId(stack.monitoring.topic.node.defaultChild as never);
  const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
    stack.getLogicalId(construct.node.defaultChild as never);

  it('creates the alarm topic named in the stage config, encrypted and TLS-only', () => {
    template.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: STAGES.prod.monitoring.alarmTopicName,
      KmsMasterKeyId: Match.anyValue(),
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
  });

  it('sends every alarm, and its return to OK, to that topic', () => {
    expect(alarms.length).toBeGreaterThan(10);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
  });

  it('alarms on each Lambda’s errors and throttles', () => {
    const functions = ofType('AWS::Lambda::Function')
      .filter(([, r]) => r.Properties.Runtime === 'nodejs22.x')
      .map(([id]) => id);
    expect(functions.length).toBeGreaterThanOrEqual(10);
    for (const metricName of ['Errors', 'Throttles']) {
      const watched = alarms
        .filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === metricName)
        .map((a) => (a.Dimensions as { Value: { Ref: string } }[])[0]!.Value.Ref);
      expect(watched.sort()).toEqual([...functions].sort());
    }
    expect(alarmNamed('vitrine-prod-uploads-errors')).toMatchObject({ Threshold: 1, Period: 300, Statistic: 'Sum' });
    expect(alarmNamed('vitrine-prod-image-steps-errors')).toMatchObject({ Threshold: 5 });
  });

  it('alarms on workflow timeouts, aborts and failures of the state machine', () => {
    const machine = logicalId(stack.workflow.stateMachine);
    for (const [name, metricName] of [
      ['vitrine-prod-workflow-timed-out', 'ExecutionsTimedOut'],
      ['vitrine-prod-workflow-aborted', 'ExecutionsAborted'],
      ['vitrine-prod-workflow-failed', 'ExecutionsFailed'],
    ] as const) {
      expect(alarmNamed(name)).toMatchObject({
        Namespace: 'AWS/States',
        MetricName: metricName,
        Dimensions: [{ Name: 'StateMachineArn', Value: { Ref: machine } }],
      });
    }
    expect(alarmNamed('vitrine-prod-workflow-timed-out')).toMatchObject({ Threshold: 1 });
  });

  it('alarms on the API’s 5xx and p99 latency with the stage’s thresholds', () => {
    const api = { Ref: logicalId(stack.api.httpApi) };
    expect(alarmNamed('vitrine-prod-api5xx')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Dimensions: [{ Name: 'ApiId', Value: api }],
      Threshold: STAGES.prod.monitoring.api5xxPerFiveMinutes,
    });
    expect(alarmNamed('vitrine-prod-api-latency-p99')).toMatchObject({
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: STAGES.prod.monitoring.apiLatencyP99Ms,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 2,
    });
  });

  it('alarms on the business metrics the functions emit (namespace, names and dimensions of metrics.ts)', () => {
    const system = alarmNamed('vitrine-prod-transformation-system-failures') as {
      Metrics: { Id: string; Expression?: string; MetricStat?: { Metric: Record<string, unknown> } }[];
      Threshold: number;
    };
    expect(system.Threshold).toBe(STAGES.prod.monitoring.systemFailuresPerFifteenMinutes);
    const watched = system.Metrics.filter((m) => m.MetricStat).map((m) => m.MetricStat!.Metric);
    expect(watched).toEqual(
      ['internal', 'engine-unavailable', 'engine-misconfigured', 'engine-throttled', 'timeout', 'interrupted'].map(
        (reason) => ({
          Namespace: 'Vitrine',
          MetricName: 'TransformationsFailed',
          Dimensions: expect.arrayContaining([
            { Name: 'stage', Value: 'prod' },
            { Name: 'reason', Value: reason },
          ]),
        }),
      ),
    );
    const rate = alarmNamed('vitrine-prod-transformation-failure-rate') as { Metrics: { Expression?: string }[] };
    expect(rate.Metrics.find((m) => m.Expression)?.Expression).toContain('100 * FILL(failed, 0) / started');
  });

  it('gives every function the JSON log format at INFO and the stage for its metrics', () => {
    const functions = ofType('AWS::Lambda::Function').filter(([, r]) => r.Properties.Runtime === 'nodejs22.x');
    for (const [, fn] of functions) {
      expect(fn.Properties.LoggingConfig).toMatchObject({
        LogFormat: 'JSON',
        ApplicationLogLevel: 'INFO',
        SystemLogLevel: 'INFO',
      });
      expect(fn.Properties.Environment).toMatchObject({ Variables: expect.objectContaining({ STAGE: 'prod' }) });
    }
  });

  it('builds a dashboard with the API, transformation, credit, workflow and Lambda graphs', () => {
    const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard') as [[string, Resource]];
    expect(dashboard.Properties.DashboardName).toBe('vitrine-prod');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const text of [
      'API requests and errors',
      'API latency (ms)',
      'TransformationsStarted',
      'TransformationsSucceeded',
      'TransformationsFailed',
      'TransformationDuration',
      'EngineTime',
      'CreditsReserved',
      'CreditsRefunded',
      'ExecutionsTimedOut',
      'Lambda throttles',
      'virtual-staging',
    ]) {
      expect(body).toContain(text);
    }
  });
});

describe('Monitoring construct', () => {
  function build(alarmEmails: string[]) {
    const stack = new Stack(new App(), 'Test', { env: { account: '111111111111', region: 'eu-west-3' } });
    const fn = new lambda.Function(stack, 'Fn', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {}'),
    });
    const monitoring = new Monitoring(stack, 'Monitoring', {
      config: { ...STAGES.dev, monitoring: { ...STAGES.dev.monitoring, alarmEmails } },
      httpApi: new apigw.HttpApi(stack, 'Api'),
      stateMachine: new sfn.StateMachine(stack, 'Machine', {
        definitionBody: sfn.DefinitionBody.fromChainable(new sfn.Pass(stack, 'Pass')),
      }),
      functions: [{ label: 'uploads', fn }],
      webhookDeadLetters: new sqs.Queue(stack, 'DeadLetters'),
    });
    return { monitoring, template: Template.fromStack(stack) };
  }

  it('subscribes the e-mail addresses of the stage config', () => {
    const { template } = build(['ops@example.com', 'oncall@example.com']);
    template.resourceCountIs('AWS::SNS::Subscription', 2);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com' });
    expect(build([]).template.findResources('AWS::SNS::Subscription')).toEqual({});
  });

  it('alarms on the first message in the webhook dead-letter queue', () => {
    const { template } = build([]);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'vitrine-dev-webhook-dead-letters',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('refuses a business metric under dimensions it is not emitted with', () => {
    const { monitoring } = build([]);
    expect(() => monitoring.metric('creditsReserved', { type: 'enhance' }, 'Sum')).toThrow(
      'CreditsReserved is not emitted with dimensions [stage,type]',
    );
    expect(monitoring.metric('engineTime', { engine: 'bedrock' }, 'p99').dimensions).toEqual({
      stage: 'dev',
      engine: 'bedrock',
    });
  });
});
