/**
 * "A search for French UI strings outside the catalogue finds nothing but the catalogue": every
 * string literal, template part and JSX text of the non-test sources of web/src, functions/src
 * and shared/src that holds a French accented letter or a common French word must be in
 * shared/src/texts/. A failure lists the texts to move there.
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ACCENTED = /[àâäçéèêëîïôöùûüÿœæ]/i;
/** Words that are French and not English, so a plain-ASCII sentence is caught too. */
const FRENCH_WORDS =
  /\b(le|la|les|des|du|une|un|et|ou|est|sont|vous|votre|vos|nous|pour|avec|dans|sur|aucun|aucune|veuillez|merci|mot de passe|projet|projets|fichier|erreur|connexion|inscription|annuler|fermer|ouvrir|retour|accueil|nouveau|nouvelle|choisir|envoyer|enregistrer|sauvegarder|supprimer)\b/i;

interface FrenchLiteral {
  file: string;
  line: number;
  text: string;
}

/** A sentence, not an identifier, class list, path or format: it has a space between letters. */
function looksFrench(text: string): boolean {
  const value = text.trim();
  if (!value) return false;
  if (ACCENTED.test(value)) return true;
  return /[a-z]\s+[a-z]/i.test(value) && FRENCH_WORDS.test(value);
}

/** JSX attributes whose string is read by users (or their assistive technologies). */
const UI_ATTRIBUTES = new Set(['aria-label', 'aria-valuetext', 'title', 'alt', 'placeholder', 'label']);

/** Literals of a file; `ui` marks text shown as is (JSX text, UI attributes), which is checked in any language. */
function literalsOf(source: ts.SourceFile): { node: ts.Node; text: string; ui?: boolean }[] {
  const found: { node: ts.Node; text: string; ui?: boolean }[] = [];
  const visit = (node: ts.Node) => {
    // Module names and type-level strings are code, not text.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isJsxText(node) || (ts.isJsxAttribute(node) && UI_ATTRIBUTES.has(node.name.getText(source)))) {
      // Text a user reads, whatever its words: always catalogue text (a single word like 'Fermer' too).
      const text = ts.isJsxText(node)
        ? node.text
        : node.initializer && ts.isStringLiteral(node.initializer)
          ? node.initializer.text
          : '';
      if (/\p{L}{2,}/u.test(text)) found.push({ node, text, ui: true });
      if (ts.isJsxText(node) || (node.initializer && ts.isStringLiteral(node.initializer))) return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ node, text: node.text });
    } else if (ts.isTemplateExpression(node)) {
      // One text per template, its placeholders shown as ${}: the parts are read as a sentence.
      found.push({ node, text: node.head.text + node.templateSpans.map((span) => '${}' + span.literal.text).join('') });
      node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Tests, their fixtures and test-only helpers may hold French (sample data, expected texts). */
const isTestFile = (path: string) => /(\.test\.|\.spec\.|__tests__|[\\/]fixtures[\\/]|[\\/]testing[\\/])/.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** French literals in the non-test sources under `dirs`, skipping any path under `allowed`. */
function findFrenchLiterals(root: string, dirs: string[], allowed: string[]): FrenchLiteral[] {
  const allowedPaths = allowed.map((path) => join(root, path));
  return dirs
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .filter((path) => !isTestFile(path) && !allowedPaths.some((prefix) => path.startsWith(prefix)))
    .flatMap((path) => {
      const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
      return literalsOf(source)
        .filter(({ text, ui }) => ui || looksFrench(text))
        .map(({ node, text }) => ({
          file: relative(root, path),
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          text: text.trim(),
        }));
    });
}

const ROOT = join(__dirname, '../../..');
const CATALOGUE = 'shared/src/texts/';

describe('the French text catalogue', () => {
  it('holds every French UI text: none is found in the sources outside it', () => {
    const found = findFrenchLiterals(ROOT, ['web/src', 'functions/src', 'shared/src'], [CATALOGUE]);
    expect(found.map(({ file, line, text }) => `${file}:${line} ${text}`)).toEqual([]);
  });

  it('finds French in literals, templates and JSX text, and leaves code and English alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
    try {
      mkdirSync(join(dir, 'src/texts'), { recursive: true });
      writeFileSync(
        join(dir, 'src/page.tsx'),
        [
          "import { x } from './é';",
          "const a = 'Veuillez réessayer.';",
          'const b = (n: number) => `Envoi de ${n} fichiers pour vous`;',
          'export const C = () => <p className="mt-2 flex">Retour à la liste</p>;',
          "const d = 'Upload failed for the whole image';",
          "const e = 'font-family: DejaVu Sans, sans-serif';",
          "const f: 'é' | 'a' = 'a';",
          'export const G = () => <button aria-label="Fermer" className="p-2" title={label}>OK</button>;',
        ].join('\n'),
      );
      writeFileSync(join(dir, 'src/texts/page.ts'), "export const T = { retry: 'Veuillez réessayer.' } as const;");
      writeFileSync(join(dir, 'src/page.test.ts'), "const expected = 'Échec';");
      const found = findFrenchLiterals(dir, ['src'], ['src/texts/']);
      expect(found.map(({ file, line, text }) => [file, line, text])).toEqual([
        ['src/page.tsx', 2, 'Veuillez réessayer.'],
        ['src/page.tsx', 3, 'Envoi de ${} fichiers pour vous'],
        ['src/page.tsx', 4, 'Retour à la liste'],
        ['src/page.tsx', 8, 'Fermer'],
        ['src/page.tsx', 8, 'OK'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
