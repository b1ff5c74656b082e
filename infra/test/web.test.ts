import { Match, Template } from 'aws-cdk-lib/assertions';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { STAGES } from '../config/stages';
import { addVitrineStack } from '../lib/app';
import { contentSecurityPolicy } from '../lib/constructs/security-headers';
import { EdgeStack } from '../lib/edge-stack';
import { VitrineStack } from '../lib/vitrine-stack';
import { fakeWebDist, synthStage } from './synth';

const { template } = synthStage('dev');

describe('CloudFront', () => {
  it('reads the web bucket through origin access control only', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: { OriginAccessIdentity: '' } }),
        ]),
      }),
    });
  });

  it('serves share pages with X-Robots-Tag noindex (decision 098)', () => {
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const [noIndexId] = Object.entries(policies).find(([, policy]) =>
      JSON.stringify(policy).includes('"X-Robots-Tag"'),
    )!;
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({ PathPattern: '/partage/*', ResponseHeadersPolicyId: { Ref: noIndexId } }),
        ]),
      }),
    });
    expect(JSON.stringify(policies[noIndexId])).toContain('noindex, nofollow');
  });

  it('routes /api/* to the HTTP API uncached, forwarding everything but Host', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: Match.arrayWith(['GET', 'PUT', 'PATCH', 'POST', 'DELETE']),
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
            ViewerProtocolPolicy: 'https-only',
          }),
        ]),
      }),
    });
  });

  it('falls back to index.html with a viewer function on the app behaviours (default, share pages), never on the API', () => {
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    const config = distribution!.Properties.DistributionConfig;
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
    const behaviour = (pattern: string) =>
      (config.CacheBehaviors as { PathPattern: string; FunctionAssociations?: unknown }[]).find(
        (entry) => entry.PathPattern === pattern,
      )!;
    expect(behaviour('/api/*').FunctionAssociations).toBeUndefined();
    expect(behaviour('/partage/*').FunctionAssociations).toEqual(config.DefaultCacheBehavior.FunctionAssociations);
  });

  it('rewrites extension-less paths and keeps files', () => {
    const [fn] = Object.values(template.findResources('AWS::CloudFront::Function'));
    const handler = new Function(`${fn!.Properties.FunctionCode}; return handler;`)() as (event: {
      request: { uri: string };
    }) => { uri: string };
    const uriFor = (uri: string) => handler({ request: { uri } }).uri;
    // The pages the build prerenders (decision 131) get their own HTML; other app routes the shell.
    expect(uriFor('/')).toBe('/home.html');
    expect(uriFor('/pricing')).toBe('/pricing.html');
    expect(uriFor('/pricing/')).toBe('/index.html');
    expect(uriFor('/toString')).toBe('/index.html');
    expect(uriFor('/dashboard/projects/42')).toBe('/index.html');
    expect(uriFor('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(uriFor('/config.json')).toBe('/config.json');
  });

  it('sends a strict CSP, HSTS and the usual security headers', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        },
        CustomHeadersConfig: {
          Items: Match.arrayWith([
            { Header: 'Permissions-Policy', Value: Match.stringLikeRegexp('camera=\\(\\)'), Override: true },
            { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
          ]),
        },
      }),
    });
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = JSON.stringify(policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig);
    expect(csp).toContain("default-src 'self'; script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(
      "connect-src 'self' https://cognito-idp.eu-west-3.amazonaws.com https://vitrine-dev-uploads-",
    );
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts from the app only (WebAssembly compiled, never eval) and lists the buckets', () => {
    const csp = contentSecurityPolicy({
      cognitoEndpoint: 'https://cognito-idp.eu-west-3.amazonaws.com',
      uploadsEndpoint: 'https://up.s3.eu-west-3.amazonaws.com',
      resultsEndpoint: 'https://res.s3.eu-west-3.amazonaws.com',
    });
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directives['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://up.s3.eu-west-3.amazonaws.com',
      'https://res.s3.eu-west-3.amazonaws.com',
    ]);
    expect(directives['connect-src']).toContain('https://cognito-idp.eu-west-3.amazonaws.com');
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  it('names a bucket origin once when both buckets share it (locally, the app port: decision 109)', () => {
    const csp = contentSecurityPolicy({
      cognitoEndpoint: 'http://localhost:3000/_local/cognito',
      uploadsEndpoint: 'http://localhost:3000',
      resultsEndpoint: 'http://localhost:3000',
      local: { devServer: false },
    });
    expect(csp).toContain("img-src 'self' data: blob: http://localhost:3000;");
  });
});

describe('app deployment', () => {
  it('writes config.json for the AWS mode from the stack outputs', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment'));
    const entry = deployments.find((d) => d.Properties.DistributionPaths)!;
    expect(entry.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(entry.Properties.DistributionPaths).toEqual(['/*']);
    const markers = JSON.stringify(entry.Properties.SourceMarkers);
    expect(markers).toContain('AuthUserPool');
    expect(markers).toContain('AuthUserPoolWebClient');
  });

  it('refuses to synthesize without a built app', () => {
    const app = new App({
      context: {
        stage: 'dev',
        webDistPath: fs.mkdtempSync(path.join(os.tmpdir(), 'empty-')),
        'aws:cdk:bundling-stacks': [],
      },
    });
    expect(() => addVitrineStack(app)).toThrow(/npm run build/);
  });
});

describe('custom domain', () => {
  it('serves the domain with its certificate, TLS 1.2 minimum, and allows it in CORS', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const config = {
      ...STAGES.prod,
      domain: { name: 'app.vitrine.example', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' },
    };
    const edge = new EdgeStack(app, 'DomainEdge', { config, env: { region: 'us-east-1' } });
    const stack = new VitrineStack(app, 'Domain', {
      config,
      edge,
      webDistPath: fakeWebDist(),
      env: { region: 'eu-west-3' },
    });
    const domainTemplate = Template.fromStack(stack);
    domainTemplate.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.vitrine.example'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
    domainTemplate.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://app.vitrine.example'] })] },
    });
    const distribution = stack.web.distribution.node.metadata.map((entry) => JSON.stringify(entry.data)).join();
    expect(distribution).not.toContain('AwsSolutions-CFR4');
  });
});
