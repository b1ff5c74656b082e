/**
 * The web app: a private S3 bucket behind CloudFront (origin access control), `/api/*` routed to
 * the HTTP API on the same origin, strict security headers, and the deployment of web/dist with
 * the stage's `/config.json` (architecture decision 3: one build serves every stage).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PRERENDERED_PAGES, type RuntimeConfig } from '@vitrine/shared';
import type { StageConfig } from '../../config/stages';
import { acknowledgeCdkManaged } from '../nag';
import type { OriginVerify } from './origin-verify';
import {
  contentSecurityPolicy,
  CUSTOM_SECURITY_HEADERS,
  NOINDEX_HEADERS,
  NOINDEX_PAGE_PREFIX,
  FRAME_OPTIONS,
  HSTS_MAX_AGE_SECONDS,
  REFERRER_POLICY,
} from './security-headers';
import { dataBucketEndpoint, secureBucketProps } from './storage';

export interface WebProps {
  config: StageConfig;
  httpApi: apigw.IHttpApi;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  accessLogs: s3.IBucket;
  /** Absolute path of the built app (web/dist). */
  webDistPath: string;
  /** The secret CloudFront sends to the API origin, so that the API refuses calls that skip it. */
  originVerify: OriginVerify;
  /** ARN of the CLOUDFRONT-scope WAF web ACL (lib/edge-stack.ts, us-east-1). */
  webAclArn: string;
}

/** The HTML files of the build: fetched on every start, never cached, so a deployment shows at once. */
const HTML_FILES = ['index.html', ...Object.values(PRERENDERED_PAGES)];
/** Files fetched on every start: never cached. */
const ENTRY_FILES = [...HTML_FILES, 'config.json'];

/**
 * SPA fallback as a viewer-request function on the default behaviour: the pages the build
 * prerenders get their own HTML file (decision 131), other paths whose last segment has no
 * extension are app routes and get /index.html. Unlike distribution-wide error responses
 * (403/404 -> index.html), this leaves /api/* untouched, so API errors reach the client as they are,
 * and a missing asset stays a real error instead of an HTML page served as JavaScript.
 */
const SPA_REWRITE = `var PRERENDERED = ${JSON.stringify(Object.fromEntries(Object.entries(PRERENDERED_PAGES).map(([page, file]) => [page, `/${file}`])))};
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (Object.prototype.hasOwnProperty.call(PRERENDERED, request.uri)) {
    request.uri = PRERENDERED[request.uri];
  } else if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { config } = props;
    const region = Stack.of(this).region;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      ...secureBucketProps(config.retainData),
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'web/',
    });

    const headersPolicy = (id: string, comment: string, extra: Readonly<Record<string, string>> = {}) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        comment,
        securityHeadersBehavior: {
          contentSecurityPolicy: {
            contentSecurityPolicy: contentSecurityPolicy({
              cognitoEndpoint: `https://cognito-idp.${region}.amazonaws.com`,
              uploadsEndpoint: dataBucketEndpoint(config, 'uploads'),
              resultsEndpoint: dataBucketEndpoint(config, 'results'),
            }),
            override: true,
          },
          strictTransportSecurity: {
            accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
            includeSubdomains: true,
            override: true,
          },
          contentTypeOptions: { override: true },
          frameOptions: { frameOption: cloudfront.HeadersFrameOption[FRAME_OPTIONS], override: true },
          referrerPolicy: {
            referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
            override: true,
          },
        },
        customHeadersBehavior: {
          customHeaders: Object.entries({ ...CUSTOM_SECURITY_HEADERS, ...extra }).map(([header, value]) => ({
            header,
            value,
            override: true,
          })),
        },
      });

    const headers = headersPolicy('SecurityHeaders', `vitrine-${config.stage} security headers`);
    // Share pages are for the seller a link was sent to: never indexed (decision 098).
    const noIndexHeaders = headersPolicy('NoIndexHeaders', `vitrine-${config.stage} share pages`, NOINDEX_HEADERS);

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves the prerendered pages, and /index.html for other app routes (extension-less paths)',
    });

    const apiDomain = `${props.httpApi.apiId}.execute-api.${region}.${Stack.of(this).urlSuffix}`;
    const certificate = config.domain
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', config.domain.certificateArn)
      : undefined;

    const appOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `vitrine-${config.stage}`,
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      domainNames: config.domain ? [config.domain.name] : undefined,
      certificate,
      // Only meaningful with an own certificate: the default *.cloudfront.net one is fixed at TLSv1.
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100, // Europe and North America: the audience is French
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: appOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        [`${NOINDEX_PAGE_PREFIX}*`]: {
          origin: appOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: noIndexHeaders,
          functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // The API answers 403 without it: its default endpoint cannot be used to skip CloudFront and the WAF.
            customHeaders: { [props.originVerify.headerName]: props.originVerify.headerValue() },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Forwards Authorization (allowed because caching is disabled), query strings and every
          // other viewer header except Host, which must be the API's own domain.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'The app serves agents from any country; no geo restriction is wanted.' },
      ...(config.domain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the default *.cloudfront.net certificate is used, which CloudFront serves with TLSv1; stages with a domain get TLSv1.2_2021.',
            },
          ]),
    );

    this.deployApp(props);
  }

  /** Hashed assets first (cached a day), then the entry files (no-cache) and one invalidation. */
  private deployApp(props: WebProps): void {
    const distPath = assertBuiltApp(props.webDistPath);
    const runtimeConfig: RuntimeConfig = {
      apiBase: '/api',
      region: Stack.of(this).region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      authFlow: 'USER_SRP_AUTH',
      mode: 'aws',
      demoBookingUrl: props.config.demoBookingUrl,
    };

    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      sources: [s3deploy.Source.asset(distPath, { exclude: ENTRY_FILES })],
      exclude: ENTRY_FILES, // neither uploaded nor pruned by this deployment
      // Keep the previous build's hashed chunks: open tabs and the old index.html still load them.
      prune: false,
      // Not immutable: web/public files are copied without a content hash.
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=86400')],
      memoryLimit: 512,
    });
    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      destinationBucket: this.bucket,
      sources: [
        s3deploy.Source.asset(distPath, { exclude: ['*', ...HTML_FILES.map((file) => `!${file}`)] }),
        s3deploy.Source.jsonData('config.json', runtimeConfig),
      ],
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    entry.node.addDependency(assets); // the HTML files must not point at assets not uploaded yet
    this.acknowledgeDeploymentHandler();
  }

  /** BucketDeployment's handler is a CDK-owned singleton at stack level, outside this construct. */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    for (const handler of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      acknowledgeCdkManaged(
        handler,
        ['AwsSolutions-L1', 'AwsSolutions-IAM4', 'AwsSolutions-IAM5'],
        'aws-cdk-lib owns this deploy-time handler: its runtime, basic execution role and grants (read the staged asset, write and prune the web bucket, invalidate the distribution) are not ours to narrow.',
      );
    }
  }
}

function assertBuiltApp(webDistPath: string): string {
  const absolute = path.resolve(webDistPath);
  if (!fs.existsSync(path.join(absolute, 'index.html'))) {
    throw new Error(`The web app is not built (${absolute}/index.html is missing): run \`npm run build\` first.`);
  }
  return absolute;
}
