/**
 * The low-level DynamoDB client, table name and key builders, without the document client: for
 * Lambdas that only describe the table (health), so their bundle leaves lib-dynamodb out.
 * Everyone else imports `./dynamodb`, which re-exports all of this.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { envGetter } from '../config';

export const dynamodb = new DynamoDBClient({});

/** The single table's name (env TABLE_NAME). */
export const tableName = envGetter('TABLE_NAME');

/** Key builders of the data model (docs/architecture.md), so no module spells them itself. */
export const keys = {
  user: (sub: string) => ({ pk: `USER#${sub}`, sk: 'PROFILE' }),
  organization: (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'ORG' }),
  /** gsi1 key of the organization owning a Stripe customer (webhooks). */
  organizationByStripeCustomer: (customerId: string) => ({ gsi1pk: `STRIPE#${customerId}`, gsi1sk: 'ORG' }),
  stripeEvent: (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' }),
  /** Ledger entry of a credit grant: per paid invoice, or per upgrade within a period. */
  creditGrant: (orgId: string, grantId: string) => ({ pk: `ORG#${orgId}`, sk: `LEDGER#${grantId}#grant` }),
} as const;

/** True for the error DynamoDB returns when a ConditionExpression does not hold. */
export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
