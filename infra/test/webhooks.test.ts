import { Match } from 'aws-cdk-lib/assertions';
import { ENV } from '../lib/endpoint-groups';
import { synthStage } from './synth';

const { template, stack } = synthStage('dev');
type Cfn = ReturnType<typeof template.toJSON>;
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Cfn }>;
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<typeof stack.getLogicalId>[0]);

/** Every function's environment variables, by logical id. */
const environments = Object.entries(resources)
  .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
  .map(
    ([id, resource]) => [id, (resource.Properties.Environment?.Variables ?? {}) as Record<string, unknown>] as const,
  );

describe('webhook deliveries in AWS (decision 114)', () => {
  it('never lets a deployed function deliver to loopback over http', () => {
    expect(environments.length).toBeGreaterThan(10);
    for (const [, variables] of environments) expect(variables).not.toHaveProperty(ENV.webhookAllowLoopback);
  });

  it('queues deliveries with a dead-letter queue after 5 receives, TLS only, encrypted', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 5 },
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 360,
    });
    const queues = Object.values(resources).filter((resource) => resource.Type === 'AWS::SQS::QueuePolicy');
    expect(queues).toHaveLength(2);
    for (const policy of queues) {
      expect(JSON.stringify(policy.Properties)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('runs the consumer on the queue with partial batch responses', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(stack.webhooks.consumer) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 5,
    });
  });

  it('gives the queue URL and SendMessage to the emitters only', () => {
    const withQueue = environments.filter(([, variables]) => ENV.webhookQueueUrl in variables).map(([id]) => id);
    expect(withQueue.sort()).toEqual(
      [
        logicalId(stack.webhooks.consumer),
        logicalId(stack.workflow.recordSteps),
        logicalId(stack.workflow.reconciler),
        logicalId(stack.api.functions.get('webhooks')!),
        logicalId(stack.api.functions.get('billing')!),
      ].sort(),
    );
    const senders = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy')
      .filter((resource) => JSON.stringify(resource.Properties.PolicyDocument).includes('sqs:SendMessage'));
    expect(senders).toHaveLength(5);
  });

  it('alarms at the first dead letter', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'vitrine-dev-webhook-dead-letters',
      Threshold: 1,
    });
  });
});
