/**
 * What `GET /api/projects?search=` matches: the name lower-cased, without accents or ligatures,
 * spaces collapsed. Stored on the project (`nameSearch`) when its name is set, and applied to the
 * query the same way, so 'ecole', 'École' and 'ÉCOLE' find 'L’école du Parc'.
 */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };

export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/[œæß]/g, (letter) => LIGATURES[letter]!)
    .replace(/\s+/g, ' ')
    .trim();
}
