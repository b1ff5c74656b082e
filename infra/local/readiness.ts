/**
 * The local readiness probe (architecture decision 48): the deep health check, every emulator
 * answering a metadata call, which `npm start` waits for. In AWS the same check runs on a schedule,
 * and GET /api/health answers from its Lambda alone. A module of its own: start.ts imports the
 * stack lazily, after setting up the process.
 */
export const READINESS_PATH = '/_local/health';
