import type { FontStore } from './fonts.js';
import { round, type FallbackFont, type Item, type MissingGlyphs, type PlacedDocument, type PlacedPage, type TextItem, type WantingGlyphs } from './primitives.js';

/**
 * The last step of layout: a text the face cannot draw alone (a side named "赤軍" or
 * "צבא ההגנה") becomes one text item per font, in visual order, each on the line's baseline;
 * characters no font has are collected, and those only a font not installed has. Text the face
 * draws alone is left as it is, the same objects, so a Latin document comes out unchanged.
 */
export function withFallbackFonts(fonts: FontStore, pages: readonly PlacedPage[]): { pages: PlacedPage[]; missingGlyphs: MissingGlyphs[]; wantingGlyphs: WantingGlyphs[] } {
  const missing = new Map<string, Set<string>>();
  const wanting = new Map<string, { chars: Set<string>; fonts: Set<FallbackFont> }>();
  const placed = pages.map((page) => {
    let items: Item[] | undefined;
    for (let i = 0; i < page.items.length; i++) {
      const item = page.items[i]!;
      const split = item.kind === 'text' ? splitText(fonts, item, missing, wanting) : undefined;
      if (split) {
        items ??= page.items.slice(0, i);
        items.push(...split);
      } else {
        items?.push(item);
      }
    }
    return items ? { ...page, items } : page;
  });
  return {
    pages: placed,
    missingGlyphs: [...missing].map(([text, chars]) => ({ text, chars: [...chars] })),
    wantingGlyphs: [...wanting].map(([text, found]) => ({ text, chars: [...found.chars], fonts: [...found.fonts] })),
  };
}

/** The pieces of a text item the face lacks characters for; undefined when it has them all. */
function splitText(fonts: FontStore, item: TextItem, missing: Map<string, Set<string>>, wanting: Map<string, { chars: Set<string>; fonts: Set<FallbackFont> }>): TextItem[] | undefined {
  const text = fonts.mixedText(item.text, item.face);
  if (!text) return undefined;
  if (text.missing.length > 0) {
    const chars = missing.get(item.text) ?? new Set<string>();
    for (const char of text.missing) chars.add(char);
    missing.set(item.text, chars);
  }
  if (text.wanting.length > 0) {
    const found = wanting.get(item.text) ?? { chars: new Set<string>(), fonts: new Set<FallbackFont>() };
    for (const char of text.wanting) found.chars.add(char);
    for (const font of text.wantingFonts) found.fonts.add(font);
    wanting.set(item.text, found);
  }
  // pieces move along the baseline, and down or up to put each font's baseline on the face's
  const angle = ((item.rotate ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const baseline = fonts.ascent(item.face, item.size);
  const out: TextItem[] = [];
  for (const piece of text.pieces) {
    // spaces between pieces are in their places already
    if (/^[ \t]*$/.test(piece.text)) continue;
    const dx = piece.x * item.size;
    const dy = piece.font === item.face ? 0 : baseline - fonts.ascent(piece.font, item.size);
    const moved: TextItem = { ...item, x: round(item.x + dx * cos - dy * sin), y: round(item.y + dx * sin + dy * cos), text: piece.text };
    if (piece.font !== item.face) moved.font = piece.font as TextItem['font'];
    out.push(moved);
  }
  return out;
}

/** The characters a laid-out document could not print, with the text each was in. */
export function findMissingGlyphs(doc: PlacedDocument): MissingGlyphs[] {
  return doc.missingGlyphs;
}

/** U+1F3B2 for 🎲: how a warning names a character a reader may not see. */
export function codePointName(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * One line per text, for a warning or error on stderr, the same text met in several documents
 * (a batch of packets) named once:
 * `no font has a glyph for "🎲" (U+1F3B2) in "Roll 🎲 twice"`.
 */
export function describeMissingGlyphs(missing: readonly MissingGlyphs[]): string[] {
  const merged = new Map<string, Set<string>>();
  for (const { text, chars } of missing) {
    const known = merged.get(text) ?? new Set<string>();
    for (const char of chars) known.add(char);
    merged.set(text, known);
  }
  return [...merged].map(([text, chars]) => {
    const named = [...chars].map((c) => `"${c}" (${codePointName(c)})`).join(', ');
    return `no font has a glyph for ${named} in "${text}"`;
  });
}
