/** `npm run reset`: wipes the local stack's data (.local, or VITRINE_DATA_DIR). */
import { rm } from 'node:fs/promises';
import * as path from 'node:path';
import { REPO_ROOT } from '../lib/bundling';

const dataDir = process.env.VITRINE_DATA_DIR ?? path.join(REPO_ROOT, '.local');
rm(dataDir, { recursive: true, force: true }).then(
  () => console.log(`Données locales supprimées : ${dataDir}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
