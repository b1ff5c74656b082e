/**
 * What ops see of production: CloudWatch alarms on the workflow, every Lambda, the HTTP API and the
 * business metrics (functions/src/lib/metrics.ts, emitted as EMF), all notifying one SNS topic named
 * in the stage config, and a dashboard with the key graphs. Thresholds and their reasons are in
 * docs/architecture.md (Observability).
 */
import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { TRANSFORMATION_TYPES } from '@vitrine/shared';
import {
  FAILURE_REASONS,
  METRICS,
  METRICS_NAMESPACE,
  type DimensionName,
  type FailureReason,
  type MetricKey,
} from '../../../functions/src/lib/metrics';
import type { StageConfig } from '../../config/stages';

export interface MonitoredFunction {
  /** Short name used in alarm names and graph labels, e.g. `uploads`, `image-steps`. */
  label: string;
  fn: lambda.IFunction;
  /**
   * Errors in 5 minutes that alarm. @default 1: API Lambdas answer domain errors themselves, so an
   * invocation error is a crash or a timeout. Workflow steps throw on purpose (an invalid image is
   * an InvalidImageError), so theirs is higher.
   */
  errorsPerFiveMinutes?: number;
}

export interface MonitoringProps {
  config: StageConfig;
  httpApi: apigw.IHttpApi;
  stateMachine: sfn.IStateMachine;
  functions: readonly MonitoredFunction[];
  /** The webhook queue's dead-letter queue (decision 114): one message there alarms. */
  webhookDeadLetters: sqs.IQueue;
}

/** Reasons that point at us (code, provider, capacity) rather than at the user's input or balance. */
export const SYSTEM_FAILURE_REASONS: readonly FailureReason[] = [
  'internal',
  'engine-unavailable',
  // A retired or unknown model, denied access, an exhausted quota (decision 63): never the user's.
  'engine-misconfigured',
  'engine-throttled',
  'timeout',
  'interrupted',
];

const FIVE_MINUTES = Duration.minutes(5);

