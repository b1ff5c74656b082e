/**
 * A line of text as SVG paths (decision 117): Lambda has no system fonts, so the mark never asks
 * librsvg for a font; it draws DejaVu Sans Bold's outlines (mark-font.generated.ts), the same
 * bytes locally and on AWS.
 */
import { MARK_FONT } from './mark-font.generated';

/** The no-break spaces French typography puts before ':' draw as a space when the font lacks them. */
const SPACE_LIKE = /^[\u00a0\u202f]$/;

function glyphOf(char: string): readonly [number, string] {
  return MARK_FONT.glyphs[char] ?? MARK_FONT.glyphs[SPACE_LIKE.test(char) ? ' ' : '?']!;
}

export interface TextPaths {
  /** Size of the line in px (height: ascender to descender). */
  width: number;
  height: number;
  /** One `<g>` of `<path>` elements, origin at the line's top-left. */
  svg: string;
}

/** The line as filled paths at `fontSize` px, `fill` any SVG colour. */
export function textPaths(text: string, fontSize: number, fill: string): TextPaths {
  const scale = fontSize / MARK_FONT.unitsPerEm;
  const paths: string[] = [];
  let x = 0;
  for (const char of text) {
    const [advance, d] = glyphOf(char);
    if (d) paths.push(`<path transform="translate(${x} 0)" d="${d}"/>`);
    x += advance;
  }
  return {
    width: x * scale,
    height: (MARK_FONT.ascender - MARK_FONT.descender) * scale,
    svg: `<g fill="${fill}" transform="scale(${scale}) translate(0 ${MARK_FONT.ascender})">${paths.join('')}</g>`,
  };
}
