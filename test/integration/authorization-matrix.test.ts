/**
 * The authorization matrix (issue 10, section 3), generated from the route table itself: every
 * route of ROUTES is called as each kind of caller, and its answer must be the status written in
 * MATRIX for that route and caller; a route without a line in MATRIX fails, so the matrix stays
 * complete as routes are added. Callers:
 * - anonymous (no token), a signed-in person in no organization (a fresh one per route: some
 *   routes make them join one), the owner of another organization (the strongest role there);
 * - in the right organization ("ours"): a member, an admin and the owner.
 * Each request names our organization's ids; ours callers are called again with the other
 * organization's ids (`foreign`: a foreign id answers 404, or the role refusal that comes first).
 * No answer may carry another organization's data (ids, names, e-mails, project names) but the
 * caller's own, except where the request's own token grants it (`tokenGrants`).
 *
 * Adding a route: one line in MATRIX: `expect: row(anonymous, noOrganization, otherOrganization,
 * member, admin, owner)`, `foreign` when the route names ids, and `request` building the path
 * parameters and body from the target organization's fixtures (`fresh.*` for what the call uses up).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  API_TEXTS,
  DEFAULT_DISCLOSURE_MARK,
  type CreatedShareLink,
  type Image,
  type Invitation,
  type Price,
  type Project,
} from '@vitrine/shared';
import { originalLinkToken } from '../../functions/src/shares/original-link';
import { getImage } from '../../functions/src/images/image-store';
import { gsi1Keys, keys, SK_PREFIX } from '../../functions/src/lib/keys';
import type {
  InvitationRecord,
  TransformationRecord,
  UserRecord,
  WebhookDeliveryRecord,
} from '../../functions/src/lib/records';
import { ROUTES, routeKey, type Route } from '../../functions/src/routes';
import { newInvitationToken } from '../../functions/src/team/invitation-token';
import { startTestStack, type TestStack } from './helpers/stack';
import { agency, invite, person, type Agency, type Person } from './helpers/team';
import { api } from './helpers/users';
import { putStoredObjects } from './gallery-fixtures';
import { tableClient, upload as uploadFile } from './transformations-fixtures';

/** The start of a JPEG: what the start's check of the real type reads. */
const SMALL_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('facade')]);

const CALLERS = ['anonymous', 'noOrganization', 'otherOrganization', 'member', 'admin', 'owner'] as const;
type CallerKind = (typeof CALLERS)[number];
type OursKind = 'member' | 'admin' | 'owner';
const OURS: readonly OursKind[] = ['member', 'admin', 'owner'];

/** Expected statuses, in CALLERS order. */
function row(...statuses: [number, number, number, number, number, number]): Record<CallerKind, number> {
  return Object.fromEntries(CALLERS.map((caller, index) => [caller, statuses[index]])) as Record<CallerKind, number>;
}

/** One organization's fixtures: what requests name, and what they may use up. */
interface Target {
  orgId: string;
  owner: Person;
  memberId: string;
  projectId: string;
  uploadId: string;
  transformationId: string;
  imageId: string;
  invitationId: string;
  agencePriceId: string;
  fresh: {
    transformation(): Promise<string>;
    /** A project of the owner's, for what deletes one. */
    project(): Promise<string>;
    /** An image saved by the owner, without a project or in the target's project. */
    image(inProject: boolean): Promise<string>;
    /** A member record (no Cognito account: the routes act on records). */
    member(): Promise<{ id: string; cleanup(): Promise<void> }>;
    /** A pending invitation to `email` (default: a new address). */
    invitation(email?: string): Promise<{ id: string; token: string; cleanup(): Promise<void> }>;
  };
}

interface Caller {
  kind: CallerKind;
  person?: Person;
}

interface PreparedRequest {
  params?: Record<string, string>;
  body?: unknown;
  cleanup?: () => Promise<void>;
}

interface RouteCase {
  /** Statuses with our organization's ids. */
  expect: Record<CallerKind, number>;
  /** Statuses of ours callers with the other organization's ids; absent when the route names no id. */
  foreign?: number | Record<OursKind, number>;
  request(target: Target, caller: Caller): Promise<PreparedRequest> | PreparedRequest;
  /** The request carries an invitation token, which grants the invitation's organization name and e-mail. */
  tokenGrants?: true;
}

