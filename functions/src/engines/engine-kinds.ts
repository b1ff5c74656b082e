/**
 * Which engine serves each transformation type, by stage configuration (architecture decision 7,
 * decision 60): ENGINE_<TYPE> = local | bedrock | openai. Light on purpose (no sharp, no engine):
 * the deep health check reads it to know which models to check, and its bundle stays small.
 */
import type { TransformationType } from '@vitrine/shared';
import { engineEnvName } from '../lib/env';

export const ENGINE_KINDS = ['local', 'bedrock', 'openai'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];
export type EngineEnv = Record<string, string | undefined>;

/** The types the local sharp engine handles. */
export const LOCAL_ENGINE_TYPES: readonly TransformationType[] = ['sky-replacement', 'enhance'];
/** The types the generative engine handles, over either provider. */
export const GENERATIVE_TYPES: readonly TransformationType[] = ['virtual-staging', 'declutter', 'room-refresh'];

export const DEFAULT_ENGINE_KINDS: Record<TransformationType, EngineKind> = {
  'sky-replacement': 'local',
  enhance: 'local',
  'virtual-staging': 'bedrock',
  declutter: 'bedrock',
  'room-refresh': 'bedrock',
};

/** ENGINE_<TYPE>: the name is defined with the other variables in lib/env.ts. */
export const engineVariable = engineEnvName;

/** The configured kind for a type; fails loudly on a value that cannot work. */
export function engineKindFor(type: TransformationType, env: EngineEnv): EngineKind {
  const value = env[engineVariable(type)] || DEFAULT_ENGINE_KINDS[type];
  if (!(ENGINE_KINDS as readonly string[]).includes(value)) {
    throw new Error(`${engineVariable(type)}=${value}: expected one of ${ENGINE_KINDS.join(', ')}`);
  }
  if (value === 'local' && !LOCAL_ENGINE_TYPES.includes(type)) {
    throw new Error(`${engineVariable(type)}=local: the local engine only does ${LOCAL_ENGINE_TYPES.join(', ')}`);
  }
  if (value !== 'local' && !GENERATIVE_TYPES.includes(type)) {
    throw new Error(`${engineVariable(type)}=${value}: the generative engine only does ${GENERATIVE_TYPES.join(', ')}`);
  }
  return value as EngineKind;
}
