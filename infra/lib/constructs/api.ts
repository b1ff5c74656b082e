/**
 * The HTTP API: one Lambda per endpoint group, one route per entry of the route table
 * (functions/src/routes.ts), a Cognito JWT authorizer on every route marked 'jwt', access logs and
 * stage-wide throttling. What each group's Lambda may touch is declared in ../endpoint-groups.ts.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ENDPOINT_GROUPS, ROUTES, routeKey, type EndpointGroup, type Route } from '../../../functions/src/routes';
import type { StageConfig } from '../../config/stages';
import { ENV, GROUP_NEEDS, secretEnvName, type BucketNeed, type GroupNeeds } from '../endpoint-groups';
import { appVersion } from '../version';
import type { OriginVerify } from './origin-verify';
import { sharpLayer } from '../sharp-layer';
import { VitrineFunction, type ScopedBucketAccess } from './vitrine-function';

/** The binaries `npm ci` installs on linux-x64, as the workflow's image steps (workflow.ts). */
const SHARP_ARCHITECTURE = lambda.Architecture.X86_64;

/**
 * Scope every Cognito access token carries (it authorizes the user's own GetUser). ID tokens have
 * no `scope` claim: requiring it makes the authorizer accept access tokens only.
 */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/** What Api needs of the webhook queue (see ./webhook-queue.ts). */
export interface WebhookQueueGrants {
  grantSend(fn: VitrineFunction): void;
}

/** What Api needs of the transformation workflow (see ../workflow.ts). */
export interface WorkflowGrants {
  grantStart(fn: VitrineFunction, access: 'start' | 'startAndDescribe'): void;
}

export interface ApiProps {
  config: StageConfig;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  table: ITable;
  uploadsBucket: IBucket;
  resultsBucket: IBucket;
  /** Required once a group declares `workflow` in GROUP_NEEDS. */
  workflow?: WorkflowGrants;
  /** Required when a group declares `webhookQueue`. */
  webhookQueue?: WebhookQueueGrants;
  /** The app's origin (https://...), for groups declaring `appUrl`. */
  appUrl?: string;
  /** The CloudFront origin secret every API function checks first (decision 49). */
  originVerify: OriginVerify;
}

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly functions: ReadonlyMap<EndpointGroup, VitrineFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config } = props;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `vitrine-${config.stage}`,
      createDefaultStage: false,
      // Same origin behind CloudFront: no CORS configuration on purpose.
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: config.apiThrottle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    // Cognito access tokens carry the app client id in `client_id`, not `aud`: API Gateway checks
    // `client_id` against the audience list when `aud` is absent.
    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', cognitoIssuer(props.userPool), {
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });

    const functions = new Map<EndpointGroup, VitrineFunction>();
    for (const group of ENDPOINT_GROUPS) {
      const fn = new VitrineFunction(this, `${pascalCase(group)}Function`, {
        handlerName: group,
        logRetention: config.logRetention,
        logRemovalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        memorySize: GROUP_NEEDS[group].memorySize,
        timeout: GROUP_NEEDS[group].timeoutSeconds ? Duration.seconds(GROUP_NEEDS[group].timeoutSeconds) : undefined,
        ...(GROUP_NEEDS[group].sharp ? { architecture: SHARP_ARCHITECTURE } : {}),
      });
      applyGroupNeeds(fn, GROUP_NEEDS[group], props);
      if (GROUP_NEEDS[group].sharp)
        fn.addLayers(sharpLayer(this, `${pascalCase(group)}SharpLayer`, SHARP_ARCHITECTURE));
      // Every route, public ones included: a request that skipped CloudFront is refused first.
      props.originVerify.bind(fn);
      functions.set(group, fn);
    }
    this.functions = functions;

    for (const group of ENDPOINT_GROUPS) {
      const integration = new HttpLambdaIntegration(`${pascalCase(group)}Integration`, functions.get(group)!);
      for (const route of ROUTES.filter((r) => r.group === group)) {
        this.addRoute(route, integration, authorizer);
      }
    }
  }

  private addRoute(route: Route, integration: HttpLambdaIntegration, authorizer: HttpJwtAuthorizer): void {
    const httpRoute = new apigw.HttpRoute(this, `Route${pascalCase(routeKey(route))}`, {
      httpApi: this.httpApi,
      routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
      integration,
      ...(route.auth === 'jwt'
        ? { authorizer, authorizationScopes: [ACCESS_TOKEN_SCOPE] }
        : { authorizer: new apigw.HttpNoneAuthorizer() }),
    });
    if (route.auth === 'none') {
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `${routeKey(route)} is public by design (health check, Stripe webhook verified by its signature, the API's OpenAPI document).`,
      });
    }
    if (route.auth === 'apiKey') {
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `${routeKey(route)} is the public API: its Lambda verifies the API key on every request (decision 102).`,
      });
    }
  }
}

/** Binds what GROUP_NEEDS declares: env variable + least-privilege grant per resource. */
function applyGroupNeeds(fn: VitrineFunction, needs: GroupNeeds, props: ApiProps): void {
  if (needs.table) fn.bindTable(props.table, needs.table, ENV.table);
  bindBucketNeed(fn, props.uploadsBucket, ENV.uploadsBucket, needs.buckets?.uploads);
  bindBucketNeed(fn, props.resultsBucket, ENV.resultsBucket, needs.buckets?.results);
  if (needs.userPool) fn.bindUserPool(props.userPool, needs.userPool, ENV.userPoolId);
  for (const key of needs.secrets ?? []) fn.bindSecret(props.config.secretNames[key], secretEnvName(key));
  if (needs.appUrl) {
    if (!props.appUrl) throw new Error(`${fn.node.path} needs the app URL: pass appUrl to the Api construct`);
    fn.addEnvironment(ENV.appUrl, props.appUrl);
  }
  if (needs.mail) fn.bindMailSender(props.config.mail);
  if (needs.appVersion) fn.addEnvironment(ENV.appVersion, appVersion());
  if (needs.webhookQueue) {
    if (!props.webhookQueue) throw new Error(`${fn.node.path} needs the webhook queue: pass it to the Api construct`);
    props.webhookQueue.grantSend(fn);
  }
  if (needs.workflow) {
    if (!props.workflow) throw new Error(`${fn.node.path} needs the workflow: pass it to the Api construct`);
    props.workflow.grantStart(fn, needs.workflow);
  }
}

function bindBucketNeed(fn: VitrineFunction, bucket: IBucket, envName: string, need: BucketNeed | undefined): void {
  if (!need) return;
  if (need === 'head') {
    fn.bindBucket(bucket, envName, 'head');
    return;
  }
  const scoped: readonly ScopedBucketAccess[] = Array.isArray(need) ? need : [need as ScopedBucketAccess];
  for (const { access, prefixes } of scoped) fn.bindBucket(bucket, envName, access, prefixes);
}

export function cognitoIssuer(userPool: cognito.IUserPool): string {
  return `https://cognito-idp.${Stack.of(userPool).region}.amazonaws.com/${userPool.userPoolId}`;
}

/** 'GET /api/users/me' -> 'GetApiUsersMe', 'cognito-triggers' -> 'CognitoTriggers'. */
function pascalCase(value: string): string {
  return value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1).toLowerCase())
    .join('');
}