const none = () => ({});

export const MATRIX: Record<string, RouteCase> = {
  'GET /api/health': { expect: row(200, 200, 200, 200, 200, 200), request: none },
  'GET /api/users/me': { expect: row(401, 200, 200, 200, 200, 200), request: none },
  'PATCH /api/users/me': {
    expect: row(401, 200, 200, 200, 200, 200),
    request: () => ({ body: { firstName: 'Camille' } }),
  },
  'POST /api/uploads': {
    expect: row(401, 403, 201, 201, 201, 201),
    request: () => ({ body: { fileName: 'salon.jpg', contentType: 'image/jpeg', size: 1024 } }),
  },
  'POST /api/image-processing/{type}': {
    expect: row(401, 403, 404, 202, 202, 202),
    foreign: 404,
    request: (t) => ({ params: { type: 'enhance' }, body: { uploadId: t.uploadId } }),
  },
  'GET /api/transformations/{id}': {
    expect: row(401, 403, 404, 200, 200, 200),
    foreign: 404,
    request: (t) => ({ params: { id: t.transformationId } }),
  },
  // The history (decision 090): the target's transformations are the owner's, so a plain member may not delete them.
  'GET /api/transformations': { expect: row(401, 403, 200, 200, 200, 200), request: none },
  'DELETE /api/transformations/{id}': {
    expect: row(401, 403, 404, 403, 204, 204),
    foreign: 404,
    request: async (t) => ({ params: { id: await t.fresh.transformation() } }),
  },
  'GET /api/projects': { expect: row(401, 403, 200, 200, 200, 200), request: none },
  'POST /api/projects': {
    expect: row(401, 403, 201, 201, 201, 201),
    request: () => ({ body: { name: 'Loft Bastille' } }),
  },
  'GET /api/projects/{id}': {
    expect: row(401, 403, 404, 200, 200, 200),
    foreign: 404,
    request: (t) => ({ params: { id: t.projectId } }),
  },
  // The target's projects and images are the owner's: a plain member may not change them (decision 081).
  'PATCH /api/projects/{id}': {
    expect: row(401, 403, 404, 403, 200, 200),
    foreign: 404,
    request: (t) => ({ params: { id: t.projectId }, body: { description: 'Trois pièces lumineuses' } }),
  },
  'DELETE /api/projects/{id}': {
    expect: row(401, 403, 404, 403, 204, 204),
    foreign: 404,
    request: async (t) => ({ params: { id: await t.fresh.project() } }),
  },
  'GET /api/images/stats/total-transformed': { expect: row(401, 403, 200, 200, 200, 200), request: none },
  'GET /api/images/no-project': { expect: row(401, 403, 200, 200, 200, 200), request: none },
  'POST /api/images/no-project': {
    expect: row(401, 403, 404, 201, 201, 201),
    foreign: 404,
    request: async (t) => ({ body: { transformationId: await t.fresh.transformation() } }),
  },
  'GET /api/images/project/{projectId}': {
    expect: row(401, 403, 404, 200, 200, 200),
    foreign: 404,
    request: (t) => ({ params: { projectId: t.projectId } }),
  },
  'POST /api/images/project/{projectId}': {
    expect: row(401, 403, 404, 201, 201, 201),
    foreign: 404,
    request: async (t) => ({
      params: { projectId: t.projectId },
      body: { transformationId: await t.fresh.transformation() },
    }),
  },
  'DELETE /api/images/{imageId}': {
    expect: row(401, 403, 404, 403, 204, 204),
    foreign: 404,
    request: async (t) => ({ params: { imageId: await t.fresh.image(false) } }),
  },
  'DELETE /api/images/project/{projectId}/{imageId}': {
    expect: row(401, 403, 404, 403, 204, 204),
    foreign: 404,
    request: async (t) => ({ params: { projectId: t.projectId, imageId: await t.fresh.image(true) } }),
  },
  'GET /api/billing/prices': { expect: row(401, 200, 200, 200, 200, 200), request: none },
  'POST /api/billing/session': {
    expect: row(401, 404, 404, 403, 403, 200),
    foreign: 404,
    request: (t) => ({ body: { priceId: t.agencePriceId, organizationId: t.orgId } }),
  },
  // Ours has a Stripe customer (opening a checkout makes it), theirs none: 409. No subscription in Stripe.
  'POST /api/billing/portal': {
    expect: row(401, 403, 409, 403, 403, 200),
    request: async (t) => {
      await ok(
        api(stack, '/api/billing/session', {
          method: 'POST',
          token: t.owner.token,
          body: { priceId: t.agencePriceId, organizationId: t.orgId },
        }),
        200,
        'checkout',
      );
      return { body: {} };
    },
  },
  'POST /api/billing/change-plan': {
    expect: row(401, 403, 409, 403, 403, 409),
    request: (t) => ({ body: { newPriceId: t.agencePriceId } }),
  },
  // Stripe's: no signature, no processing, whoever calls.
  'POST /api/billing/webhook': { expect: row(400, 400, 400, 400, 400, 400), request: () => ({ body: {} }) },
  'POST /api/organizations': {
    expect: row(401, 201, 409, 409, 409, 409),
    request: () => ({ body: { name: 'Agence Nouvelle' } }),
  },
  'GET /api/organizations/{id}': {
    expect: row(401, 404, 404, 200, 200, 200),
    foreign: 404,
    request: (t) => ({ params: { id: t.orgId } }),
  },
  'GET /api/organizations/{id}/users': {
    expect: row(401, 404, 404, 200, 200, 200),
    foreign: 404,
    request: (t) => ({ params: { id: t.orgId } }),
  },
  'POST /api/organizations/{id}/users': {
    expect: row(401, 404, 404, 403, 201, 201),
    foreign: 404,
    request: (t) => {
      const email = `matrice-${randomUUID().slice(0, 8)}@exemple.fr`;
      return { params: { id: t.orgId }, body: { email }, cleanup: () => deleteInvitationsTo(t.orgId, email) };
    },
  },
  'PUT /api/organizations/{id}/users/{userId}': {
    expect: row(401, 404, 404, 403, 403, 200),
    foreign: 404,
    request: async (t) => {
      const target = await t.fresh.member();
      return { params: { id: t.orgId, userId: target.id }, body: { roles: ['org_admin'] }, cleanup: target.cleanup };
    },
  },
  'DELETE /api/organizations/{id}/members/{userId}': {
    expect: row(401, 404, 404, 403, 204, 204),
    foreign: 404,
    request: async (t) => {
      const target = await t.fresh.member();
      return { params: { id: t.orgId, userId: target.id }, cleanup: target.cleanup };
    },
  },
  'GET /api/invitations/organization/{id}': {
    expect: row(401, 404, 404, 403, 200, 200),
    foreign: 404,
    request: (t) => ({ params: { id: t.orgId } }),
  },
  'DELETE /api/invitations/{id}': {
    expect: row(401, 403, 404, 403, 204, 204),
    // The role refusal comes before the lookup.
    foreign: { member: 403, admin: 404, owner: 404 },
    request: async (t) => {
      const invitation = await t.fresh.invitation();
      return { params: { id: invitation.id }, cleanup: invitation.cleanup };
    },
  },
  'GET /api/invitations/token/{token}': {
    expect: row(200, 200, 200, 200, 200, 200),
    foreign: 200,
    tokenGrants: true,
    request: async (t) => {
      const invitation = await t.fresh.invitation();
      return { params: { token: invitation.token }, cleanup: invitation.cleanup };
    },
  },
  // An invitation to the caller's own address: the person in no organization joins; anyone in an
  // organization is refused (409), whichever organization invited them.
  'POST /api/invitations/accept/{token}': {
    expect: row(401, 200, 409, 409, 409, 409),
    foreign: 409,
    tokenGrants: true,
    request: async (t, caller) => {
      const invitation = await t.fresh.invitation(caller.person?.email);
      return { params: { token: invitation.token }, cleanup: invitation.cleanup };
    },
  },
  // Share links (decision 098): any member shares; the owner's link is changed by its creator, an
  // owner or an admin only (decision 081).
  'POST /api/shares': {
    expect: row(401, 403, 404, 201, 201, 201),
    foreign: 404,
    request: (t) => ({ body: { imageIds: [t.imageId] } }),
  },
  'GET /api/shares': { expect: row(401, 403, 200, 200, 200, 200), request: none },
  'PATCH /api/shares/{id}': {
    expect: row(401, 403, 404, 403, 200, 200),
    foreign: 404,
    request: async (t) => ({ params: { id: (await shareLink(t)).id }, body: { expiresInDays: 30 } }),
  },
  'DELETE /api/shares/{id}': {
    expect: row(401, 403, 404, 403, 204, 204),
    foreign: 404,
    request: async (t) => ({ params: { id: (await shareLink(t)).id } }),
  },
  // The token is the access: anyone holding it sees the agency's name and the pairs, nothing else.
  'GET /api/public/shares/{token}': {
    expect: row(200, 200, 200, 200, 200, 200),
    foreign: 200,
    tokenGrants: true,
    request: async (t) => ({ params: { token: (await shareLink(t)).token } }),
  },
  // Exports with the disclosure mark (decisions 117, 118): any member reads the setting and exports;
  // the owner and admins change the setting. The target's image is an HDR one: exported clean.
  'GET /api/disclosure-mark': { expect: row(401, 403, 200, 200, 200, 200), request: none },
  'PUT /api/disclosure-mark': {
    expect: row(401, 403, 200, 403, 200, 200),
    request: () => ({ body: DEFAULT_DISCLOSURE_MARK }),
  },
  'GET /api/exports/images/{imageId}': {
    expect: row(401, 403, 404, 200, 200, 200),
    foreign: 404,
    request: (t) => ({ params: { imageId: t.imageId } }),
  },
  'GET /api/v1/images/{id}/export': {
    expect: row(401, 401, 401, 401, 401, 401),
    request: (t) => ({ params: { id: t.imageId } }),
  },
  // A transformation's result, saved or not (decision 130): as an image's export.
  'GET /api/exports/transformations/{transformationId}': {
    expect: row(401, 403, 404, 200, 200, 200),
    foreign: 404,
    request: (t) => ({ params: { transformationId: t.transformationId } }),
  },
  'GET /api/v1/transformations/{id}/export': {
    expect: row(401, 401, 401, 401, 401, 401),
    request: (t) => ({ params: { id: t.transformationId } }),
  },
  // The token is the access: a redirect to the original's signed URL, whoever holds it.
  'GET /api/public/originals/{token}': {
    expect: row(302, 302, 302, 302, 302, 302),
    foreign: 302,
    tokenGrants: true,
    request: async (t) => ({ params: { token: await originalToken(t) } }),
  },
  // Public API (issue 25): keys are managed by owners and admins; /api/v1 takes an API key, never
  // an app session (the keys' own matrix, per scope and with foreign ids, is public-api.test.ts).
  'GET /api/api-keys': { expect: row(401, 403, 200, 403, 200, 200), request: none },
  'POST /api/api-keys': {
    expect: row(401, 403, 201, 403, 201, 201),
    request: () => ({ body: { name: 'Matrice', scope: 'read' } }),
  },
  'DELETE /api/api-keys/{id}': {
    expect: row(401, 403, 404, 403, 204, 204),
    // The role refusal comes before the lookup.
    foreign: { member: 403, admin: 404, owner: 404 },
    request: async (t) => {
      const created = await ok(
        api<{ id: string }>(stack, '/api/api-keys', {
          method: 'POST',
          token: t.owner.token,
          body: { name: 'Matrice', scope: 'read' },
        }),
        201,
        'API key',
      );
      return { params: { id: created.id } };
    },
  },
  'POST /api/v1/uploads': {
    expect: row(401, 401, 401, 401, 401, 401),
    request: () => ({ body: { fileName: 'salon.jpg', contentType: 'image/jpeg', size: 1024 } }),
  },
  'POST /api/v1/transformations': {
    expect: row(401, 401, 401, 401, 401, 401),
    request: (t) => ({ body: { type: 'enhance', uploadId: t.uploadId } }),
  },
  'GET /api/v1/transformations/{id}': {
    expect: row(401, 401, 401, 401, 401, 401),
    request: (t) => ({ params: { id: t.transformationId } }),
  },
  'GET /api/v1/projects': { expect: row(401, 401, 401, 401, 401, 401), request: none },
  'GET /api/v1/projects/{id}': {
    expect: row(401, 401, 401, 401, 401, 401),
    request: (t) => ({ params: { id: t.projectId } }),
  },
  'GET /api/v1/projects/{id}/images': {
    expect: row(401, 401, 401, 401, 401, 401),
    request: (t) => ({ params: { id: t.projectId } }),
  },
  'POST /api/v1/projects/{id}/images': {
    expect: row(401, 401, 401, 401, 401, 401),
    request: (t) => ({ params: { id: t.projectId }, body: { transformationId: t.transformationId } }),
  },
  'GET /api/v1/images': { expect: row(401, 401, 401, 401, 401, 401), request: none },
  'POST /api/v1/images': {
    expect: row(401, 401, 401, 401, 401, 401),
    request: (t) => ({ body: { transformationId: t.transformationId } }),
  },
  'GET /api/v1/credits': { expect: row(401, 401, 401, 401, 401, 401), request: none },
  'GET /api/v1/openapi.json': { expect: row(200, 200, 200, 200, 200, 200), request: none },
  // Webhooks (decision 114): owners and admins only, as API keys; every request leaves no endpoint behind.
  'GET /api/webhooks': { expect: row(401, 403, 200, 403, 200, 200), request: none },
  'POST /api/webhooks': {
    expect: row(401, 403, 201, 403, 201, 201),
    request: () => ({ body: { url: matrixReceiver(), events: ['credits.low'] }, cleanup: clearWebhooks }),
  },
  'DELETE /api/webhooks/{id}': {
    expect: row(401, 403, 404, 403, 204, 204),
    foreign: { member: 403, admin: 404, owner: 404 },
    request: async (t) => ({ params: { id: await webhookEndpoint(t) }, cleanup: clearWebhooks }),
  },
  'POST /api/webhooks/{id}/enable': {
    expect: row(401, 403, 404, 403, 204, 204),
    foreign: { member: 403, admin: 404, owner: 404 },
    request: async (t) => ({ params: { id: await webhookEndpoint(t) }, cleanup: clearWebhooks }),
  },
  'POST /api/webhooks/deliveries/{id}/resend': {
    expect: row(401, 403, 404, 403, 202, 202),
    foreign: { member: 403, admin: 404, owner: 404 },
    request: async (t) => ({ params: { id: await webhookDelivery(t) }, cleanup: clearWebhooks }),
  },
};

