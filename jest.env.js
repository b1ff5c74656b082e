// Tests print only errors by default: handlers log JSON lines on stdout (functions/src/lib/logger.ts).
// `LOG_LEVEL=debug npx jest ...` shows everything; tests assert log lines with captureLogs().
process.env.LOG_LEVEL ??= 'error';
// cognito-local loads the AWS SDK v2 for types it never calls; its end-of-support notice is noise (as in npm start).
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
