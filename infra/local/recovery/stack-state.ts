/**
 * `stack.json` names the user pool and its client: lost, the stack would create a new pool and
 * every account would be out of reach. It is written atomically now; one cut short by an older
 * version is rebuilt from cognito-local's own list of clients (the web client names its pool).
 */
import { readFile, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomic } from '../atomic-file';
import { exists, parseJson } from './files';

/** The app client the stack creates (cognito.ts, ensureUserPool). */
const WEB_CLIENT_NAME = 'vitrine-web';

export async function recoverStackState(dataDir: string): Promise<string[]> {
  const file = path.join(dataDir, 'stack.json');
  if (!(await exists(file)) || parseJson(await readFile(file, 'utf8')) !== undefined) return [];
  const clientsFile = path.join(dataDir, 'cognito', 'clients.json');
  const clients = (await exists(clientsFile))
    ? (parseJson(await readFile(clientsFile, 'utf8')) as
        { Clients?: Record<string, { ClientId?: string; ClientName?: string; UserPoolId?: string }> } | undefined)
    : undefined;
  const web = Object.values(clients?.Clients ?? {}).find((client) => client.ClientName === WEB_CLIENT_NAME);
  if (web?.ClientId && web.UserPoolId) {
    await writeFileAtomic(
      file,
      JSON.stringify({ userPoolId: web.UserPoolId, userPoolClientId: web.ClientId }, null, 2),
    );
    return [
      `stack: stack.json could not be read; pool ${web.UserPoolId} and its client found again in cognito's clients`,
    ];
  }
  await rm(file, { force: true });
  return ['stack: stack.json could not be read and no pool was found: a new user pool will be created'];
}