/** The public original link of the target's image (an export with a QR code makes it). */
async function originalToken(t: Target): Promise<string> {
  const deps = { ddb, tableName: stack.env.TABLE_NAME! };
  // A saved image's original is kept already: nothing to re-tag.
  const putTags = () => Promise.reject(new Error('a saved image is never re-tagged'));
  const image = (await getImage(deps, t.orgId, t.imageId))!;
  return originalLinkToken(
    { ...deps, putTags },
    { organizationId: t.orgId, transformationId: image.transformationId, imageId: image.id },
  );
}

/** The local stack's receiver: loopback over http is allowed there only. */
const matrixReceiver = () => `${stack.url.replace('localhost', '127.0.0.1')}/_local/webhooks/receive/matrix`;

/** An endpoint registered by the target's owner. */
async function webhookEndpoint(t: Target): Promise<string> {
  const created = await ok(
    api<{ id: string }>(stack, '/api/webhooks', {
      method: 'POST',
      token: t.owner.token,
      body: { url: matrixReceiver(), events: ['credits.low'] },
    }),
    201,
    'webhook endpoint',
  );
  return created.id;
}

/** A failed delivery to a new endpoint of the target's, as the consumer leaves one. */
async function webhookDelivery(t: Target): Promise<string> {
  const endpointId = await webhookEndpoint(t);
  const id = `whd_${randomUUID().replace(/-/g, '')}`;
  const now = new Date().toISOString();
  await put({
    ...keys.webhookDelivery(t.orgId, id),
    ...gsi1Keys.webhookDelivery(t.orgId, now, id),
    id,
    organizationId: t.orgId,
    endpointId,
    url: matrixReceiver(),
    eventId: 'evt_matrix',
    eventType: 'credits.low',
    rawBody: '{"id":"evt_matrix"}',
    status: 'failed',
    attempts: 1,
    createdAt: now,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
  } satisfies WebhookDeliveryRecord);
  return id;
}

