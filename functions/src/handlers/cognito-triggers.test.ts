import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { decodeResetToken } from '@vitrine/shared';
import { captureLogs } from '../lib/logger';
import { handler } from './cognito-triggers';

const base = {
  version: '1',
  region: 'eu-west-3',
  userPoolId: 'eu-west-3_pool',
  userName: 'sub-123',
  callerContext: { awsSdkVersion: '3', clientId: 'client' },
};

beforeAll(() => {
  process.env.APP_URL = 'https://app.example.com';
});

function preSignUp(triggerSource: PreSignUpTriggerEvent['triggerSource'], email?: string): PreSignUpTriggerEvent {
  return {
    ...base,
    triggerSource,
    request: { userAttributes: email ? { email } : {} },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

function customMessage(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  clientMetadata?: Record<string, string>,
): CustomMessageTriggerEvent {
  return {
    ...base,
    triggerSource,
    request: {
      userAttributes: { email: 'agent@example.com' },
      codeParameter: '{####}',
      usernameParameter: '{username}',
      linkParameter: '{##Click Here##}',
      clientMetadata,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

describe('Pre sign-up', () => {
  it('confirms a self sign-up and verifies its e-mail', async () => {
    const result = (await handler(preSignUp('PreSignUp_SignUp', 'agent@example.com'))) as PreSignUpTriggerEvent;
    expect(result.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: true });
  });

  it('does not mark a missing e-mail as verified', async () => {
    const result = (await handler(preSignUp('PreSignUp_SignUp'))) as PreSignUpTriggerEvent;
    expect(result.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: false });
  });

  it('leaves admin-created users (invitations) to Cognito', async () => {
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

  it('sends a French invitation with the accept link, username and temporary password placeholders', async () => {
    const result = (await handler(
      customMessage('CustomMessage_AdminCreateUser', { invitationToken: 'inv-42' }),
    )) as CustomMessageTriggerEvent;
    expect(result.response.emailSubject).toBe('Invitation à rejoindre Vitrine');
    expect(result.response.emailMessage).toContain('https://app.example.com/accept-invitation?token=inv-42');
    expect(result.response.emailMessage).toContain('{username}');
    expect(result.response.emailMessage).toContain('{####}');
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
