/**
 * How long a transformation's execution may run: the ASL's own top-level `TimeoutSeconds`, the one
 * place it is set (Step Functions and the local emulator both enforce it). CDK's `timeout` prop is
 * not used: it only applies to definitions built from CDK states, never to `DefinitionBody.fromFile`.
 * esbuild keeps only this number of the JSON in a bundle.
 */
import { TimeoutSeconds } from './transformation.asl.json';

export const EXECUTION_TIMEOUT_SECONDS: number = TimeoutSeconds;
