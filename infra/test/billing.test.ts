import type { CfnElement } from 'aws-cdk-lib';
import { STAGES } from '../config/stages';
import { synthStage } from './synth';

const { template, stack } = synthStage('dev');
type Statement = { Action: string | string[]; Resource: unknown };
interface Resource {
  Type: string;
  Properties: {
    Roles?: unknown;
    PolicyDocument?: { Statement: Statement[] };
    RouteKey?: string;
    AuthorizationType?: string;
    Environment?: { Variables: Record<string, unknown> };
  };
}
const resources = template.toJSON().Resources as Record<string, Resource>;

function functionOf(group: 'billing' | 'organizations' | 'users') {
  const fn = stack.api.functions.get(group)!;
  const logicalId = stack.getLogicalId(fn.node.defaultChild as CfnElement);
  const roleId = stack.getLogicalId(fn.role!.node.defaultChild as CfnElement);
  const statements = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(roleId))
    .flatMap((r) => r.Properties.PolicyDocument?.Statement ?? []);
  return { variables: resources[logicalId]!.Properties.Environment?.Variables ?? {}, statements };
}

/**
 * Each secret ARN the statements grant GetSecretValue on, as JSON text, but the CloudFront origin
 * secret every API function reads (decision 49, hardening.test.ts).
 */
const secretResources = (statements: Statement[]) =>
  statements
    .filter((s) => ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'))
    .flatMap((s) => ([] as unknown[]).concat(s.Resource))
    .map((resource) => JSON.stringify(resource))
    .filter((resource) => !resource.includes('/origin-verify-'));

describe('billing infrastructure', () => {
  it('serves the Stripe webhook without an authorizer', () => {
    const webhook = Object.values(resources).find(
      (r) => r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties.RouteKey === 'POST /api/billing/webhook',
    );
    expect(webhook?.Properties.AuthorizationType).toBe('NONE');
  });

  it('gives the billing function both Stripe secrets by name, the table and the app URL', () => {
    const { variables, statements } = functionOf('billing');
    expect(variables).toMatchObject({
      STRIPE_API_KEY_SECRET_NAME: STAGES.dev.secretNames.stripeApiKey,
      STRIPE_WEBHOOK_SIGNING_KEY_SECRET_NAME: STAGES.dev.secretNames.stripeWebhookSigningKey,
      APP_URL: expect.anything(),
      TABLE_NAME: expect.anything(),
    });
    // No secret value and no local setting reaches AWS.
    expect(Object.keys(variables)).not.toEqual(
      expect.arrayContaining(['STRIPE_API_KEY', 'STRIPE_WEBHOOK_SIGNING_KEY', 'STRIPE_API_URL']),
    );
    const secrets = secretResources(statements);
    expect(secrets).toHaveLength(2);
    expect(secrets.join()).toContain('vitrine/dev/stripe-api-key-??????');
    expect(secrets.join()).toContain('vitrine/dev/stripe-webhook-signing-key-??????');
  });

  it('gives the organizations function the Stripe API key only', () => {
    const { variables, statements } = functionOf('organizations');
    expect(variables).toHaveProperty('STRIPE_API_KEY_SECRET_NAME', STAGES.dev.secretNames.stripeApiKey);
    expect(variables).not.toHaveProperty('STRIPE_WEBHOOK_SIGNING_KEY_SECRET_NAME');
    const secrets = secretResources(statements);
    expect(secrets).toHaveLength(1);
    expect(secrets[0]).toContain('vitrine/dev/stripe-api-key-??????');
  });

  it('keeps Stripe secrets away from the other functions', () => {
    expect(secretResources(functionOf('users').statements)).toEqual([]);
  });

  it('expires processed-event markers with the table TTL', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });
});
