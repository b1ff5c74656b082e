/** Cognito user pool: one client per Lambda container; endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER. */
import { CognitoIdentityProviderClient, type AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import { envGetter } from '../config';
import { ENV } from '../env';

export const cognito = new CognitoIdentityProviderClient({});

/** The user pool's id. */
export const userPoolId = envGetter(ENV.userPoolId);

/** Cognito returns attributes as a list of {Name, Value}; handlers want a record. */
export function attributeMap(attributes: readonly AttributeType[] | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { Name, Value } of attributes ?? []) {
    if (Name !== undefined && Value !== undefined) map[Name] = Value;
  }
  return map;
}
