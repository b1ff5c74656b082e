/**
 * Token lifetimes of the web app client, the same in AWS (constructs/auth.ts) and in the local
 * Cognito (local/cognito.ts): an access token is worth an hour, a refresh token 30 days.
 */
export const TOKEN_VALIDITY = { accessHours: 1, idHours: 1, refreshDays: 30 } as const;