export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { config, httpApi, stateMachine } = props;
    const settings = config.monitoring;
    this.stage = config.stage;

    // CloudWatch can only publish to an encrypted topic whose key policy lets it use the key, which
    // AWS managed keys (alias/aws/sns) never do: a customer managed key, rotated yearly.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: `Encrypts the Vitrine ${config.stage} alarm topic`,
      enableKeyRotation: true,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: settings.alarmTopicName,
      displayName: `Vitrine ${config.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    for (const email of settings.alarmEmails ?? []) {
      this.topic.addSubscription(new subscriptions.EmailSubscription(email));
    }

    // The workflow. A failed execution is most often a user's problem (invalid image, no credit:
    // the ASL ends those in a Fail state after refunding), so failures alarm through the business
    // metrics below; a timed-out execution skipped the Catch chain, so a reserved credit may be lost.
    this.alarm('WebhookDeadLetters', {
      metric: props.webhookDeadLetters.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: 'Maximum',
      }),
      threshold: 1,
      description:
        'A webhook delivery message kept failing to be processed (the table or SES unreachable) and is in the dead-letter queue.',
    });
    this.alarm('WorkflowTimedOut', {
      metric: stateMachine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      description: 'A transformation execution timed out: its Catch chain (refund, mark failed) did not run.',
    });
    this.alarm('WorkflowAborted', {
      metric: stateMachine.metricAborted({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      description: 'A transformation execution was stopped by hand or failed outside its Catch chain.',
    });
    this.alarm('WorkflowFailed', {
      metric: stateMachine.metricFailed({ period: Duration.minutes(15), statistic: 'Sum' }),
      threshold: settings.workflowFailuresPerFifteenMinutes,
      description: 'Many transformation executions failed (any reason) within 15 minutes.',
    });
    this.alarm('TransformationSystemFailures', {
      metric: new cloudwatch.MathExpression({
        label:
          'Failures for internal, engine-unavailable, engine-misconfigured, engine-throttled, timeout or interrupted reasons',
        expression: SYSTEM_FAILURE_REASONS.map((_, i) => `FILL(r${i}, 0)`).join(' + '),
        usingMetrics: Object.fromEntries(
          SYSTEM_FAILURE_REASONS.map((reason, i) => [
            `r${i}`,
            this.metric('transformationsFailed', { reason }, 'Sum', Duration.minutes(15)),
          ]),
        ),
        period: Duration.minutes(15),
      }),
      threshold: settings.systemFailuresPerFifteenMinutes,
      description:
        'Transformations failed for a reason of ours (internal error, engine unavailable or misconfigured or throttled, timeout, execution died).',
    });
    this.alarm('TransformationFailureRate', {
      metric: new cloudwatch.MathExpression({
        label: 'Failed transformations (%), when at least 10 started',
        expression: 'IF(FILL(started, 0) >= 10, 100 * FILL(failed, 0) / started, 0)',
        usingMetrics: {
          started: this.metric('transformationsStarted', {}, 'Sum', Duration.hours(1)),
          failed: this.metric('transformationsFailed', {}, 'Sum', Duration.hours(1)),
        },
        period: Duration.hours(1),
      }),
      threshold: settings.failureRatePercent,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: `More than ${settings.failureRatePercent}% of the transformations started in an hour failed.`,
    });

    // Every Lambda.
    for (const { label, fn, errorsPerFiveMinutes = 1 } of props.functions) {
      this.alarm(`${pascal(label)}Errors`, {
        metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: errorsPerFiveMinutes,
        description: `The ${label} Lambda failed ${errorsPerFiveMinutes} or more invocations in 5 minutes (crash, timeout, or a thrown error).`,
      });
      this.alarm(`${pascal(label)}Throttles`, {
        metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: 1,
        description: `The ${label} Lambda was throttled: the account's concurrency is exhausted.`,
      });
    }

    // The HTTP API.
    this.alarm('Api5xx', {
      metric: httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: settings.api5xxPerFiveMinutes,
      description: `The API answered ${settings.api5xxPerFiveMinutes} or more 5xx in 5 minutes.`,
    });
    this.alarm('ApiLatencyP99', {
      metric: httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' }),
      threshold: settings.apiLatencyP99Ms,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      description: `The API's p99 latency stayed above ${settings.apiLatencyP99Ms} ms for 10 minutes.`,
    });

    this.dashboard = this.buildDashboard(props);

    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn, description: 'Subscribe to receive alarms' });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://console.aws.amazon.com/cloudwatch/home?region=${Stack.of(this).region}#dashboards/dashboard/${this.dashboard.dashboardName}`,
    });
  }

  /** A business metric (metrics.ts) under one of its dimension sets: `dimensions` must name one exactly. */
  metric(
    key: MetricKey,
    dimensions: Partial<Record<Exclude<DimensionName, 'stage'>, string>>,
    statistic: string,
    period: Duration = FIVE_MINUTES,
    label?: string,
  ): cloudwatch.Metric {
    const spec = METRICS[key];
    const dimensionsMap: Record<string, string> = { stage: this.stage, ...dimensions };
    const names = Object.keys(dimensionsMap).sort().join(',');
    const sets = spec.dimensionSets.map((set) => [...set].sort().join(','));
    if (!sets.includes(names)) {
      throw new Error(`${spec.name} is not emitted with dimensions [${names}] (emitted: ${sets.join(' | ')})`);
    }
    return new cloudwatch.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: spec.name,
      dimensionsMap,
      statistic,
      period,
      label,
    });
  }

  private alarm(
    id: string,
    options: {
      metric: cloudwatch.IMetric;
      threshold: number;
      description: string;
      comparisonOperator?: cloudwatch.ComparisonOperator;
      evaluationPeriods?: number;
    },
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `vitrine-${this.stage}-${kebab(id)}`,
      alarmDescription: options.description,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator:
        options.comparisonOperator ?? cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      // No data means nothing happened (EMF metrics exist only when emitted; idle Lambdas report nothing).
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }

  private buildDashboard({ httpApi, stateMachine, functions }: MonitoringProps): cloudwatch.Dashboard {
    const types = TRANSFORMATION_TYPES.map((t) => t.value);
    const wide = { width: 12, height: 6 } as const;
    const perType = (key: MetricKey, statistic: string, extra: Partial<Record<DimensionName, string>> = {}) =>
      types.map((type) => this.metric(key, { type, ...extra }, statistic, FIVE_MINUTES, type));
    const perFunction = (pick: (fn: lambda.IFunction) => cloudwatch.Metric) =>
      functions.map(({ label, fn }) => pick(fn).with({ label, period: FIVE_MINUTES }));

    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `vitrine-${this.stage}`,
      defaultInterval: Duration.hours(6),
    });
    dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `# Vitrine ${this.stage}\nAlarms notify the SNS topic \`${this.topic.topicName}\`. Logs: CloudWatch Logs Insights, filter on \`correlationId\` to follow one request through its workflow execution.`,
        width: 24,
        height: 2,
      }),
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        left: [
          httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'requests' }),
          httpApi.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' }),
          httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' }),
        ],
        ...wide,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency (ms)',
        left: [
          httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p50', label: 'p50' }),
          httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p99', label: 'p99' }),
          httpApi.metricIntegrationLatency({ period: FIVE_MINUTES, statistic: 'p99', label: 'Lambda p99' }),
        ],
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Transformations',
        left: [
          this.metric('transformationsStarted', {}, 'Sum', FIVE_MINUTES, 'started'),
          this.metric('transformationsSucceeded', {}, 'Sum', FIVE_MINUTES, 'succeeded'),
          this.metric('transformationsFailed', {}, 'Sum', FIVE_MINUTES, 'failed'),
        ],
        ...wide,
      }),
      new cloudwatch.GraphWidget({
        title: 'Failed transformations by reason',
        left: FAILURE_REASONS.map((reason) =>
          this.metric('transformationsFailed', { reason }, 'Sum', FIVE_MINUTES, reason),
        ),
        stacked: true,
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Started by type',
        left: perType('transformationsStarted', 'Sum'),
        stacked: true,
        width: 8,
        height: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Succeeded by type',
        left: perType('transformationsSucceeded', 'Sum'),
        stacked: true,
        width: 8,
        height: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Failed by type',
        left: perType('transformationsFailed', 'Sum'),
        stacked: true,
        width: 8,
        height: 6,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Duration, request to success (p50 / p99, ms)',
        left: [
          this.metric('transformationDuration', { outcome: 'succeeded' }, 'p50', FIVE_MINUTES, 'p50'),
          this.metric('transformationDuration', { outcome: 'succeeded' }, 'p99', FIVE_MINUTES, 'p99'),
        ],
        right: perType('transformationDuration', 'p50', { outcome: 'succeeded' }).map((m) =>
          m.with({ label: `${m.label} p50` }),
        ),
        ...wide,
      }),
      new cloudwatch.GraphWidget({
        title: 'Engine time by type (p50, ms)',
        left: perType('engineTime', 'p50'),
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Credits',
        left: [
          this.metric('creditsReserved', {}, 'Sum', FIVE_MINUTES, 'reserved'),
          this.metric('creditsRefunded', {}, 'Sum', FIVE_MINUTES, 'refunded'),
          this.metric('transformationsSucceeded', {}, 'Sum', FIVE_MINUTES, 'charged (succeeded)'),
        ],
        ...wide,
      }),
      new cloudwatch.GraphWidget({
        title: 'Workflow executions',
        left: [
          stateMachine.metricStarted({ period: FIVE_MINUTES, statistic: 'Sum', label: 'started' }),
          stateMachine.metricSucceeded({ period: FIVE_MINUTES, statistic: 'Sum', label: 'succeeded' }),
          stateMachine.metricFailed({ period: FIVE_MINUTES, statistic: 'Sum', label: 'failed' }),
          stateMachine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum', label: 'timed out' }),
          stateMachine.metricAborted({ period: FIVE_MINUTES, statistic: 'Sum', label: 'aborted' }),
        ],
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Lambda errors',
        left: perFunction((fn) => fn.metricErrors({ statistic: 'Sum' })),
        width: 8,
        height: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda throttles',
        left: perFunction((fn) => fn.metricThrottles({ statistic: 'Sum' })),
        width: 8,
        height: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda duration (p99, ms)',
        left: perFunction((fn) => fn.metricDuration({ statistic: 'p99' })),
        width: 8,
        height: 6,
      }),
    );
    return dashboard;
  }
}

/** 'image-steps' -> 'ImageSteps'. */
function pascal(value: string): string {
  return value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** 'ImageStepsErrors' -> 'image-steps-errors', 'Api5xx' -> 'api5xx'. */
function kebab(value: string): string {
  return value.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}
