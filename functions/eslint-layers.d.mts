import type { ESLint, Linter } from 'eslint';

export interface Place {
  layer: string;
  module: string;
  testSupport: boolean;
}

declare const functionsLayers: ESLint.Plugin;
export default functionsLayers;
export const DOMAIN_API: Record<string, string[]>;
export function placeOf(file: string): Place | null;
export function importRefusal(from: Place, to: Place, fromTest: boolean): string | null;
export const functionsConfig: Linter.Config[];
