/**
 * The team routes (issue 10): members of an organization and invitations to join it. Thin: the
 * rules are in ../team/ (members.ts, invitations.ts), every check on the server.
 * Env: TABLE_NAME, APP_URL (the link in the invitation e-mail), MAIL_FROM (SES sender),
 * AWS_ENDPOINT_URL_SESV2 (local SES stand-in only).
 */
import { inviteMemberSchema, updateMemberSchema } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { containerSendMail } from '../lib/aws/ses';
import { getCaller } from '../lib/auth';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { createHttpHandler, json, noContent, parseBody } from '../lib/http';
import type { HttpEvent } from '../lib/http-types';
import {
  acceptInvitation,
  invitationSummary,
  inviteMember,
  pendingInvitations,
  revokePendingInvitation,
  type TeamDeps,
} from '../team/invitations';
import { listMembers, removeMember, updateMember } from '../team/members';
import { requireManager, requireOwner, teamCaller } from '../team/team-access';
import { readCognitoIdentity } from '../users/cognito-identity';
import { loadOrProvisionUser } from '../users/profile';

const appUrl = envGetter(ENV.appUrl);
const sendMail = containerSendMail();

function deps(): TeamDeps {
  return { ...tableDeps(), readIdentity: readCognitoIdentity, sendMail, appUrl };
}

const param = (event: HttpEvent, name: string) => event.pathParameters?.[name] ?? '';

/** The caller of a route naming an organization in its path: theirs, or a 404. */
const callerIn = (event: HttpEvent) => teamCaller(tableDeps(), getCaller(event).sub, param(event, 'id'));

export const handler = createHttpHandler({
  'GET /api/organizations/{id}/users': async ({ event }) => {
    return json(200, await listMembers(tableDeps(), await callerIn(event)));
  },

  'POST /api/organizations/{id}/users': async ({ event, body }) => {
    const caller = await callerIn(event);
    requireManager(caller);
    const input = parseBody(inviteMemberSchema, body);
    return json(201, await inviteMember(deps(), caller, getCaller(event).accessToken, input));
  },

  'PUT /api/organizations/{id}/users/{userId}': async ({ event, body }) => {
    const caller = await callerIn(event);
    requireOwner(caller);
    const input = parseBody(updateMemberSchema, body);
    return json(200, await updateMember(tableDeps(), caller, param(event, 'userId'), input));
  },

  'DELETE /api/organizations/{id}/members/{userId}': async ({ event }) => {
    await removeMember(tableDeps(), await callerIn(event), param(event, 'userId'));
    return noContent();
  },

  'GET /api/invitations/organization/{id}': async ({ event }) => {
    return json(200, await pendingInvitations(deps(), await callerIn(event)));
  },

  'DELETE /api/invitations/{id}': async ({ event }) => {
    const caller = await teamCaller(tableDeps(), getCaller(event).sub);
    await revokePendingInvitation(deps(), caller, param(event, 'id'));
    return noContent();
  },

  // Public: the accept page shows the invitation before the visitor signs in or registers.
  'GET /api/invitations/token/{token}': async ({ event }) => {
    return json(200, await invitationSummary(deps(), param(event, 'token')));
  },

  'POST /api/invitations/accept/{token}': async ({ event }) => {
    const caller = getCaller(event);
    // Someone who registered through the link may accept before their first profile read.
    const user = await loadOrProvisionUser(caller);
    return json(200, await acceptInvitation(deps(), user, caller.accessToken, param(event, 'token')));
  },
});