/** Deletes every endpoint of both organizations (at most 10 each). */
async function clearWebhooks(): Promise<void> {
  // The other organization's caller is its owner: theirs.
  for (const orgId of [ours.orgId, theirs.orgId]) {
    const { Items } = await ddb.send(
      new QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':prefix': SK_PREFIX.webhookEndpoint },
      }),
    );
    for (const item of Items ?? []) {
      await ddb.send(new DeleteCommand({ TableName: stack.env.TABLE_NAME, Key: { pk: item.pk, sk: item.sk } }));
    }
  }
}

/** A link to the target's image, made by its owner. */
async function shareLink(t: Target): Promise<CreatedShareLink> {
  const link = await ok(
    api<CreatedShareLink>(stack, '/api/shares', {
      method: 'POST',
      token: t.owner.token,
      body: { imageIds: [t.imageId] },
    }),
    201,
    'share link',
  );
  privateData.get(t.orgId)!.push(link.id);
  return link;
}

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let ours: Target;
let theirs: Target;
const callers = {} as Record<Exclude<CallerKind, 'anonymous' | 'noOrganization'>, Person>;
/** What no caller but the organization's own may see, per organization id. */
const privateData = new Map<string, string[]>();

async function put(item: object): Promise<void> {
  await ddb.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: item }));
}

