/**
 * Lines of text in a row share one text object, its font set only when it changes, and the
 * text object ends before anything else is drawn (a path inside BT ... ET is an error a PDF
 * reader may refuse). The words still read back as set, kerned pairs and marks included.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withPageWords } from '../../src/doc/document-meta.js';
import type { DocumentMeta } from '../../src/doc/model.js';
import type { Item } from '../../src/layout/primitives.js';
import { renderPdf } from '../../src/render/pdf-surface.js';
import { workdirs } from '../helpers/fixtures.js';
import { fonts } from '../helpers/fonts.js';

const workdir = workdirs(afterEach);
const meta: DocumentMeta = withPageWords({ title: 't', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper: 'a4', units: 'cm' });

const text = (words: string, y: number, extra: Partial<Item> = {}): Item => ({ kind: 'text', x: 40, y, text: words, face: 'regular', size: 10, color: '#000000', ...extra }) as Item;

/** The page's content stream, uncompressed, and the words a reader takes from it. */
async function written(items: Item[]): Promise<{ content: string; words: string }> {
  const pdf = await renderPdf(fonts, { meta, missingGlyphs: [], wantingGlyphs: [], pages: [{ width: 595, height: 842, items }] });
  const dir = workdir();
  writeFileSync(path.join(dir, 'a.pdf'), pdf);
  execFileSync('qpdf', ['--qdf', '--normalize-content=n', '--object-streams=disable', path.join(dir, 'a.pdf'), path.join(dir, 'b.pdf')]);
  const qdf = readFileSync(path.join(dir, 'b.pdf'), 'latin1');
  const content = /%% Contents for page 1\n(?:%%.*\n)*\d+ 0 obj\n<<[^]*?>>\nstream\n([^]*?)\nendstream/.exec(qdf)![1]!;
  const words = execFileSync('pdftotext', ['-layout', path.join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
  return { content, words };
}

/** The operators of the content, one a line, without their operands. */
const operators = (content: string) => content.split('\n').map((line) => line.trim().split(/\s+/).pop()!);

describe('text in the PDF', () => {
  it('sets lines in a row in one text object, the font once, and reads back as set', async () => {
    const { content, words } = await written([text('Morale test: roll 2D6', 40), text('AVT Wave, Toy Yard', 60), text('Bold line', 80, { face: 'bold' }), text('back to regular', 100)]);
    const ops = operators(content);
    expect(ops.filter((op) => op === 'BT')).toHaveLength(1);
    expect(ops.filter((op) => op === 'ET')).toHaveLength(1);
    // regular, bold, regular again: three fonts set for four lines
    expect(ops.filter((op) => op === 'Tf')).toHaveLength(3);
    // the first line placed by the text matrix, the others by a move from the line before
    expect(ops.filter((op) => op === 'Tm')).toHaveLength(1);
    expect(ops.filter((op) => op === 'Td')).toHaveLength(3);
    expect(content).toMatch(/^0 -20 Td$/m);
    // the glyphs upright on a page whose axes run down: a text matrix that flips them
    expect(content).toMatch(/^1 0 0 -1 40 \d+(\.\d+)? Tm$/m);
    // "AV", "Wa", "To" and "Ya" are kerned in Roboto: a number between runs of glyphs
    expect(content).toMatch(/\[\([^]+?\) -?\d+(\.\d+)? \([^]*\] TJ/);
    for (const line of ['Morale test: roll 2D6', 'AVT Wave, Toy Yard', 'Bold line', 'back to regular']) expect(words).toContain(line);
  });

  it('ends the text object before a shape, a saved state or the page end, and starts it again after', async () => {
    const { content } = await written([
      text('first', 40),
      { kind: 'rect', x: 10, y: 10, w: 100, h: 20, fill: '#1f4e79' } as Item,
      text('second', 60),
      text('in gold', 80, { color: '#a8842c' }),
      text('turned', 200, { rotate: 90 }),
      text('last', 300),
    ]);
    const ops = operators(content);
    // every BT closed by an ET before the next BT, and nothing but text and colour inside
    const inside = new Set(['Tf', 'Tm', 'Td', 'TJ', 'Tj', 'rg']);
    let open = false;
    for (const op of ops) {
      if (op === 'BT') {
        expect(open).toBe(false);
        open = true;
      } else if (op === 'ET') {
        expect(open).toBe(true);
        open = false;
      } else if (open) expect(inside, `operator ${op} inside a text object`).toContain(op);
    }
    expect(open).toBe(false);
    // first | rect | second, in gold | turned (inside q ... Q) | last
    expect(ops.filter((op) => op === 'BT')).toHaveLength(4);
    // a colour change between two lines stays inside the text object
    expect(content).toMatch(/TJ\n0\.6588 0\.5176 0\.1725 rg\n0 -20 Td/);
  });

  it('writes glyph ids as literal strings, escaping the bytes a string cannot hold as they are', async () => {
    // every letter and sign of Latin-1 and Latin Extended-A, some 340 glyphs: their ids run past 0x15c,
    // so ids with a bracket, a backslash or a line end for a byte are among them
    const every = Array.from({ length: 0x180 - 0x21 }, (_, i) => String.fromCodePoint(0x21 + i)).filter((c) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(c));
    const lines = Array.from({ length: Math.ceil(every.length / 40) }, (_, i) => every.slice(i * 40, i * 40 + 40).join(''));
    const { content, words } = await written(lines.map((line, i) => text(line, 40 + i * 14)));
    const shown = [...content.matchAll(/^\[(.*)\] TJ$/gm)].map((m) => m[1]!);
    expect(shown).toHaveLength(lines.length);
    for (const operands of shown) {
      // with the escapes taken out, the brackets left are the strings' own, in pairs
      const bare = operands.replace(/\\[()\\nr]/g, '');
      expect(bare).toMatch(/^(\([^()\\]*\)( -?\d+(\.\d+)?)? ?)+$/);
    }
    const escaped = shown.join('').match(/\\[()\\nr]/g) ?? [];
    for (const escape of ['\\(', '\\)', '\\\\', '\\n', '\\r']) expect(escaped).toContain(escape);
    // and a reader takes every line back as it was set
    for (const line of lines) expect(words).toContain(line);
  });

  it('sets letters with combining marks, which the fonts draw from the letter with no advance of their own', async () => {
    // x with a dot below and q with an acute have no precomposed glyph: the mark follows its letter
    const { content, words } = await written([text('Bx\u0323q\u0301 and Cafe\u0301', 40)]);
    expect(words).toContain('Bx\u0323q\u0301 and Caf');
    expect(words.normalize('NFC')).toContain('Café');
    const ops = operators(content);
    expect(ops.filter((op) => op === 'BT')).toHaveLength(1);
    expect(ops.filter((op) => op === 'TJ')).toHaveLength(1);
  });

  it('sets a word of thousands of letters whole, as one run of glyphs', async () => {
    // a word's glyph bytes are gathered and made into one string (binaryString, tested on its own)
    const long = 'minimum'.repeat(800);
    const { content, words } = await written([text(long, 40, { size: 2 })]);
    const shown = [...content.matchAll(/^\[(.*)\] TJ$/gm)].map((m) => m[1]!);
    expect(shown).toHaveLength(1);
    // no pair in it is kerned: one piece of 11,200 bytes
    expect(shown[0]).toMatch(/^\([^]*\)$/);
    expect(shown[0]).not.toMatch(/\) -?\d/);
    // two bytes a glyph, an escape taking two characters for one byte
    const bytes = shown[0]!.replace(/ -?\d+(\.\d+)? ?/g, '').replace(/\)\(|^\(|\)$/g, '').replace(/\\[()\\nr]/g, 'x');
    expect(bytes.length).toBe(long.length * 2);
    // what lies on the page reads back (the word runs on past its edge)
    expect(words.replace(/\s+/g, '')).toContain(long.slice(0, 300));
  });
});
