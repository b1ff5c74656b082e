/**
 * What Cognito says about the signed-in person, asked with their own access token (no IAM rights:
 * GetUser and GetUserAttributeVerificationCode authorize by the token). The API receives access
 * tokens only, which carry no e-mail claims, and Cognito is the authority on `email_verified`
 * anyway: an ID token's claim could predate the verification.
 */
import { GetUserAttributeVerificationCodeCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { attributeMap, cognito } from '../lib/aws/cognito';

export interface CognitoIdentity {
  /** As the person typed it (invitations compare it lower-cased). */
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  phoneNumber: string;
}

export type ReadIdentity = (accessToken: string) => Promise<CognitoIdentity>;

export const readCognitoIdentity: ReadIdentity = async (accessToken) => {
  const { UserAttributes } = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
  const attributes = attributeMap(UserAttributes);
  return {
    email: attributes.email ?? '',
    emailVerified: attributes.email_verified === 'true',
    givenName: attributes.given_name ?? '',
    familyName: attributes.family_name ?? '',
    phoneNumber: attributes.phone_number ?? '',
  };
};

/** Has Cognito e-mail a verification code (French, by the Custom message trigger). */
export async function sendEmailVerificationCode(accessToken: string): Promise<void> {
  await cognito.send(new GetUserAttributeVerificationCodeCommand({ AccessToken: accessToken, AttributeName: 'email' }));
}
