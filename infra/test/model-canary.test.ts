/**
 * The daily model canary (decision 088): off in every stage unless its configuration turns it on;
 * then a daily schedule sends the image-steps Lambda the canary's event, and one failure of the
 * ModelCanaryFailures metric in a day alarms on the stage's alarm topic.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { MODEL_CANARY_SOURCE } from '../../functions/src/engines/generative/model-canary-event';
import { REPO_ROOT } from '../lib/bundling';
import { Workflow } from '../lib/workflow';
import { STAGES } from '../config/stages';
import { synthStage } from './synth';

const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

/** The workflow alone, in a stack of its own, with the dev stage's configuration and `canary`. */
function workflowWith(canary: boolean) {
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'CanaryTest', { env: { account: '123456789012', region: 'eu-west-3' } });
  const config = { ...STAGES.dev, engines: { ...STAGES.dev.engines, canary } };
  const workflow = new Workflow(stack, 'Workflow', {
    config,
    table: new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } }),
    uploadsBucket: new s3.Bucket(stack, 'Uploads'),
    resultsBucket: new s3.Bucket(stack, 'Results'),
  });
  return { stack, workflow, template: Template.fromStack(stack) };
}

describe('model canary (decision 088)', () => {
  it('is off in every stage by default', () => {
    for (const [stage, config] of Object.entries(STAGES))
      expect([stage, config.engines.canary]).toEqual([stage, false]);
    const { workflow, template } = workflowWith(false);
    expect(workflow.modelCanary).toBeUndefined();
    template.resourcePropertiesCountIs(
      'AWS::Scheduler::Schedule',
      { Target: Match.objectLike({ Input: Match.stringLikeRegexp(MODEL_CANARY_SOURCE) }) },
      0,
    );
    template.resourceCountIs('AWS::CloudWatch::Alarm', 0);
  });

  it('when on, sends the image steps the canary event daily and alarms on one failure a day', () => {
    const { stack, workflow, template } = workflowWith(true);
    const imageSteps = stack.getLogicalId(
      workflow.imageSteps.node.defaultChild as Parameters<typeof stack.getLogicalId>[0],
    );
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 day)',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [imageSteps, 'Arn'] },
        Input: JSON.stringify({ source: MODEL_CANARY_SOURCE }),
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 0 }),
      }),
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'vitrine-dev-model-canary',
      Namespace: 'Vitrine',
      MetricName: 'ModelCanaryFailures',
      Dimensions: [{ Name: 'stage', Value: 'dev' }],
      Statistic: 'Sum',
      Period: 86_400,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('notifies the stage alarm topic when a stage turns it on', () => {
    const original = STAGES.dev.engines;
    STAGES.dev.engines = { ...original, canary: true };
    try {
      const { template, stack } = synthStage('dev');
      const topic = stack.getLogicalId(
        stack.monitoring.topic.node.defaultChild as Parameters<typeof stack.getLogicalId>[0],
      );
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        AlarmName: 'vitrine-dev-model-canary',
        AlarmActions: [{ Ref: topic }],
      });
    } finally {
      STAGES.dev.engines = original;
    }
  });
});
