// Tests print only errors by default: handlers log JSON lines on stdout (functions/src/lib/logger.ts).
// `LOG_LEVEL=debug npx jest ...` shows everything; tests assert log lines with captureLogs().
process.env.LOG_LEVEL ??= 'error';
