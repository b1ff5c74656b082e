/**
 * The transformation workflow in AWS: the state machine from the same ASL file the local stack
 * runs (DefinitionBody.fromFile; ARNs and names filled by definitionSubstitutions), the step
 * Lambda that implements its Task states, with sharp from a layer, and least-privilege grants.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { REPO_ROOT } from './bundling';
import { VitrineFunction } from './constructs/vitrine-function';
import { ENV, secretEnvName } from './endpoint-groups';
import { sharpLayer } from './sharp-layer';

export const WORKFLOW_DEFINITION_PATH = path.join(REPO_ROOT, 'functions/src/workflow/transformation.asl.json');

/** `${Name}` placeholders of an ASL file: each needs a definition substitution. */
export function definitionPlaceholders(definitionPath: string): string[] {
  const text = fs.readFileSync(definitionPath, 'utf8');
  return [...new Set([...text.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1]!))].sort();
}

export interface WorkflowProps {
  config: StageConfig;
  table: ITable;
  uploadsBucket: IBucket;
  resultsBucket: IBucket;
  /** Bedrock model ids the engines call (configuration of the generative types). */
  bedrockModelIds: readonly string[];
  /**
   * Architecture of the step Lambda; sharp's native binaries for it must be in node_modules.
   * @default Architecture.X86_64 (the binaries `npm ci` installs on linux-x64 CI; see sharp-layer.ts)
   */
  architecture?: lambda.Architecture;
}

export class Workflow extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly stepFunction: VitrineFunction;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);
    const { config } = props;
    const architecture = props.architecture ?? lambda.Architecture.X86_64;

    this.stepFunction = new VitrineFunction(this, 'StepFunction', {
      handlerName: 'workflow',
      architecture,
      logRetention: config.logRetention,
      // sharp's CPU share grows with memory (1769 MB = one vCPU); a 12 MP image peaks near 250 MB.
      memorySize: 2048,
      // Above every Task's TimeoutSeconds in the ASL, so Step Functions times out first and catches it.
      timeout: Duration.minutes(3),
    });
    this.stepFunction.addLayers(sharpLayer(this, 'SharpLayer', architecture));
    this.stepFunction
      .bindTable(props.table, 'readWrite', ENV.table)
      .bindBucket(props.uploadsBucket, ENV.uploadsBucket, 'read')
      .bindBucket(props.resultsBucket, ENV.resultsBucket, 'readWrite')
      .bindSecret(config.secretNames.imageEditingApiKey, secretEnvName('imageEditingApiKey'));
    if (props.bedrockModelIds.length > 0) {
      this.stepFunction.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['bedrock:InvokeModel'],
          resources: props.bedrockModelIds.map(
            (modelId) => `arn:aws:bedrock:${config.region}::foundation-model/${modelId}`,
          ),
        }),
      );
    }

    const logGroup = new logs.LogGroup(this, 'ExecutionLogs', {
      retention: config.logRetention,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const substitutions: Record<string, string> = { WorkflowFunctionArn: this.stepFunction.functionArn };
    const missing = definitionPlaceholders(WORKFLOW_DEFINITION_PATH).filter((name) => !(name in substitutions));
    if (missing.length > 0) throw new Error(`No definition substitution for ${missing.join(', ')}`);

    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromFile(WORKFLOW_DEFINITION_PATH),
      definitionSubstitutions: substitutions,
      // A transformation is seconds of work; an execution still running after this is stuck.
      timeout: Duration.minutes(15),
      tracingEnabled: true,
      // Execution data holds ids and keys only, but stays out of the logs anyway (no user data).
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    // The definition comes from a file, so CDK cannot infer the invoke permission from it.
    this.stepFunction.grantInvoke(this.stateMachine);
  }

  /** Lets an API function start executions (and describe them with 'startAndDescribe'). */
  grantStart(fn: lambda.Function, access: 'start' | 'startAndDescribe', envName = 'STATE_MACHINE_ARN'): void {
    fn.addEnvironment(envName, this.stateMachine.stateMachineArn);
    this.stateMachine.grantStartExecution(fn);
    if (access === 'startAndDescribe') this.stateMachine.grantRead(fn);
  }
}
