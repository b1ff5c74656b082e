/**
 * The state machine definition, one file for AWS and the local stack: transformation.asl.json.
 * Its Task states name their Lambda through definition substitutions, which CDK fills in
 * (`DefinitionBody.fromFile` + `definitionSubstitutions`) and the local stack replaces here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Absolute path of the ASL file, for CDK's `DefinitionBody.fromFile`. */
export const TRANSFORMATION_ASL_PATH = join(__dirname, 'transformation.asl.json');

export interface TransformationSubstitutions {
  /** The sharp-heavy steps (Validate, Transform): large memory, long timeout. */
  ImageStepsFunctionArn: string;
  /** The DynamoDB-only steps (credits, record updates): small and quick. */
  RecordStepsFunctionArn: string;
}

export const SUBSTITUTION_NAMES: readonly (keyof TransformationSubstitutions)[] = [
  'ImageStepsFunctionArn',
  'RecordStepsFunctionArn',
];

/** The definition with `${Name}` placeholders replaced, parsed. */
export function loadTransformationDefinition(substitutions: TransformationSubstitutions): Record<string, unknown> {
  const text = readFileSync(TRANSFORMATION_ASL_PATH, 'utf8').replace(/\$\{(\w+)\}/g, (placeholder, name: string) => {
    const value = substitutions[name as keyof TransformationSubstitutions];
    if (value === undefined) throw new Error(`No substitution for ${placeholder}`);
    return value;
  });
  return JSON.parse(text) as Record<string, unknown>;
}

/** Names of the definition's Task states, each needing a local handler in aws-local-stepfunctions. */
export function taskStateNames(definition: Record<string, unknown>): string[] {
  const states = definition.States as Record<string, { Type: string }>;
  return Object.entries(states)
    .filter(([, state]) => state.Type === 'Task')
    .map(([name]) => name);
}
