/**
 * The deep health check in AWS (architecture decision 48): a Lambda that makes one metadata call
 * per dependency (table, both buckets, user pool, state machine), invoked by EventBridge Scheduler
 * every few minutes. A failing dependency fails the invocation, which its errors alarm turns into
 * a notification. The public GET /api/health calls none of them, so it costs nothing to flood.
 */
import { type CfnElement, Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { foundationModelOf } from '../../../functions/src/engines/bedrock/model-ids';
import { ENV } from '../../../functions/src/lib/env';
import { engineEnvironment } from '../../config/engines';
import type { StageConfig } from '../../config/stages';
import { SCHEDULED_ENTRIES } from '../bundling';
import { VitrineFunction } from './vitrine-function';

export interface HealthCheckProps {
  config: StageConfig;
  table: ITable;
  uploadsBucket: IBucket;
  resultsBucket: IBucket;
  userPool: IUserPool;
  stateMachine: IStateMachine;
  logRemovalPolicy?: RemovalPolicy;
}

export class HealthCheck extends Construct {
  readonly fn: VitrineFunction;
  readonly schedule: scheduler.Schedule;

  constructor(scope: Construct, id: string, props: HealthCheckProps) {
    super(scope, id);
    const [entry] = SCHEDULED_ENTRIES;
    this.fn = new VitrineFunction(this, 'Function', {
      handlerName: entry,
      logRetention: props.config.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
      memorySize: 256,
      timeout: Duration.seconds(15),
    });
    // Metadata only: DescribeTable, HeadBucket, DescribeUserPool, DescribeStateMachine.
    this.fn
      .bindTable(props.table, 'describe')
      .bindBucket(props.uploadsBucket, ENV.uploadsBucket, 'head')
      .bindBucket(props.resultsBucket, ENV.resultsBucket, 'head')
      .bindUserPool(props.userPool, 'describe');
    this.fn.addEnvironment(ENV.stateMachineArn, props.stateMachine.stateMachineArn);
    // Each configured generative model's lifecycle state (health/model-lifecycle.ts, decision 60).
    const { engines } = props.config;
    this.fn.addEnvironment(ENV.modelLifecycleCheck, 'true');
    for (const [name, value] of Object.entries(engineEnvironment(engines))) this.fn.addEnvironment(name, value);
    if (Object.values(engines.providers).includes('openai')) {
      this.fn.bindSecret(props.config.secretNames.imageEditingApiKey, ENV.imageEditApiSecretName);
    }
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['bedrock:GetFoundationModel'],
        resources: [engines.bedrock.inpaintModelId, engines.bedrock.eraseModelId].map(
          (id) => `arn:aws:bedrock:${engines.bedrock.region}::foundation-model/${foundationModelOf(id)}`,
        ),
      }),
    );
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['states:DescribeStateMachine'],
        resources: [props.stateMachine.stateMachineArn],
      }),
    );
    // One failed check is one error in the alarm's window, not three (Lambda retries async invocations twice).
    this.fn.configureAsyncInvoke({ retryAttempts: 0 });

    // Our own role (the target's default one is shared at stack level): it may invoke this function only.
    const invoker = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: 'Lets EventBridge Scheduler invoke the deep health check',
    });
    Validations.of(invoker).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.fn.node.defaultChild as CfnElement)}.Arn>:*]`,
      reason:
        'The Scheduler target grants invoke on the function and its versions (`<arn>:*`): this one function only.',
    });
    this.schedule = new scheduler.Schedule(this, 'Schedule', {
      description: `vitrine-${props.config.stage}: deep health check of the table, buckets, user pool and workflow`,
      schedule: scheduler.ScheduleExpression.rate(Duration.minutes(props.config.healthCheckEveryMinutes)),
      target: new targets.LambdaInvoke(this.fn, {
        role: invoker,
        input: scheduler.ScheduleTargetInput.fromObject({ source: 'vitrine.health-check' }),
        retryAttempts: 0,
      }),
    });
  }
}
