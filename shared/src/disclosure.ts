/**
 * What a transformation does to a photograph, for the buyer's sake (issue 24, decision 099): an
 * alteration (furniture added, objects removed, a room renovated, the sky replaced) must be
 * disclosed on or next to the image; an HDR enhancement (exposure, colour) is a routine
 * adjustment, as California's AB 723 and the French guidance on misleading listings treat it.
 * The share page and the export mark read the same table.
 */
import type { TransformationType } from './constants';
import { DISCLOSURE_TEXTS } from './texts/disclosure';

export type DisclosureLevel = 'altered' | 'routine';

export const DISCLOSURE_LEVELS: Record<TransformationType, DisclosureLevel> = {
  'virtual-staging': 'altered',
  'sky-replacement': 'altered',
  declutter: 'altered',
  'room-refresh': 'altered',
  enhance: 'routine',
};

export function isAltered(type: TransformationType): boolean {
  return DISCLOSURE_LEVELS[type] === 'altered';
}

/** Languages of the statement printed on an exported image (the organization's setting). */
export const MARK_LANGUAGES = ['fr', 'en'] as const;
export type MarkLanguage = (typeof MARK_LANGUAGES)[number];

/** English statements, for agencies that list abroad (the French ones are in the catalogue). */
const ENGLISH_STATEMENTS: Record<TransformationType, string> = {
  'virtual-staging': 'Digitally altered: virtual staging',
  'sky-replacement': 'Digitally altered: sky replaced',
  declutter: 'Digitally altered: objects removed',
  'room-refresh': 'Digitally altered: room virtually renovated',
  enhance: 'Routine adjustment: exposure and colour',
};

/** The short statement of what was changed, in the mark's language. */
export function disclosureStatement(type: TransformationType, language: MarkLanguage = 'fr'): string {
  return language === 'en' ? ENGLISH_STATEMENTS[type] : DISCLOSURE_TEXTS.statements[type];
}
