/**
 * The version GET /api/health answers: `VITRINE_VERSION` when the build sets it, else the git
 * commit being deployed (or run locally), else 'unknown' (a source tree without git).
 */
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from './bundling';

let cached: string | undefined;

export function appVersion(): string {
  cached ??= process.env.VITRINE_VERSION || gitCommit() || 'unknown';
  return cached;
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}
