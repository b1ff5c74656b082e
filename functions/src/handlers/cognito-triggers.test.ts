import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { decodeResetToken } from '@vitrine/shared';
import { keys } from '../lib/keys';
import { captureLogs } from '../lib/logger';
import type { InvitationRecord } from '../lib/records';
import { newInvitationToken } from '../team/invitation-token';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { handler } from './cognito-triggers';

const base = {
  version: '1',
  region: 'eu-west-3',
  userPoolId: 'eu-west-3_pool',
  userName: 'sub-123',
  callerContext: { awsSdkVersion: '3', clientId: 'client' },
};

let table: LocalTable;
const saved = { ...process.env };

beforeAll(async () => {
  table = await startLocalTable('vitrine-triggers-test');
  const endpoint = await table.ddb.config.endpoint!();
  Object.assign(process.env, {
    APP_URL: 'https://app.example.com',
    AWS_REGION: 'eu-west-3',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `${endpoint.protocol}//${endpoint.hostname}:${endpoint.port}`,
    TABLE_NAME: table.tableName,
  });
});
afterAll(async () => {
  process.env = saved;
  await table.close();
});

function preSignUp(
  triggerSource: PreSignUpTriggerEvent['triggerSource'],
  email?: string,
  metadata: { clientMetadata?: Record<string, string>; validationData?: Record<string, string> } = {},
): PreSignUpTriggerEvent {
  return {
    ...base,
    triggerSource,
    request: { userAttributes: email ? { email } : {}, ...metadata },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

function customMessage(triggerSource: CustomMessageTriggerEvent['triggerSource']): CustomMessageTriggerEvent {
  return {
    ...base,
    triggerSource,
    request: {
      userAttributes: { email: 'agent@example.com' },
      codeParameter: '{####}',
      usernameParameter: '{username}',
      linkParameter: '{##Click Here##}',
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

/** An invitation item as the team Lambda writes it; returns its token. */
async function invitation(email: string, change: Partial<InvitationRecord> = {}): Promise<string> {
  const { token, tokenHash } = newInvitationToken();
  const id = tokenHash.slice(0, 12);
  const record: InvitationRecord = {
    ...keys.invitation('org-1', id),
    gsi1pk: `INVITATION_TOKEN#${tokenHash}`,
    gsi1sk: 'INVITATION',
    id,
    organizationId: 'org-1',
    email,
    firstName: '',
    lastName: '',
    role: 'org_member',
    status: 'pending',
    tokenHash,
    invitedBy: 'owner',
    createdAt: new Date().toISOString(),
    validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    ...change,
  };
  await table.ddb.send(new PutCommand({ TableName: table.tableName, Item: record }));
  return token;
}

async function signUpResponse(email: string | undefined, metadata?: Parameters<typeof preSignUp>[2]) {
  return ((await handler(preSignUp('PreSignUp_SignUp', email, metadata))) as PreSignUpTriggerEvent).response;
}

describe('Pre sign-up', () => {
  it('confirms a self sign-up but leaves its e-mail unverified', async () => {
    expect(await signUpResponse('agent@example.com')).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: false });
  });

  it('verifies the e-mail of a sign-up carrying a pending invitation to that address', async () => {
    const token = await invitation('lea@example.com');
    expect(await signUpResponse('Lea@Example.com', { clientMetadata: { invitationToken: token } })).toMatchObject({
      autoConfirmUser: true,
      autoVerifyEmail: true,
    });
    // Cognito passes SignUp's ValidationData too (cognito-local only ClientMetadata).
    expect(await signUpResponse('lea@example.com', { validationData: { invitationToken: token } })).toMatchObject({
      autoVerifyEmail: true,
    });
  });

  it('does not verify with an invitation to another address, a used, revoked or expired one, or a made-up token', async () => {
    const other = await invitation('someone-else@example.com');
    const accepted = await invitation('lea@example.com', { status: 'accepted' });
    const revoked = await invitation('lea@example.com', { status: 'revoked' });
    const expired = await invitation('lea@example.com', { validUntil: new Date(Date.now() - 1000).toISOString() });
    const unknown = newInvitationToken().token;
    for (const token of [other, accepted, revoked, expired, unknown, 'not-a-token']) {
      expect(await signUpResponse('lea@example.com', { clientMetadata: { invitationToken: token } })).toMatchObject({
        autoConfirmUser: true,
        autoVerifyEmail: false,
      });
    }
  });

  it('does not mark a missing e-mail as verified', async () => {
    const token = await invitation('lea@example.com');
    expect(await signUpResponse(undefined, { clientMetadata: { invitationToken: token } })).toMatchObject({
      autoConfirmUser: true,
      autoVerifyEmail: false,
    });
  });

  it('leaves admin-created users to Cognito', async () => {
    const result = (await handler(
      preSignUp('PreSignUp_AdminCreateUser', 'agent@example.com'),
    )) as PreSignUpTriggerEvent;
    expect(result.response).toMatchObject({ autoConfirmUser: false, autoVerifyEmail: false });
  });
});

describe('Custom message', () => {
  it('sends a French reset e-mail whose link carries the e-mail and the code placeholder', async () => {
    const result = (await handler(customMessage('CustomMessage_ForgotPassword'))) as CustomMessageTriggerEvent;
    expect(result.response.emailSubject).toBe('Réinitialisation de votre mot de passe Vitrine');
    const token = /https:\/\/app\.example\.com\/reset-password\?token=([^"]+)"/.exec(
      result.response.emailMessage ?? '',
    )?.[1];
    expect(decodeResetToken(token ?? '')).toEqual({ email: 'agent@example.com', code: '{####}' });
    // Cognito requires the placeholder to appear verbatim.
    expect(result.response.emailMessage).toContain('{####}');
  });

  it('sends the e-mail verification code in French, placeholder verbatim', async () => {
    const result = (await handler(customMessage('CustomMessage_VerifyUserAttribute'))) as CustomMessageTriggerEvent;
    expect(result.response.emailSubject).toBe('Confirmez votre adresse e-mail Vitrine');
    expect(result.response.emailMessage).toContain('<strong>{####}</strong>');
    expect(result.response.emailMessage).toContain('Votre code de confirmation');
  });

  it('keeps Cognito defaults for other messages', async () => {
    const result = (await handler(customMessage('CustomMessage_SignUp'))) as CustomMessageTriggerEvent;
    expect(result.response.emailMessage).toBeNull();
  });
});

it('logs each trigger with its service and request id, never the user’s attributes', async () => {
  const logs = captureLogs();
  await handler(customMessage('CustomMessage_ForgotPassword'), { awsRequestId: 'lambda-7' });
  logs.restore();
  expect(logs.lines).toEqual([
    expect.objectContaining({
      level: 'INFO',
      service: 'cognito-triggers',
      requestId: 'lambda-7',
      triggerSource: 'CustomMessage_ForgotPassword',
    }),
  ]);
  expect(JSON.stringify(logs.lines)).not.toContain('agent@example.com');
});
