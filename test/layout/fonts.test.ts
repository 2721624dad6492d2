import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FontStore } from '../../src/layout/fonts.js';
import { NODE_PLACES, nodeFiles } from '../../src/cli/node-files.js';
import { readWholeFile } from '../../src/data/files.js';
import { fingerprint } from '../../src/data/hash.js';
import { fontPairStoreOf } from '../../src/layout/font-pairs.js';
import type { FontFace } from '../../src/layout/primitives.js';
import { pureMuster } from '../helpers/pure-run.js';
import { DEEP, sampled } from '../helpers/sample.js';

const FACES: FontFace[] = ['regular', 'bold', 'italic'];
const scratch = mkdtempSync(path.join(tmpdir(), 'muster-fonts-'));

/** A fresh store that reads its pairs from `location`, nothing measured yet. */
function storeWithPairs(location: string): FontStore {
  return new FontStore({ fonts: NODE_PLACES.fonts, pairStore: location, fontkitVersion: NODE_PLACES.fontkitVersion, read: (file) => readWholeFile(nodeFiles, file), fingerprint });
}
let fonts = storeWithPairs(NODE_PLACES.fontPairs);
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function strings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, into));
  return into;
}

const texts = new Set<string>();

// fontkit's own shaping, the reference both measuring tests compare with, shaped once for each
// face and text: it does not depend on the pair store (the font objects stay), and shaping the
// same text again gives the same glyphs
const shapedWidths = new Map<string, number>();
function shapedWidth(piece: string, face: FontFace): number {
  const key = `${face}\u0000${piece}`;
  let width = shapedWidths.get(key);
  if (width === undefined) shapedWidths.set(key, (width = fonts.shapedTextWidth(piece, face, 10)));
  return width;
}
const shapedRuns = new Map<string, { ids: number[]; positions: string; advanceWidth: number }>();
function shapedRun(run: string, face: FontFace) {
  const key = `${face}\u0000${run}`;
  let shaped = shapedRuns.get(key);
  if (!shaped) {
    const layout = fonts.font(face).layout(run);
    shapedRuns.set(key, (shaped = { ids: layout.glyphs.map((g) => g.id), positions: JSON.stringify(layout.positions), advanceWidth: layout.advanceWidth }));
  }
  return shaped;
}

describe('text measurement', () => {
  beforeAll(async () => {
    for (const text of ['fi', 'office', 'Offizier', 'affluent', 'AVAT Ty', 'T.', 'Wo', '“Yes”', '½ × 4D6 ≤ 14 — 90%', 'Überfall', '\ue000']) texts.add(text);
    const products = [
      ['tables', 'bof'],
      ['tables', 'openfire'],
      ['cards', 'bof'],
      ['cards', 'openfire'],
      ['tokens', 'bof'],
      ['tokens', 'bof', '--events'],
      ['tokens', 'openfire'],
      ['scenario', 'bof', '--seed', 'w', '--count', '3'],
      ['scenario', 'bof', '--mode', 'solo', '--seed', 'w', '--count', '3'],
      ['scenario', 'openfire', '--seed', 'w'],
    ];
    for (const args of products) {
      // made once a worker: other files ask for the same JSON
      const { code, stdout } = await pureMuster([...args, '--format', 'json']);
      expect(code, args.join(' ')).toBe(0);
      // a batch of scenarios is JSON Lines
      const batch = args.includes('--count');
      for (const json of batch ? stdout.trim().split('\n') : [stdout]) strings(JSON.parse(json), texts);
    }
    // the packets' and booklet's prose, from their Markdown with the markup taken off
    for (const args of [['scenario', 'bof', '--mode', 'solo', '--seed', 'w'], ['campaign', 'bof', 'booklet', '--seed', 'w']]) {
      const { code, stdout } = await pureMuster([...args, '--format', 'md']);
      expect(code, args.join(' ')).toBe(0);
      for (const line of stdout.split('\n')) for (const cell of line.split('|')) texts.add(cell.replace(/[#*_`>]/g, '').trim());
    }
    expect(texts.size).toBeGreaterThan(2000);
  }, 60_000);

  /**
   * The texts measured: all under MUSTER_DEEP=1; by default a sample (helpers/sample.ts) that
   * still holds every character and every pair of characters side by side (what kerning and
   * ligatures go by) that any text muster prints holds.
   */
  let measured: string[] | undefined;
  function sample(): string[] {
    measured ??= sampled([...texts], (text) => {
      const chars = [...text];
      return [...chars, ...chars.slice(1).map((c, i) => `${chars[i]}${c}`)];
    });
    return measured;
  }

  function expectExact(): void {
    let checked = 0;
    const texts = sample();
    for (const face of FACES) {
      for (const text of texts) {
        for (const piece of [text, ...text.split(/\s+/)]) {
          if (!piece) continue;
          expect(fonts.textWidth(piece, face, 10), `${face} ${JSON.stringify(piece)}`).toBeCloseTo(shapedWidth(piece, face), 9);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(DEEP ? 20000 : 2000);

    // what pdfkit embeds: the same glyphs at the same positions as fontkit's own shaping
    const runs = new Set<string>();
    for (const text of texts) for (const run of text.match(/[^ \t]*[ \t]?/g)!) if (run) runs.add(run);
    for (const face of FACES) {
      // one printing font per face, as one PDF embeds it and lays out every run through it: the
      // first test's is the measuring font itself, the second test's a fresh parse
      const printing = fonts.printingFont(face);
      for (const run of runs) {
        const fast = printing.layout(run);
        const shaped = shapedRun(run, face);
        expect(fast.glyphs.map((g) => g.id), `${face} ${JSON.stringify(run)}`).toEqual(shaped.ids);
        expect(JSON.stringify(fast.positions), `${face} ${JSON.stringify(run)}`).toBe(shaped.positions);
        expect(fast.advanceWidth).toBe(shaped.advanceWidth);
      }
    }
  }

  it('agrees with fontkit shaping on every text muster prints, pairs measured as they come', () => {
    fonts = storeWithPairs(path.join(scratch, 'none.json'));
    expectExact();
  });
  it('agrees with fontkit shaping on every text muster prints, pairs from the build\'s store', () => {
    const store = path.join(scratch, 'pairs.json');
    // the store holds only some characters: the rest are measured as they come
    const made = fontPairStoreOf('abcdefilnorstuAVTWY.,fi ', fonts);
    expect(Object.values(made.fonts).reduce((pairs, face) => pairs + Object.keys(face.pairs).length, 0)).toBeGreaterThan(10);
    writeFileSync(store, JSON.stringify(made));
    fonts = storeWithPairs(store);
    expectExact();
  });
  it('a store made from another font file is ignored', () => {
    const store = path.join(scratch, 'foreign.json');
    const planted = { fingerprint: 'another font', chars: 'AV', pairs: { [`${'A'.codePointAt(0)},${'V'.codePointAt(0)}`]: 5000 } };
    writeFileSync(store, JSON.stringify({ format: 1, fonts: { regular: planted } }));
    fonts = storeWithPairs(store);
    expect(fonts.textWidth('AV', 'regular', 10)).toBeCloseTo(fonts.shapedTextWidth('AV', 'regular', 10), 9);
    // the same store with the right fingerprint is used: the planted value shows
    writeFileSync(store, JSON.stringify({ format: 1, fonts: { regular: { ...planted, fingerprint: fonts.fontFingerprint('regular') } } }));
    fonts = storeWithPairs(store);
    expect(fonts.textWidth('AV', 'regular', 10)).toBeGreaterThan(fonts.shapedTextWidth('AV', 'regular', 10) + 20);
  });
});
