/**
 * What `npm start` checks before the emulators open their stores (architecture decision 40): a
 * stop of any kind (Ctrl-C, SIGKILL, a crash) must never leave the local stack unable to start,
 * and never cost data that was acknowledged. A write that was never acknowledged may be dropped.
 * Returns one line per repair, which the stack prints.
 */
import * as path from 'node:path';
import { recoverDynaliteStore } from './dynalite-store';
import { recoverJsonFiles } from './json-files';
import { recoverS3rverStore } from './s3rver-store';
import { recoverStackState } from './stack-state';

export async function recoverLocalData(dataDir: string, tableName: string): Promise<string[]> {
  return [
    ...(await recoverDynaliteStore(path.join(dataDir, 'dynamodb'), tableName)),
    ...(await recoverS3rverStore(path.join(dataDir, 's3'))),
    ...(await recoverJsonFiles(path.join(dataDir, 'cognito'), 'cognito', 'set-aside')),
    ...(await recoverJsonFiles(path.join(dataDir, 'outbox'), 'outbox', 'drop')),
    // The webhook queue's messages (../sqs.ts): an unreadable one is kept aside, not lost.
    ...(await recoverJsonFiles(path.join(dataDir, 'sqs'), 'sqs', 'set-aside')),
    // After cognito's files: it reads their clients.
    ...(await recoverStackState(dataDir)),
  ];
}
