/** Builds the CDK app for one stage; shared by bin/app.ts and the tests. */
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import * as path from 'node:path';
import { stageConfig, type StageConfig } from '../config/stages';
import { REPO_ROOT } from './bundling';
import { EdgeStack } from './edge-stack';
import { VitrineStack } from './vitrine-stack';

/** Where CloudFront's own resources (WAF web ACLs, certificates) must live. */
export const EDGE_REGION = 'us-east-1';

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
  const account = config.account ?? process.env.CDK_DEFAULT_ACCOUNT;
  // CloudFront's WAF web ACL must be created in us-east-1: a small stack of its own, deployed first.
  const edge = new EdgeStack(app, `${stackName(config)}-edge`, {
    config,
    env: { account, region: EDGE_REGION },
    description: `Vitrine (${config.stage}): WAF web ACL of the CloudFront distribution`,
    terminationProtection: config.retainData,
  });
  const stack = new VitrineStack(app, stackName(config), {
    config,
    webDistPath,
    edge,
    env: { account, region: config.region },
    description: `Vitrine (${config.stage}): AI photo transformations for real-estate agents`,
    terminationProtection: config.retainData,
  });
  for (const each of [edge, stack]) {
    Tags.of(each).add('app', 'vitrine');
    Tags.of(each).add('stage', config.stage);
  }
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return stack;
}
