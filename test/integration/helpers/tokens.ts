/** Hand-made JWTs for the authorizer's negative cases (forged signature, expiry). */
import { createSign, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function signJwt(payload: Record<string, unknown>, privateKeyPem: string, kid: string): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = base64url(JSON.stringify(payload));
  const signature = createSign('RSA-SHA256').update(`${header}.${body}`).sign(privateKeyPem);
  return `${header}.${body}.${base64url(signature)}`;
}

/** The emulator's own signing key (cognito-local ships one fixed key, kid "CognitoLocal"). */
export function emulatorSigningKey(): { pem: string; kid: string } {
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { pem, jwk } = JSON.parse(readFileSync(file, 'utf8')) as { pem: string; jwk: { kid: string } };
  return { pem, kid: jwk.kid };
}

export function foreignKeyPem(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}
