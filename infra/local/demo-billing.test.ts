/**
 * The demo organization's billing against the Stripe stand-in: created once, and repaired for a
 * data directory whose demo has no customer there, without touching its credits.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { syncPlans } from '../../functions/src/billing/price-sync';
import { keys } from '../../functions/src/lib/keys';
import type { OrganizationRecord } from '../../functions/src/lib/records';
import { startLocalTable, type LocalTable } from '../../functions/src/testing/local-aws';
import { createDemoSubscription, repairDemoBilling } from './demo-billing';
import { startStripeStandIn, type StripeStandIn } from './stripe';
import { sdk, temporaryDirectory } from './stripe/test-support';

let table: LocalTable;
let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  table = await startLocalTable('vitrine-demo-billing-test');
  standIn = await startStripeStandIn({ directory: await temporaryDirectory() });
  standIn.controls.webhooks.pause();
  stripe = sdk(standIn.apiKey, standIn.port);
  await syncPlans(stripe);
});
afterAll(async () => {
  await standIn.close();
  await table.close();
});

const organization = async (id: string) =>
  (await table.ddb.send(new GetCommand({ TableName: table.tableName, Key: keys.organization(id) })))
    .Item as OrganizationRecord;

it('creates an active Agence subscription paid by the test card', async () => {
  const billing = await createDemoSubscription(stripe, 'org-demo-1');
  expect(billing.subscription).toMatchObject({ status: 'active', planId: 'agence', priceId: expect.any(String) });
  const customer = (await stripe.customers.retrieve(billing.customerId)) as Stripe.Customer;
  expect(customer.metadata).toEqual({ organizationId: 'org-demo-1' });
  expect(billing.grant).toMatchObject({ creditPlanId: 'agence', creditInvoiceId: billing.invoiceId });
});

it('gives an existing demo without a customer a subscription, keeps its credits, and does it once', async () => {
  await table.ddb.send(
    new PutCommand({
      TableName: table.tableName,
      Item: {
        ...keys.organization('org-demo-2'),
        id: 'org-demo-2',
        name: 'Agence Démo',
        stripeCustomerId: null,
        creditBalance: 37,
        subscription: { status: 'active', currentPeriodEnd: null, planId: 'agence' },
        reservations: {},
      },
    }),
  );
  await repairDemoBilling(table, stripe, 'org-demo-2');
  const repaired = await organization('org-demo-2');
  expect(repaired).toMatchObject({
    creditBalance: 37,
    stripeCustomerId: expect.stringMatching(/^cus_/),
    gsi1pk: `STRIPE#${repaired.stripeCustomerId}`,
    subscription: { status: 'active', planId: 'agence', id: expect.stringMatching(/^sub_/) },
    creditPlanId: 'agence',
  });
  const entry = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: keys.ledger('org-demo-2', repaired.creditInvoiceId!, 'grant') }),
  );
  expect(entry.Item).toMatchObject({ delta: 0, balanceAfter: 37 });

  await repairDemoBilling(table, stripe, 'org-demo-2');
  expect((await organization('org-demo-2')).stripeCustomerId).toBe(repaired.stripeCustomerId);
});
