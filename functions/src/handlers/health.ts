/**
 * GET /api/health (public, no token): answers from the Lambda itself, with the stage and the
 * deployed version, and calls no backend (architecture decision 48). A public route that made one
 * call per dependency let any anonymous client spend every user's DynamoDB, S3, Cognito and Step
 * Functions budget; the deep check runs on a schedule instead (handlers/health-check.ts).
 * This bundle imports no AWS SDK client on purpose (the bundled tier asserts it).
 */
import { ENV } from '../lib/env';
import { createHttpHandler, json } from '../lib/http';

export const handler = createHttpHandler({
  'GET /api/health': async () =>
    json(200, {
      status: 'ok',
      stage: process.env[ENV.stage] ?? 'local',
      version: process.env[ENV.appVersion] ?? 'unknown',
    }),
});