async function deleteInvitationsTo(orgId: string, email: string): Promise<void> {
  const listed = await api<Invitation[]>(stack, `/api/invitations/organization/${orgId}`, {
    token: (orgId === ours.orgId ? ours : theirs).owner.token,
  });
  for (const invitation of listed.body.filter((item) => item.email === email)) {
    await ddb.send(new DeleteCommand({ TableName: stack.env.TABLE_NAME, Key: keys.invitation(orgId, invitation.id) }));
  }
}

async function memberRecord(orgId: string, who: Pick<Person, 'sub' | 'email'>, role: 'org_admin' | 'org_member') {
  const now = new Date().toISOString();
  const record: UserRecord = {
    ...keys.user(who.sub),
    ...gsi1Keys.member(orgId, who.email),
    id: who.sub,
    email: who.email,
    firstName: 'Membre',
    lastName: role,
    phoneNumber: '',
    roles: [role],
    organizationId: orgId,
    createdAt: now,
    updatedAt: now,
  };
  await put(record);
}

async function ok<T>(response: Promise<{ status: number; body: T }>, status: number, what: string): Promise<T> {
  const { status: got, body } = await response;
  if (got !== status) throw new Error(`${what}: ${got} ${JSON.stringify(body)}`);
  return body;
}

/** An organization with a project, an upload, a succeeded transformation, a saved image and a pending invitation. */
async function target(team: Agency, memberId: string, agencePriceId: string): Promise<Target> {
  const { orgId, owner } = team;
  const token = owner.token;
  const projectName = `Projet ${randomUUID()}`;
  const project = await ok(
    api<Project>(stack, '/api/projects', { method: 'POST', token, body: { name: projectName } }),
    201,
    'project',
  );
  // Sent to S3 too: a start reads the file's first bytes before charging (decision 094).
  const upload = { uploadId: await uploadFile(stack, token, SMALL_JPEG, 'image/jpeg', 'facade.jpg') };
  const freshProject = async () => {
    const created = await ok(
      api<Project>(stack, '/api/projects', { method: 'POST', token, body: { name: `Projet ${randomUUID()}` } }),
      201,
      'fresh project',
    );
    privateData.get(orgId)!.push(created.id);
    return created.id;
  };
  const transformation = async () => {
    const id = randomUUID();
    const now = new Date().toISOString();
    const record: TransformationRecord = {
      ...keys.transformation(orgId, id),
      // Closed: in the organization's history (decision 090).
      gsi1pk: gsi1Keys.transformationHistory(orgId),
      gsi1sk: `${now}#${orgId}#${id}`,
      id,
      orgId,
      userId: owner.sub,
      type: 'enhance',
      options: {},
      status: 'succeeded',
      uploadId: upload.uploadId,
      uploadKey: `uploads/${orgId}/${upload.uploadId}`,
      normalisedKey: `normalised/${orgId}/${id}.jpg`,
      resultKey: `results/${orgId}/${id}.jpg`,
      width: 320,
      height: 240,
      engine: 'local',
      simulated: false,
      createdAt: now,
      updatedAt: now,
    };
    await put(record);
    await putStoredObjects(stack, [
      { bucket: 'uploads', key: record.normalisedKey! },
      { bucket: 'results', key: record.resultKey! },
    ]);
    return id;
  };
  const image = async (inProject: boolean) => {
    const path = inProject ? `/api/images/project/${project.id}` : '/api/images/no-project';
    const saved = await ok(
      api<Image>(stack, path, { method: 'POST', token, body: { transformationId: await transformation() } }),
      201,
      'image',
    );
    return saved.id;
  };
  const invitation = async (email = `invite-${randomUUID().slice(0, 8)}@exemple.fr`) => {
    const { token: invitationToken, tokenHash } = newInvitationToken();
    const id = randomUUID();
    const now = Date.now();
    const record: InvitationRecord = {
      ...keys.invitation(orgId, id),
      ...gsi1Keys.invitationToken(tokenHash),
      id,
      organizationId: orgId,
      email: email.toLowerCase(),
      firstName: '',
      lastName: '',
      role: 'org_member',
      status: 'pending',
      tokenHash,
      invitedBy: owner.sub,
      createdAt: new Date(now).toISOString(),
      validUntil: new Date(now + 86_400_000).toISOString(),
    };
    await put(record);
    const cleanup = async () => {
      await ddb.send(new DeleteCommand({ TableName: stack.env.TABLE_NAME, Key: keys.invitation(orgId, id) }));
    };
    return { id, token: invitationToken, cleanup };
  };
  const member = async () => {
    const who = { sub: randomUUID(), email: `membre-${randomUUID().slice(0, 8)}@exemple.fr` };
    await memberRecord(orgId, who, 'org_member');
    privateData.get(orgId)!.push(who.sub, who.email);
    const cleanup = async () => {
      await ddb.send(new DeleteCommand({ TableName: stack.env.TABLE_NAME, Key: keys.user(who.sub) }));
    };
    return { id: who.sub, cleanup };
  };
  const transformationId = await transformation();
  const imageId = await image(true);
  const sent = await invite(stack, team, `attente-${randomUUID().slice(0, 8)}@exemple.fr`);
  privateData.set(orgId, [
    orgId,
    team.name,
    owner.sub,
    owner.email,
    memberId,
    project.id,
    projectName,
    upload.uploadId,
    transformationId,
    imageId,
    sent.invitation.id,
    sent.invitation.email,
  ]);
  return {
    orgId,
    owner,
    memberId,
    projectId: project.id,
    uploadId: upload.uploadId,
    transformationId,
    imageId,
    invitationId: sent.invitation.id,
    agencePriceId,
    fresh: { project: freshProject, transformation, image, member, invitation },
  };
}

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  const owner = await person(stack, { verified: true });
  const prices = await ok(api<Price[]>(stack, '/api/billing/prices', { token: owner.token }), 200, 'prices');
  const agencePriceId = prices.find((price) => price.id === 'agence')!.stripePriceId!;

  const ourTeam = await agency(stack, ddb, { owner, name: `Agence Nôtre ${randomUUID().slice(0, 8)}` });
  callers.owner = owner;
  callers.admin = await person(stack, { verified: true });
  callers.member = await person(stack, { verified: true });
  await memberRecord(ourTeam.orgId, callers.admin, 'org_admin');
  await memberRecord(ourTeam.orgId, callers.member, 'org_member');
  ours = await target(ourTeam, callers.member.sub, agencePriceId);
  privateData.get(ours.orgId)!.push(callers.admin.sub, callers.admin.email, callers.member.email);

  const theirTeam = await agency(stack, ddb, { name: `Agence Étrangère ${randomUUID().slice(0, 8)}` });
  callers.otherOrganization = theirTeam.owner;
  const theirMember = await person(stack, { verified: true });
  await memberRecord(theirTeam.orgId, theirMember, 'org_member');
  theirs = await target(theirTeam, theirMember.sub, agencePriceId);
  privateData.get(theirs.orgId)!.push(theirMember.email);
});

