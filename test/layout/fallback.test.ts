import { withPageWords } from '../../src/doc/document-meta.js';
import { describe, expect, it } from 'vitest';
import type { DocumentNode } from '../../src/doc/model.js';
import { visualRuns } from '../../src/layout/bidi.js';
import { describeMissingGlyphs, findMissingGlyphs, withFallbackFonts } from '../../src/layout/fallback.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import type { FallbackFont, PlacedPage, TextItem } from '../../src/layout/primitives.js';
import { wrapRuns } from '../../src/layout/wrap.js';
import { renderDocument } from '../../src/render/render.js';
import { RecordingSurface, type DrawCall } from '../../src/render/surface.js';
import { fonts } from '../helpers/fonts.js';
import { FontStore } from '../../src/layout/fonts.js';
import { NODE_PLACES, nodeFiles } from '../../src/cli/node-files.js';
import { PACKAGE_FONTS } from '../../src/cli/font-package.js';
import { readWholeFile } from '../../src/data/files.js';
import { fingerprint } from '../../src/data/hash.js';

const CHINESE = '赤軍';
const HEBREW = 'צבא ההגנה';
const ARABIC = 'الجيش العربي';
const LINE = `Sides: ${CHINESE} and ${HEBREW} against ${ARABIC} 1941`;

const meta = withPageWords({ title: 'Names', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper: 'a4', units: 'cm' } as const);

function docWith(texts: string[]): DocumentNode {
  return {
    meta,
    sheets: [{ title: 'Sides', blocks: [{ kind: 'table', id: 't', title: 'Forces', section: 'Campaign', width: 'column', columns: [{ label: 'Side', align: 'left' }], rows: texts.map((text) => [[{ text }]]) }] }],
  };
}

type TextCall = Extract<DrawCall, { op: 'text' }>;
function textCalls(doc: DocumentNode): TextCall[] {
  const surface = new RecordingSurface();
  renderDocument(layoutDocument(fonts, doc), surface);
  return surface.calls.filter((c): c is TextCall => c.op === 'text');
}

/** The glyphs pdfkit puts in the PDF for a call: it asks the font object the surface registers. */
const glyphIds = (key: FallbackFont, text: string) => fonts.fallbackFont(key).layout(text).glyphs.map((g) => g.id);
const isolated = (key: FallbackFont, text: string) => [...text].map((c) => fonts.fallbackFont(key).glyphForCodePoint(c.codePointAt(0)!).id);

