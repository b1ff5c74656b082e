import { Match } from 'aws-cdk-lib/assertions';
import { isKnownEnvName } from '../../functions/src/lib/env';
import { ROUTES, routeKey } from '../../functions/src/routes';
import { ACCESS_TOKEN_SCOPE } from '../lib/constructs/api';
import { synthStage } from './synth';

const { template } = synthStage('dev');

describe('HTTP API', () => {
  it('keeps public routes to the health check, the Stripe webhook, the invitation summary, the share page, the QR code original and the OpenAPI document', () => {
    const publicRoutes = ROUTES.filter((route) => route.auth === 'none').map(routeKey);
    const allowed = [
      'GET /api/health',
      'POST /api/billing/webhook',
      'GET /api/invitations/token/{token}',
      'GET /api/public/shares/{token}',
      'GET /api/public/originals/{token}',
      'GET /api/v1/openapi.json',
    ];
    expect(publicRoutes.every((key) => allowed.includes(key))).toBe(true);
    expect(publicRoutes).toContain('GET /api/health');
  });

  it('creates exactly one route per route table entry', () => {
    const routes = template.findResources('AWS::ApiGatewayV2::Route');
    const keys = Object.values(routes).map((route) => route.Properties.RouteKey as string);
    expect(keys.sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it('puts the Cognito JWT authorizer, restricted to access tokens, on every app route', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route'));
    for (const route of routes) {
      const entry = ROUTES.find((r) => routeKey(r) === route.Properties.RouteKey)!;
      // API key routes verify the key in their Lambda (decision 102).
      if (entry.auth === 'none' || entry.auth === 'apiKey') {
        expect(route.Properties.AuthorizationType).toBe('NONE');
      } else {
        expect(route.Properties).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: expect.any(String) },
          AuthorizationScopes: [ACCESS_TOKEN_SCOPE],
        });
      }
    }
  });

  it('validates tokens against the user pool issuer and the web client id', () => {
    const [poolId] = Object.keys(template.findResources('AWS::Cognito::UserPool'));
    const [clientId] = Object.keys(template.findResources('AWS::Cognito::UserPoolClient'));
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: clientId }],
        Issuer: { 'Fn::Join': ['', ['https://cognito-idp.eu-west-3.amazonaws.com/', { Ref: poolId }]] },
      },
    });
  });

  it('logs access and throttles the stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
    });
  });
});

// In this file to reuse its synth. CDK's own singleton functions (BucketDeployment: AWS_CA_BUNDLE)
// have logical ids starting with 'Custom' and are not ours to list.
describe('Lambda environment', () => {
  it('sets only variables that the functions read (functions/src/lib/env.ts) or the runtime uses', () => {
    const ours = Object.entries(template.findResources('AWS::Lambda::Function')).filter(
      ([id]) => !id.startsWith('Custom'),
    );
    const unknown = ours.flatMap(([id, resource]) =>
      Object.keys((resource.Properties?.Environment?.Variables ?? {}) as Record<string, unknown>)
        .filter((name) => !isKnownEnvName(name))
        .map((name) => `${id}: ${name}`),
    );
    expect(ours.length).toBeGreaterThan(5);
    expect(unknown).toEqual([]);
  });
});
