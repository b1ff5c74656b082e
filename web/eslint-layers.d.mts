import type { ESLint } from 'eslint';

declare const webLayers: ESLint.Plugin;
export default webLayers;
export function layerOf(file: string): string | null;
export function importAllowed(from: string, to: string): boolean;
export function isFeatureIndex(file: string): boolean;
