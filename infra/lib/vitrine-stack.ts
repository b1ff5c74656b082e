/**
 * One stack per stage (`Vitrine-<stage>`) holding every concern. One stack because the concerns
 * reference each other both ways (the API authorizer needs the user pool, the Cognito trigger and
 * the buckets' CORS need the app's URL): CloudFormation resolves that inside a stack, while
 * cross-stack exports would freeze resources and make replacements painful.
 */
import { CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { LogBucket } from './constructs/log-bucket';
import { Storage } from './constructs/storage';
import { Web } from './constructs/web';
import { Workflow } from './workflow';

export interface VitrineStackProps extends StackProps {
  config: StageConfig;
  /** Absolute path of the built web app (web/dist). */
  webDistPath: string;
}

export class VitrineStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly api: Api;
  readonly web: Web;
  readonly workflow: Workflow;

  constructor(scope: Construct, id: string, props: VitrineStackProps) {
    super(scope, id, props);
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
    this.auth = new Auth(this, 'Auth', { config, appUrl: appOrigin });
    this.workflow = new Workflow(this, 'Workflow', {
      config,
      table: this.data.table,
      uploadsBucket: this.storage.uploads,
      resultsBucket: this.storage.results,
    });
    this.api = new Api(this, 'Api', {
      config,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      table: this.data.table,
      uploadsBucket: this.storage.uploads,
      resultsBucket: this.storage.results,
      workflow: this.workflow,
      appUrl: appOrigin,
    });
    this.web = new Web(this, 'Web', {
      config,
      httpApi: this.api.httpApi,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      accessLogs: logs.bucket,
      webDistPath: props.webDistPath,
    });

    new CfnOutput(this, 'AppUrl', { value: appOrigin });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
  }
}
