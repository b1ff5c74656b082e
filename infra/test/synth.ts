/**
 * Synthesizes a stage for the assertion tests: the feature flags of cdk.json, bundling skipped
 * (`aws:cdk:bundling-stacks` = []) and a throwaway built app, so tests need neither esbuild
 * runs nor `npm run build`.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { addVitrineStack } from '../lib/app';
import { REPO_ROOT } from '../lib/bundling';
import type { VitrineStack } from '../lib/vitrine-stack';

const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

export interface Synthesized {
  app: App;
  stack: VitrineStack;
  template: Template;
}

export function synthStage(stage: string, extraContext: Record<string, unknown> = {}): Synthesized {
  const app = new App({
    outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-cdk-')),
    context: {
      ...cdkJson.context,
      stage,
      webDistPath: fakeWebDist(),
      'aws:cdk:bundling-stacks': [],
      ...extraContext,
    },
  });
  const stack = addVitrineStack(app);
  return { app, stack, template: Template.fromStack(stack) };
}
