/**
 * One Lambda for the user pool's triggers:
 * - Pre sign-up: confirms the account, since the spec signs users in right after registering (no
 *   confirmation step). The e-mail stays unverified (a code is sent on the first profile read),
 *   except when the sign-up carries a pending invitation's token sent to that very address
 *   (`clientMetadata.invitationToken`, or `validationData`): the link arrived in that mailbox, so
 *   it proves the address.
 * - Custom message: French e-mails for password reset (a link into the app) and e-mail verification (a code).
 * Env: APP_URL (the app's origin, no trailing slash), TABLE_NAME (invitations, read through gsi1 only).
 */
import type { Context, CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { tableDeps } from '../lib/aws/dynamodb';
import { logger, withLogContext } from '../lib/logger';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { isAcceptable, queryInvitationByTokenHash } from '../team/invitation-store';
import { hashInvitationToken, isInvitationTokenShape } from '../team/invitation-token';
import { resetPasswordEmail, verifyEmailCodeEmail } from '../users/emails';

const appUrl = envGetter(ENV.appUrl);

export type CognitoTriggerEvent = PreSignUpTriggerEvent | CustomMessageTriggerEvent;

/** True when `token` is a pending, unexpired invitation to `email` (compared lower-cased). */
async function invitationProvesEmail(email: string | undefined, token: string | undefined): Promise<boolean> {
  if (!email || !isInvitationTokenShape(token)) return false;
  try {
    const invitation = await queryInvitationByTokenHash(tableDeps(), hashInvitationToken(token));
    return Boolean(invitation && isAcceptable(invitation, new Date()) && invitation.email === email.toLowerCase());
  } catch (error) {
    // Registering must not fail on it: the person then verifies the address with the code.
    logger.error('Invitation lookup failed at sign-up', { error });
    return false;
  }
}

async function preSignUp(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource === 'PreSignUp_SignUp') {
    const { userAttributes, clientMetadata, validationData } = event.request;
    const token = clientMetadata?.invitationToken ?? validationData?.invitationToken;
    event.response.autoConfirmUser = true;
    event.response.autoVerifyEmail = await invitationProvesEmail(userAttributes.email, token);
    logger.info('Sign-up confirmed', { emailVerified: event.response.autoVerifyEmail, invitation: Boolean(token) });
  }
  return event;
}

function customMessage(event: CustomMessageTriggerEvent): CustomMessageTriggerEvent {
  const { codeParameter, userAttributes } = event.request;
  const email = userAttributes.email ?? event.userName;
  const message =
    event.triggerSource === 'CustomMessage_ForgotPassword'
      ? resetPasswordEmail(appUrl(), email, codeParameter)
      : event.triggerSource === 'CustomMessage_VerifyUserAttribute'
        ? verifyEmailCodeEmail(codeParameter)
        : undefined;
  // Other messages (sign-up codes, which auto-confirmed sign-ups never get) keep Cognito's defaults.
  if (message) {
    event.response.emailSubject = message.subject;
    event.response.emailMessage = message.html;
  }
  return event;
}

export async function handler(
  event: CognitoTriggerEvent,
  context?: Pick<Context, 'awsRequestId'>,
): Promise<CognitoTriggerEvent> {
  return withLogContext({ service: 'cognito-triggers', requestId: context?.awsRequestId }, async () => {
    // The trigger and the pool only: the event's attributes are personal data.
    logger.info('Cognito trigger', { triggerSource: event.triggerSource, userPoolId: event.userPoolId });
    if (event.triggerSource.startsWith('PreSignUp_')) return preSignUp(event as PreSignUpTriggerEvent);
    if (event.triggerSource.startsWith('CustomMessage_')) return customMessage(event as CustomMessageTriggerEvent);
    return event;
  });
}
