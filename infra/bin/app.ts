#!/usr/bin/env node
/** CDK entry point: `npx cdk synth|deploy -c stage=dev|prod` (cdk.json runs this with tsx). */
import { App } from 'aws-cdk-lib';
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { addVitrineStack } from '../lib/app';
import { REPO_ROOT } from '../lib/bundling';

const app = new App();

// The stack deploys web/dist: build it on a fresh checkout so `npx cdk synth` works on its own.
const defaultWebDist = path.join(REPO_ROOT, 'web/dist');
const webDist = path.resolve(REPO_ROOT, app.node.tryGetContext('webDistPath') ?? 'web/dist');
if (webDist === defaultWebDist && !existsSync(path.join(webDist, 'index.html'))) {
  console.error('web/dist is missing: building the web app (npm run build)…');
  execSync('npm run build', { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, process.stderr] });
}

addVitrineStack(app);
app.synth();