describe('characters the embedded face lacks', () => {
  it('Latin text is measured and drawn by the face alone, as before', () => {
    expect(fonts.mixedText('Panzer Lehr – 90% ½ “Yes”', 'regular')).toBeUndefined();
    const calls = textCalls(docWith(['Panzer Lehr']));
    expect(calls.every((c) => c.font === undefined)).toBe(true);
  });

  it('draws Chinese, Hebrew and Arabic with the fallback fonts, right to left where they read so', () => {
    const calls = textCalls(docWith([LINE]));
    const line = calls.filter((c) => Math.abs(c.y - calls.find((d) => d.text === 'Sides: ')!.y) < 4);
    // in visual order from left to right
    const pieces = line.sort((a, b) => a.x - b.x).map((c) => [c.text, c.font ?? c.face]);
    expect(pieces).toEqual([
      ['Sides: ', 'regular'],
      [CHINESE, 'cjk'],
      [' and ', 'regular'],
      // the two Hebrew words swap places; the font lays each out right to left
      ['ההגנה', 'hebrew'],
      ['צבא', 'hebrew'],
      // the year follows the Arabic and so reads with it: it stands to its left
      [' against 1941 ', 'regular'],
      ['العربي', 'arabic'],
      ['الجيش', 'arabic'],
    ]);
    // the Hebrew glyphs come last letter first
    const hebrew = glyphIds('hebrew', 'צבא');
    expect(hebrew).toEqual(isolated('hebrew', 'צבא').reverse());
    // the Arabic letters are joined: contextual forms, not the isolated ones, and the word is
    // reversed: the final form of its last letter comes first, the initial form of its first
    // joining letter last (this font draws the dots of shin and jeem as marks of their own)
    const arabic = fonts.fallbackFont('arabic').layout('الجيش').glyphs;
    expect(arabic[0]!.id).not.toBe(isolated('arabic', 'ش')[0]);
    expect(arabic.map((g) => g.id)).not.toEqual(expect.arrayContaining(isolated('arabic', 'جيش')));
    expect(arabic.map((g) => (g as typeof g & { name: string }).name).join(' ')).toMatch(/^\S*\s?uni06\w\w\.fina .*\.medi.*\.init uni0627$/);
  });

  it('places the pieces edge to edge, on one baseline', () => {
    const calls = textCalls(docWith([LINE])).filter((c) => c.text !== 'Forces' && c.text !== 'Side');
    const line = calls.filter((c) => Math.abs(c.y - calls.find((d) => d.text === 'Sides: ')!.y) < 4).sort((a, b) => a.x - b.x);
    const size = line[0]!.size;
    for (let i = 1; i < line.length; i++) {
      const before = line[i - 1]!;
      const measured = before.font ? (fonts.fallbackFont(before.font).layout(before.text).advanceWidth / fonts.fallbackFont(before.font).unitsPerEm) * size : fonts.textWidth(before.text, before.face, size);
      // a space between two pieces is not drawn: the next starts after it
      const gap = line[i]!.x - before.x - measured;
      expect(gap, `${before.text} -> ${line[i]!.text}`).toBeGreaterThanOrEqual(-0.01);
      expect(gap).toBeLessThan(size);
    }
    const baselines = line.map((c) => c.y + fonts.ascent(c.font ?? c.face, c.size));
    for (const b of baselines) expect(b).toBeCloseTo(baselines[0]!, 2);
  });

  it('text along a margin keeps its pieces on its rotated baseline', () => {
    const item: TextItem = { kind: 'text', x: 100, y: 200, text: `A ${CHINESE}`, face: 'regular', size: 10, color: '#000', rotate: -90 };
    const page: PlacedPage = { width: 500, height: 500, items: [item] };
    const [a, chinese] = withFallbackFonts(fonts, [page]).pages[0]!.items as TextItem[];
    expect(a).toMatchObject({ text: 'A ', x: 100, y: 200, rotate: -90 });
    expect(a!.font).toBeUndefined();
    // turned a quarter counter-clockwise, the text runs up the page; the CJK font's taller
    // ascent moves its top towards the text's top, to the left
    const dx = fonts.textWidth('A ', 'regular', 10);
    const dy = fonts.ascent('regular', 10) - fonts.ascent('cjk', 10);
    expect(chinese).toMatchObject({ text: CHINESE, font: 'cjk', rotate: -90 });
    expect(chinese!.x).toBeCloseTo(100 + dy, 3);
    expect(chinese!.y).toBeCloseTo(200 - dx, 3);
    // a page the face draws alone is the same object
    const latin: PlacedPage = { width: 500, height: 500, items: [{ ...item, text: 'Latin only' }] };
    expect(withFallbackFonts(fonts, [latin]).pages[0]).toBe(latin);
  });

  it('measures with the fallback metrics, so wrapping and centring stay right', () => {
    const mixed = fonts.mixedText(LINE, 'regular')!;
    expect(fonts.textWidth(LINE, 'regular', 10)).toBeCloseTo(mixed.width * 10, 9);
    const cjk = fonts.fallbackFont('cjk');
    // a CJK ideograph is a full em wide, far wider than the condensed face's replacement box
    expect(fonts.textWidth(CHINESE, 'regular', 10)).toBeCloseTo((cjk.layout(CHINESE).advanceWidth / cjk.unitsPerEm) * 10, 9);
    expect(fonts.textWidth(CHINESE, 'regular', 10)).toBeCloseTo(20, 6);
    const lines = wrapRuns(fonts, [{ text: `${LINE} ${LINE}` }], { face: 'regular', size: 10, color: '#000' }, 120);
    for (const l of lines) expect(l.width).toBeLessThanOrEqual(120.01);
  });

  it('bold text falls back to the bold fallback fonts, italic to the regular ones', () => {
    expect(fonts.mixedText(CHINESE, 'bold')!.pieces.map((p) => p.font)).toEqual(['cjk-bold']);
    expect(fonts.mixedText(HEBREW, 'italic')!.pieces.map((p) => p.font)).toEqual(['hebrew', 'italic', 'hebrew']);
  });

  it('a check mark the face lacks is drawn from the CJK font', () => {
    expect(fonts.font('regular').glyphForCodePoint(0x2713).id).toBe(0);
    expect(fonts.mixedText('Done ✓', 'regular')!.pieces.map((p) => [p.text, p.font])).toEqual([
      ['Done ', 'regular'],
      ['✓', 'cjk'],
    ]);
    expect(fonts.mixedText('Done ✓', 'regular')!.missing).toEqual([]);
  });

  it('reports characters no font has, with the text they were in', () => {
    // a private-use character and a code point Unicode has not assigned: no font draws them
    const doc = docWith(['Roll \ue000 for the \u0378 Brigade', 'Plain', 'Done ✓ 🎲']);
    const placed = layoutDocument(fonts, doc);
    expect(findMissingGlyphs(placed)).toEqual([{ text: 'Roll \ue000 for the \u0378 Brigade', chars: ['\ue000', '\u0378'] }]);
    expect(describeMissingGlyphs(findMissingGlyphs(placed))).toEqual(['no font has a glyph for "\ue000" (U+E000), "\u0378" (U+0378) in "Roll \ue000 for the \u0378 Brigade"']);
    expect(layoutDocument(fonts, docWith(['Plain', CHINESE])).missingGlyphs).toEqual([]);
    // a batch of documents with the same names: each text named once
    const again = layoutDocument(fonts, docWith(['Roll \ue000 for the \u0378 Brigade', '\u{F0000} ok']));
    expect(describeMissingGlyphs([...placed.missingGlyphs, ...again.missingGlyphs])).toEqual([
      'no font has a glyph for "\ue000" (U+E000), "\u0378" (U+0378) in "Roll \ue000 for the \u0378 Brigade"',
      'no font has a glyph for "\u{F0000}" (U+F0000) in "\u{F0000} ok"',
    ]);
    // the character is still drawn, as the face's box, not left out
    const calls = textCalls(doc);
    expect(calls.some((c) => c.text.includes('\ue000'))).toBe(true);
  });

  it.each([
    ['★ ✠ ☠ ♠', ['cjk', 'symbols', 'symbols2', 'cjk'], 'regular'],
    ['🎖 💥 🪖', ['emoji', 'emoji', 'emoji'], 'regular'],
    ['한국어 부대', ['korean', 'korean'], 'regular'],
    ['✠ 🎖 한국어', ['symbols-bold', 'emoji-bold', 'korean-bold'], 'bold'],
    ['☠', ['symbols2'], 'bold'],
  ] as const)('symbols, emoji and Korean the face lacks are drawn from their fallbacks: %s', (text, fallbacks, face) => {
    const mixed = fonts.mixedText(text, face)!;
    expect(mixed.missing).toEqual([]);
    expect(mixed.pieces.filter((p) => p.text.trim() !== '' && p.font !== face).map((p) => p.font)).toEqual(fallbacks);
  });

  it('invisible characters are neither drawn nor reported', () => {
    // a variation selector after a check mark, a zero-width joiner between emoji-free letters
    const mixed = fonts.mixedText('✓\ufe0f ok', 'regular')!;
    expect(mixed.missing).toEqual([]);
    expect(mixed.pieces.map((p) => p.text).join('')).toBe('✓ ok');
  });
});

