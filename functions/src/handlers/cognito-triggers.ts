/**
 * One Lambda for the user pool's triggers:
 * - Pre sign-up: confirms the account and its e-mail, since the spec signs users in right after
 *   registering (no confirmation step).
 * - Custom message: French e-mails with links into the app for password reset and invitations.
 * Env: APP_URL (the app's origin, no trailing slash).
 */
import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { invitationEmail, resetPasswordEmail } from '../users/emails';

const appUrl = envGetter(ENV.appUrl);

export type CognitoTriggerEvent = PreSignUpTriggerEvent | CustomMessageTriggerEvent;

function preSignUp(event: PreSignUpTriggerEvent): PreSignUpTriggerEvent {
  if (event.triggerSource === 'PreSignUp_SignUp') {
    event.response.autoConfirmUser = true;
    event.response.autoVerifyEmail = Boolean(event.request.userAttributes.email);
  }
  return event;
}

function customMessage(event: CustomMessageTriggerEvent): CustomMessageTriggerEvent {
  const { codeParameter, usernameParameter, userAttributes, clientMetadata } = event.request;
  const email = userAttributes.email ?? event.userName;
  const message =
    event.triggerSource === 'CustomMessage_ForgotPassword'
      ? resetPasswordEmail(appUrl(), email, codeParameter)
      : event.triggerSource === 'CustomMessage_AdminCreateUser'
        ? invitationEmail(appUrl(), clientMetadata?.invitationToken, usernameParameter ?? email, codeParameter)
        : undefined;
  // Other messages (sign-up codes, attribute verification) keep Cognito's defaults.
  if (message) {
    event.response.emailSubject = message.subject;
    event.response.emailMessage = message.html;
  }
  return event;
}

export async function handler(event: CognitoTriggerEvent): Promise<CognitoTriggerEvent> {
  if (event.triggerSource.startsWith('PreSignUp_')) return preSignUp(event as PreSignUpTriggerEvent);
  if (event.triggerSource.startsWith('CustomMessage_')) return customMessage(event as CustomMessageTriggerEvent);
  return event;
}
