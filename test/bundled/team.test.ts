/**
 * Teams through the bundles AWS runs: the team Lambda sends an invitation through the SES stand-in
 * (signed SES v2 request, into the outbox), the Cognito triggers bundle verifies the address of a
 * sign-up made through the link (its DynamoDB query on gsi1), and acceptance joins the agency;
 * the invite route's body errors keep the French contract.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type User, API_TEXTS } from '@vitrine/shared';
import { startTestStack, type TestStack } from '../integration/helpers/stack';
import { agency, invite, registerThroughInvitation, type Agency } from '../integration/helpers/team';
import { api } from '../integration/helpers/users';
import { tableClient } from '../integration/transformations-fixtures';
import { bundleDir } from './bundles';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let team: Agency;

before(async () => {
  stack = await startTestStack({ seedDemo: false, handlerSource: { bundleDir: bundleDir() } });
  ddb = tableClient(stack);
  team = await agency(stack, ddb);
});

after(async () => {
  ddb?.destroy();
  await stack?.destroy();
});

describe('teams, bundled', () => {
  it('invites by e-mail, verifies the address of a sign-up through the link, and joins on acceptance', async () => {
    const email = `bundled-${Date.now()}@exemple.fr`;
    const { token } = await invite(stack, team, email);
    const summary = await api(stack, `/api/invitations/token/${token}`);
    assert.equal(summary.status, 200);
    assert.deepEqual(summary.body.organization, { name: team.name });

    const invitee = await registerThroughInvitation(stack, email, token);
    const accepted = await api(stack, `/api/invitations/accept/${token}`, { method: 'POST', token: invitee.token });
    assert.deepEqual([accepted.status, accepted.body], [200, { organizationId: team.orgId }]);

    const profile = await api<User>(stack, '/api/users/me', { token: invitee.token });
    assert.equal(profile.body.emailVerified, true);
    assert.equal(profile.body.organizationId, team.orgId);
    const members = await api<unknown[]>(stack, `/api/organizations/${team.orgId}/users`, { token: team.owner.token });
    assert.equal(members.body.length, 2);
  });

  it('answers an invitation body of the wrong shape, or malformed JSON, in French', async () => {
    const path = `/api/organizations/${team.orgId}/users`;
    for (const body of ['"x"', '[]', '42']) {
      const response = await api(stack, path, { method: 'POST', token: team.owner.token, body });
      assert.deepEqual(
        [body, response.status, response.body],
        [body, 400, { code: 'VALIDATION', message: API_TEXTS.invalidRequest }],
      );
    }
    const malformed = await api(stack, path, { method: 'POST', token: team.owner.token, body: '{' });
    assert.deepEqual(malformed.body, { code: 'MALFORMED_JSON', message: API_TEXTS.malformedJson });
  });
});