describe('without the Chinese and Korean fonts (their package not installed)', () => {
  /** A store over the same files with the package's fonts left out, and the pairs store (coverage) as given. */
  const without = (pairStore = NODE_PLACES.fontPairs) =>
    new FontStore({
      fonts: Object.fromEntries(Object.entries(NODE_PLACES.fonts).filter(([key]) => !(key in PACKAGE_FONTS))),
      pairStore,
      fontkitVersion: NODE_PLACES.fontkitVersion,
      read: (file) => readWholeFile(nodeFiles, file),
      fingerprint,
    });

  it('each character needing one is named, drawn as the face’s box, never as another font’s glyph', () => {
    const store = without();
    for (const key of Object.keys(PACKAGE_FONTS) as FallbackFont[]) expect(store.isInstalled(key)).toBe(false);
    const mixed = store.mixedText('赤軍 ✓ ✠ 한국 🎖', 'regular')!;
    expect(mixed.wanting).toEqual(['赤', '軍', '✓', '한', '국']);
    expect(mixed.wantingFonts).toEqual(['cjk', 'korean']);
    expect(mixed.missing).toEqual([]);
    // ✠ and 🎖 come from fonts muster ships, as a run with the package draws them
    const drawn = (m: NonNullable<ReturnType<typeof fonts.mixedText>>) => m.pieces.filter((p) => p.text.trim() !== '').map((p) => [p.text.trim(), p.font]);
    expect(drawn(mixed)).toEqual([
      ['赤軍 ✓', 'regular'],
      ['✠', 'symbols'],
      ['한국', 'regular'],
      ['🎖', 'emoji'],
    ]);
    expect(drawn(fonts.mixedText('赤軍 ✓ ✠ 한국 🎖', 'regular')!)).toEqual([
      ['赤軍', 'cjk'],
      ['✓', 'cjk'],
      ['✠', 'symbols'],
      ['한국', 'korean'],
      ['🎖', 'emoji'],
    ]);
    // a character no font has is still "missing", not wanting the package
    expect(store.mixedText('x \ue000', 'regular')!.missing).toEqual(['\ue000']);
    expect(store.mixedText('x \ue000', 'regular')!.wanting).toEqual([]);
  });

  it('a laid-out document lists the texts that need the package, once each', () => {
    const placed = layoutDocument(without(), docWith([`Sides: ${CHINESE}`, 'Plain', `Sides: ${CHINESE}`, '김 ✠']));
    expect(placed.wantingGlyphs).toEqual([
      { text: `Sides: ${CHINESE}`, chars: ['赤', '軍'], fonts: ['cjk'] },
      { text: '김 ✠', chars: ['김'], fonts: ['korean'] },
    ]);
    expect(placed.missingGlyphs).toEqual([]);
    expect(layoutDocument(without(), docWith(['Plain ✠'])).wantingGlyphs).toEqual([]);
  });

  it('with no list of the fonts’ characters (no pairs store), any character tried in them needs the package', () => {
    const store = without('/no/such/font-pairs.json');
    // ✠: tried in the Chinese font before the symbols font, which a run with it might have drawn it from
    expect(store.mixedText('✠', 'regular')!.wanting).toEqual(['✠']);
    // Hebrew is tried before the Chinese font and has its own letters
    expect(store.mixedText(HEBREW, 'regular')!.wanting).toEqual([]);
  });
});

describe('right-to-left runs in a left-to-right line', () => {
  const order = (text: string) => visualRuns([...text].map((char) => ({ char, font: /[\u0590-\u05ff]/.test(char) ? 'he' : 'latin' }))).map((r) => (r.rtl ? `<${r.text}>` : r.text));
  it('reverses the words of a Hebrew phrase and keeps the English around it in order', () => {
    expect(order('A שלום עולם B')).toEqual(['A ', '<עולם>', ' ', '<שלום>', ' B']);
  });
  it('keeps a number inside or after a Hebrew name left to right, on its reading side', () => {
    expect(order('חטיבה 7 ירושלים')).toEqual(['<ירושלים>', ' 7 ', '<חטיבה>']);
    expect(order('Team חטיבה 12, go')).toEqual(['Team 12 ', '<חטיבה>', ', go']);
    expect(order('3 שלום')).toEqual(['3 ', '<שלום>']);
  });
  it('mirrors brackets inside a right-to-left span', () => {
    expect(order('שלום (עולם)')).toEqual(['(', '<עולם>', ') ', '<שלום>']);
    // brackets round a Hebrew name in an English line stay as they are
    expect(order('Team (שלום) 2')).toEqual(['Team (', '<שלום>', ') 2']);
  });
});
