/**
 * One stack per stage (`Vitrine-<stage>`) holding every concern. One stack because the concerns
 * reference each other both ways (the API authorizer needs the user pool, the Cognito trigger and
 * the buckets' CORS need the app's URL): CloudFormation resolves that inside a stack, while
 * cross-stack exports would freeze resources and make replacements painful.
 */
import { CfnOutput, Lazy, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { HealthCheck } from './constructs/health-check';
import { OriginVerify } from './constructs/origin-verify';
import type { EdgeStack } from './edge-stack';
import { LogBucket } from './constructs/log-bucket';
import { Monitoring, type MonitoredFunction } from './constructs/monitoring';
import { Storage } from './constructs/storage';
import type { VitrineFunction } from './constructs/vitrine-function';
import { Web } from './constructs/web';
import { WebhookQueue } from './constructs/webhook-queue';
import { Workflow } from './workflow';
import { ENV } from '../../functions/src/lib/env';

export interface VitrineStackProps extends StackProps {
  config: StageConfig;
  /** Absolute path of the built web app (web/dist). */
  webDistPath: string;
  /** The us-east-1 stack holding the distribution's WAF web ACL (lib/edge-stack.ts). */
  edge: EdgeStack;
}

export class VitrineStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly api: Api;
  readonly web: Web;
  readonly workflow: Workflow;
  readonly monitoring: Monitoring;
  readonly webhooks: WebhookQueue;
  readonly healthCheck: HealthCheck;
  readonly originVerify: OriginVerify;
  readonly edge: EdgeStack;

  constructor(scope: Construct, id: string, props: VitrineStackProps) {
    // The web ACL's ARN comes from us-east-1.
    super(scope, id, { ...props, crossRegionReferences: true });
    this.edge = props.edge;
    const { config } = props;

    // The app's origin; without a configured one it is the CloudFront domain, known once Web exists.
    const appOrigin =
      config.allowedOrigin ??
      (config.domain
        ? `https://${config.domain.name}`
        : Lazy.string({ produce: () => `https://${this.web.distribution.distributionDomainName}` }));

    const logs = new LogBucket(this, 'Logs', { config });
    this.data = new Data(this, 'Data', { config });
    this.storage = new Storage(this, 'Storage', { config, allowedOrigin: appOrigin, accessLogs: logs.bucket });
    this.auth = new Auth(this, 'Auth', { config, appUrl: appOrigin, table: this.data.table });
    this.workflow = new Workflow(this, 'Workflow', {
      config,
      table: this.data.table,
      uploadsBucket: this.storage.uploads,
      resultsBucket: this.storage.results,
    });
    this.webhooks = new WebhookQueue(this, 'Webhooks', { config, table: this.data.table, appUrl: appOrigin });
    // The record steps and the reconciler tell the endpoints of a transformation's end (decision 114).
    this.webhooks.grantSend(this.workflow.recordSteps);
    this.webhooks.grantSend(this.workflow.reconciler);
    this.originVerify = new OriginVerify(this, 'OriginVerify', { config });
    this.api = new Api(this, 'Api', {
      config,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      table: this.data.table,
      uploadsBucket: this.storage.uploads,
      resultsBucket: this.storage.results,
      workflow: this.workflow,
      webhookQueue: this.webhooks,
      appUrl: appOrigin,
      originVerify: this.originVerify,
    });
    this.healthCheck = new HealthCheck(this, 'HealthCheck', {
      config,
      table: this.data.table,
      uploadsBucket: this.storage.uploads,
      resultsBucket: this.storage.results,
      userPool: this.auth.userPool,
      stateMachine: this.workflow.stateMachine,
      logRemovalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.web = new Web(this, 'Web', {
      config,
      httpApi: this.api.httpApi,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      accessLogs: logs.bucket,
      webDistPath: props.webDistPath,
      originVerify: this.originVerify,
      webAclArn: props.edge.webAcl.attrArn,
    });

    const functions = monitoredFunctions(this);
    // The `stage` dimension of the business metrics (functions/src/lib/metrics.ts).
    for (const { fn } of functions) fn.addEnvironment(ENV.stage, config.stage);
    this.monitoring = new Monitoring(this, 'Monitoring', {
      config,
      httpApi: this.api.httpApi,
      stateMachine: this.workflow.stateMachine,
      functions,
      webhookDeadLetters: this.webhooks.deadLetterQueue,
    });
    // The daily model canary's alarm, when the stage runs it (decision 088), on the alarm topic.
    this.workflow.modelCanary?.alarm.addAlarmAction(new SnsAction(this.monitoring.topic));

    new CfnOutput(this, 'AppUrl', { value: appOrigin });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
  }
}

/** Every Lambda of the stack, named as alarms and graphs show them. */
function monitoredFunctions(stack: VitrineStack): (MonitoredFunction & { fn: VitrineFunction })[] {
  return [
    ...[...stack.api.functions].map(([group, fn]) => ({ label: group, fn })),
    // Steps throw on purpose for a user's bad image or a provider's refusal: those are not faults.
    { label: 'image-steps', fn: stack.workflow.imageSteps, errorsPerFiveMinutes: 5 },
    // A reservation racing another past the balance throws InsufficientCreditsError (rare).
    { label: 'record-steps', fn: stack.workflow.recordSteps, errorsPerFiveMinutes: 3 },
    // It fails a run only when a transformation could not be reconciled.
    { label: 'reconciler', fn: stack.workflow.reconciler },
    { label: 'cognito-triggers', fn: stack.auth.triggers },
    // Fails on purpose when a dependency does not answer: its errors alarm is the deep health check's.
    { label: 'health-check', fn: stack.healthCheck.fn },
    // A failed delivery attempt is recorded, not thrown: an error is the table or SES failing.
    { label: 'webhook-deliveries', fn: stack.webhooks.consumer },
  ];
}
