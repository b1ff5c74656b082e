/** Builds the CDK app for one stage; shared by bin/app.ts and the tests. */
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import * as path from 'node:path';
import { stageConfig, type StageConfig } from '../config/stages';
import { REPO_ROOT } from './bundling';
import { VitrineStack } from './vitrine-stack';

export function stackName(config: StageConfig): string {
  return `Vitrine-${config.stage}`;
}

/**
 * Adds the stage's stack to `app` and returns it. cdk-nag 3 runs as a CDK policy-validation plugin
 * (it replaced the v2 Aspect): synthesis fails on any unacknowledged finding, and acknowledgements
 * are `Validations.of(construct).acknowledge({ id, reason })` next to the construct concerned.
 */
export function addVitrineStack(app: App): VitrineStack {
  const config = stageConfig(app.node.tryGetContext('stage') ?? 'dev');
  const webDistPath = path.resolve(REPO_ROOT, app.node.tryGetContext('webDistPath') ?? 'web/dist');
  const stack = new VitrineStack(app, stackName(config), {
    config,
    webDistPath,
    env: { account: config.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: config.region },
    description: `Vitrine (${config.stage}): AI photo transformations for real-estate agents`,
    terminationProtection: config.retainData,
  });
  Tags.of(stack).add('app', 'vitrine');
  Tags.of(stack).add('stage', config.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return stack;
}
