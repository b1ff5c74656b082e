/**
 * The transformation workflow in AWS: the state machine from the same ASL file the local stack
 * runs (DefinitionBody.fromFile, Lambda ARNs filled by definitionSubstitutions), and its two step
 * Lambdas, each its own entry and bundle: image steps (sharp, from a layer; large memory; the
 * buckets and the engines, no table) and record steps (DynamoDB only, decision 127; no sharp, so
 * ARM64 without the layer). Plus the reconciler, on a schedule, which finishes the transformations
 * whose execution died (architecture decision 40).
 */
import { type CfnElement, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import {
  SUBSTITUTION_NAMES,
  TRANSFORMATION_ASL_PATH,
  type TransformationSubstitutions,
} from '../../functions/src/workflow/definition';
import { engineEnvironment } from '../config/engines';
import type { StageConfig } from '../config/stages';
import { VitrineFunction } from './constructs/vitrine-function';
import { foundationModelOf } from '../../functions/src/engines/bedrock/model-ids';
import { MODEL_CANARY_SOURCE } from '../../functions/src/engines/generative/model-canary-event';
import { METRICS, METRICS_NAMESPACE } from '../../functions/src/lib/metrics';
import { TRANSFORM_LAMBDA_TIMEOUT_SECONDS } from '../../functions/src/engines/provider-timeouts';
import { RECONCILE_EVERY_SECONDS } from '../../functions/src/workflow/reconciler';
import { TABLE_KEYS } from '../../functions/src/lib/aws/table-schema';
import { RECONCILER_ENTRY, WORKFLOW_ENTRIES } from './bundling';
import { ENV } from './endpoint-groups';
import { OBJECT_PREFIXES } from '../../functions/src/lib/object-keys';
import { sharpLayer } from './sharp-layer';

export interface WorkflowProps {
  config: StageConfig;
  table: ITable;
  uploadsBucket: IBucket;
  resultsBucket: IBucket;
  /**
   * Architecture of the image-steps Lambda; sharp's native binaries for it must be in node_modules.
   * @default Architecture.X86_64 (the binaries `npm ci` installs on linux-x64 CI; see sharp-layer.ts)
   */
  imageArchitecture?: lambda.Architecture;
}

export class Workflow extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly imageSteps: VitrineFunction;
  readonly recordSteps: VitrineFunction;
  readonly reconciler: VitrineFunction;
  /** The daily model canary, when the stage turns it on (`engines.canary`); the stack adds the alarm's action. */
  readonly modelCanary?: { schedule: scheduler.Schedule; alarm: cloudwatch.Alarm };

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);
    const { config } = props;
    const architecture = props.imageArchitecture ?? lambda.Architecture.X86_64;
    const [imageStepsEntry, recordStepsEntry] = WORKFLOW_ENTRIES;

    this.imageSteps = new VitrineFunction(this, 'ImageSteps', {
      handlerName: imageStepsEntry,
      architecture,
      logRetention: config.logRetention,
      // sharp's CPU share grows with memory (1769 MB = one vCPU); a 12 MP image peaks near 250 MB.
      memorySize: 2048,
      // One provider call at its client timeout plus the analysis and compositing: an invocation
      // makes at most one paid call, a structure retry's comes in the next (decision 087), so no
      // Lambda limit cuts a paid call. Under the Transform Task's 160 s, so the Lambda's own
      // timeout surfaces first, as a caught error.
      timeout: Duration.seconds(TRANSFORM_LAMBDA_TIMEOUT_SECONDS),
      // A cap on the 2 GB steps, so a burst of jobs cannot take the concurrency the API needs (decision 51).
      reservedConcurrentExecutions: config.imageStepsReservedConcurrency,
    });
    const sharp = sharpLayer(this, 'SharpLayer', architecture);
    this.imageSteps.addLayers(sharp);
    // No table: the record steps load what Validate and Transform need into the state.
    const { upload, normalised, providerAnswer, result, thumbnail } = OBJECT_PREFIXES;
    this.imageSteps
      // Validate reads the raw upload and writes the normalised original; Transform reads that and
      // writes the result; each also writes a thumbnail (decision 44), and Transform keeps each
      // paid provider answer before using it (decision 087). Every write carries the
      // unsaved tag (decision 52). It runs libvips on user
      // files, so it gets no delete rights, and each right on its own key prefix only (decision 50).
      .bindBucket(props.uploadsBucket, ENV.uploadsBucket, 'read', [upload, normalised, providerAnswer])
      .bindBucket(props.uploadsBucket, ENV.uploadsBucket, 'put', [normalised, providerAnswer])
      .bindBucket(props.resultsBucket, ENV.resultsBucket, 'put', [result, thumbnail])
      // Used when a type is configured with ENGINE_<TYPE>=openai (engines/factory.ts).
      .bindSecret(config.secretNames.imageEditingApiKey, ENV.imageEditApiSecretName);
    // Transform lists a transformation's stored answers (workflow/provider-answers.ts): the listing
    // is allowed under that prefix only.
    this.imageSteps.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [props.uploadsBucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${providerAnswer}*`] } },
      }),
    );
    // The generative engines' configuration (config/engines.ts, decision 60).
    const { engines } = config;
    for (const [name, value] of Object.entries(engineEnvironment(engines))) this.imageSteps.addEnvironment(name, value);
    this.imageSteps.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: bedrockModelArns(Stack.of(this).account, engines.bedrock),
      }),
    );

    // Its own bundle, which never imports sharp: VitrineFunction's default ARM64, no layer.
    this.recordSteps = new VitrineFunction(this, 'RecordSteps', {
      handlerName: recordStepsEntry,
      logRetention: config.logRetention,
      memorySize: 512,
      timeout: Duration.seconds(8),
    });
    this.recordSteps
      .bindTable(props.table, 'readWrite', ENV.table)
      // StoreResult reads no object: it records what Transform returned (decision 127). Complete
      // saves the result of a start that named a project (decision 122) as the app's save does: it
      // re-tags the validated original, the result and the thumbnails kept (decision 52).
      .bindBucket(props.resultsBucket, ENV.resultsBucket, 'tag', [result, thumbnail])
      .bindBucket(props.uploadsBucket, ENV.uploadsBucket, 'tag', [normalised]);

    const substitutions: TransformationSubstitutions = {
      ImageStepsFunctionArn: this.imageSteps.functionArn,
      RecordStepsFunctionArn: this.recordSteps.functionArn,
    };
    const missing = SUBSTITUTION_NAMES.filter((name) => !substitutions[name]);
    if (missing.length > 0) throw new Error(`No definition substitution for ${missing.join(', ')}`);

    const logGroup = new logs.LogGroup(this, 'ExecutionLogs', {
      retention: config.logRetention,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromFile(TRANSFORMATION_ASL_PATH),
      definitionSubstitutions: { ...substitutions },
      // No `timeout` here: CDK applies it to definitions built from its own states only, never to
      // fromFile. The ASL's top-level TimeoutSeconds (workflow/execution-timeout.ts) sets it.
      tracingEnabled: true,
      // Execution data holds ids and keys only, but stays out of the logs anyway.
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    // The definition comes from a file, so CDK cannot infer the invoke permissions from it.
    this.imageSteps.grantInvoke(this.stateMachine);
    this.recordSteps.grantInvoke(this.stateMachine);
    const role = this.stateMachine.role;
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray tracing and CloudWatch Logs delivery actions of Step Functions only accept Resource "*".',
    });
    for (const fn of [this.imageSteps, this.recordSteps]) {
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
        reason: 'grantInvoke covers the versions and aliases of this one step function (`<arn>:*`).',
      });
    }

    this.reconciler = this.createReconciler(props);
    if (engines.canary) this.modelCanary = this.createModelCanary(props.config);
  }

  /**
   * The daily model canary (decision 088): EventBridge Scheduler sends the image-steps Lambda,
   * which already holds the engines, their grants and the sharp layer, the canary's event; it
   * emits ModelCanaryFailures per model, and one failure in a day alarms.
   */
  private createModelCanary(config: StageConfig): { schedule: scheduler.Schedule; alarm: cloudwatch.Alarm } {
    const stack = Stack.of(this);
    const role = new iam.Role(this, 'ModelCanarySchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
      description: 'Lets EventBridge Scheduler send the daily model canary to the image steps',
    });
    const schedule = new scheduler.Schedule(this, 'ModelCanarySchedule', {
      description: `vitrine-${config.stage}: one tiny edit per configured generative model`,
      schedule: scheduler.ScheduleExpression.rate(Duration.days(1)),
      target: new schedulerTargets.LambdaInvoke(this.imageSteps, {
        role,
        input: scheduler.ScheduleTargetInput.fromObject({ source: MODEL_CANARY_SOURCE }),
        // A paid call: a missed day is told by tomorrow's run, not retried.
        retryAttempts: 0,
      }),
    });
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(this.imageSteps.node.defaultChild as CfnElement)}.Arn>:*]`,
      reason: 'grantInvoke covers the versions and aliases of this one function (`<arn>:*`).',
    });
    const alarm = new cloudwatch.Alarm(this, 'ModelCanaryAlarm', {
      alarmName: `vitrine-${config.stage}-model-canary`,
      alarmDescription:
        'A configured generative model failed its daily canary edit (retired, access denied, quota, outage): see the README, when a model is retired.',
      metric: new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: METRICS.modelCanaryFailures.name,
        dimensionsMap: { stage: config.stage },
        statistic: 'Sum',
        period: Duration.days(1),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    return { schedule, alarm };
  }

  /**
   * The reconciler: its own small bundle (DynamoDB and DescribeExecution; ARM64, no layer), run by
   * EventBridge Scheduler. It may read the open-transformations index, read and update items and
   * put ledger entries, and describe this state machine's executions; nothing else.
   */
  private createReconciler(props: WorkflowProps): VitrineFunction {
    const fn = new VitrineFunction(this, 'Reconciler', {
      handlerName: RECONCILER_ENTRY,
      logRetention: props.config.logRetention,
      memorySize: 256,
      timeout: Duration.seconds(60),
    });
    fn.addEnvironment(ENV.table, props.table.tableName);
    fn.addEnvironment(ENV.stateMachineArn, this.stateMachine.stateMachineArn);
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${props.table.tableArn}/index/${TABLE_KEYS.gsi1.indexName}`],
      }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem'],
        resources: [props.table.tableArn],
      }),
    );
    this.stateMachine.grantExecution(fn, 'states:DescribeExecution');
    // A success whose Complete stopped before saving it into the project its start named is saved
    // here (decision 122): the save re-tags what it keeps, nothing more.
    const { normalised, result, thumbnail } = OBJECT_PREFIXES;
    fn.bindBucket(props.resultsBucket, ENV.resultsBucket, 'tag', [result, thumbnail]);
    fn.bindBucket(props.uploadsBucket, ENV.uploadsBucket, 'tag', [normalised]);
    // grantExecution spells the executions' ARN from the state machine's ARN: `execution:<name>:*`.
    const stack = Stack.of(this);
    const machineId = stack.getLogicalId(this.stateMachine.node.defaultChild as CfnElement);
    // cdk-nag spells an unresolved pseudo parameter `<AWS::Name>`.
    const pseudo = (value: string, name: string) => (Token.isUnresolved(value) ? `<AWS::${name}>` : value);
    Validations.of(fn.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${pseudo(stack.partition, 'Partition')}:states:${pseudo(stack.region, 'Region')}:<AWS::AccountId>:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${machineId}"}]}]}:*]`,
      reason: 'DescribeExecution on the executions of this one state machine only (`execution:<its name>:*`).',
    });

    // Its own role, so the acknowledgement below sits on it (the target's default role is shared).
    const schedulerRole = new iam.Role(this, 'ReconcilerSchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: 'Lets EventBridge Scheduler invoke the transformation reconciler',
    });
    new scheduler.Schedule(this, 'ReconcilerSchedule', {
      description: 'Finishes transformations whose workflow execution died (refund, mark failed).',
      schedule: scheduler.ScheduleExpression.rate(Duration.seconds(RECONCILE_EVERY_SECONDS)),
      // The next run comes within minutes: a missed one needs no retry.
      target: new schedulerTargets.LambdaInvoke(fn, { retryAttempts: 0, role: schedulerRole }),
    });
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
      reason: 'grantInvoke covers the versions and aliases of this one function (`<arn>:*`).',
    });
    return fn;
  }

  /** Lets an API function start executions (and read them with 'startAndDescribe'). */
  grantStart(fn: lambda.Function, access: 'start' | 'startAndDescribe'): void {
    fn.addEnvironment(ENV.stateMachineArn, this.stateMachine.stateMachineArn);
    this.stateMachine.grantStartExecution(fn);
    if (access === 'startAndDescribe') this.stateMachine.grantRead(fn);
  }
}

/**
 * What InvokeModel through a cross-Region inference profile needs: the profile in its Region, and
 * the foundation model in each Region the profile may route to (Bedrock's inference profile
 * prerequisites); a plain model id needs its foundation model in the configured Region only.
 */
export function bedrockModelArns(
  account: string,
  bedrock: { region: string; profileRegions: readonly string[]; inpaintModelId: string; eraseModelId: string },
): string[] {
  return [bedrock.inpaintModelId, bedrock.eraseModelId].flatMap((id) => {
    const model = foundationModelOf(id);
    if (model === id) return [`arn:aws:bedrock:${bedrock.region}::foundation-model/${id}`];
    return [
      `arn:aws:bedrock:${bedrock.region}:${account}:inference-profile/${id}`,
      ...bedrock.profileRegions.map((region) => `arn:aws:bedrock:${region}::foundation-model/${model}`),
    ];
  });
}