afterAll(async () => {
  ddb?.destroy();
  await stack?.destroy();
});

function pathOf(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${routeKey(route)}: request() gave no '${name}'`);
    return encodeURIComponent(value);
  });
}

/** The organization a caller legitimately sees (theirs), and the one they must not. */
function forbiddenData(caller: CallerKind, granted: string | undefined): string[] {
  const own =
    caller === 'otherOrganization' ? theirs.orgId : OURS.includes(caller as OursKind) ? ours.orgId : undefined;
  return [...privateData.entries()]
    .filter(([orgId]) => orgId !== own && orgId !== granted)
    .flatMap(([, values]) => values);
}

async function call(route: Route, entry: RouteCase, caller: Caller, targetOrg: Target) {
  const prepared = await entry.request(targetOrg, caller);
  try {
    const response = await api(stack, pathOf(route, prepared.params), {
      method: route.method,
      token: caller.person?.token,
      body: prepared.body,
    });
    const text = JSON.stringify(response.body ?? '');
    const leaked = forbiddenData(caller.kind, entry.tokenGrants ? targetOrg.orgId : undefined).filter((value) =>
      text.includes(value),
    );
    return { status: response.status, leaked, body: text.slice(0, 300) };
  } finally {
    await prepared.cleanup?.();
  }
}

it('has a line for every route of the route table, and none for a route that is gone', () => {
  const keysOfRoutes = ROUTES.map(routeKey);
  expect(keysOfRoutes.filter((key) => !(key in MATRIX))).toEqual([]);
  expect(Object.keys(MATRIX).filter((key) => !keysOfRoutes.includes(key))).toEqual([]);
});

describe.each(ROUTES.map((route) => [routeKey(route), route] as const))('%s', (key, route) => {
  it('answers each caller as the matrix says, and never with another organization’s data', async () => {
    const entry = MATRIX[key];
    if (!entry)
      throw new Error(`No line for ${key} in MATRIX (test/integration/authorization-matrix.test.ts): add one`);
    const seen: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const kind of CALLERS) {
      // A new person per route: joining or creating an organization must not carry over.
      const who =
        kind === 'anonymous'
          ? undefined
          : kind === 'noOrganization'
            ? await person(stack, { verified: true })
            : callers[kind];
      const result = await call(route, entry, { kind, person: who }, ours);
      seen[kind] = result.leaked.length ? { status: result.status, leaked: result.leaked } : result.status;
      wanted[kind] = entry.expect[kind];
      if (result.status !== entry.expect[kind]) seen[`${kind} body`] = result.body;
    }
    if (entry.foreign !== undefined) {
      for (const kind of OURS) {
        const result = await call(route, entry, { kind, person: callers[kind] }, theirs);
        const expected = typeof entry.foreign === 'number' ? entry.foreign : entry.foreign[kind];
        seen[`${kind} with foreign ids`] = result.leaked.length
          ? { status: result.status, leaked: result.leaked }
          : result.status;
        wanted[`${kind} with foreign ids`] = expected;
        if (result.status !== expected) seen[`${kind} with foreign ids body`] = result.body;
      }
    }
    expect(seen).toEqual(wanted);
  });
});

describe('a plain member’s own work (decision 081)', () => {
  it('lets the member rename and delete the project they created, and delete the image they saved', async () => {
    const member = callers.member;
    const created = await ok(
      api<Project>(stack, '/api/projects', { method: 'POST', token: member.token, body: { name: 'Mon mandat' } }),
      201,
      'member project',
    );
    const renamed = await api(stack, `/api/projects/${created.id}`, {
      method: 'PATCH',
      token: member.token,
      body: { name: 'Mon mandat (vendu)' },
    });
    expect(renamed.status).toBe(200);
    const saved = await ok(
      api<Image>(stack, `/api/images/project/${created.id}`, {
        method: 'POST',
        token: member.token,
        body: { transformationId: await ours.fresh.transformation() },
      }),
      201,
      'member image',
    );
    expect(saved.userId).toBe(member.sub);
    const remove = (path: string) => api(stack, path, { method: 'DELETE', token: member.token });
    expect((await remove(`/api/images/project/${created.id}/${saved.id}`)).status).toBe(204);
    expect((await remove(`/api/projects/${created.id}`)).status).toBe(204);
  });

  it('refuses a colleague’s project to the member in French, and lets an admin change it', async () => {
    const refused = await api(stack, `/api/projects/${ours.projectId}`, {
      method: 'PATCH',
      token: callers.member.token,
      body: { name: 'Volé' },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: API_TEXTS.notYourWork } });
    const byAdmin = await api(stack, `/api/projects/${ours.projectId}`, {
      method: 'PATCH',
      token: callers.admin.token,
      body: { description: 'Relu par l’administratrice' },
    });
    expect(byAdmin.status).toBe(200);
  });
});
