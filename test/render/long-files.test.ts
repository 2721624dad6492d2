/**
 * What a long PDF keeps while it is written (issue 30): the page tree holds written pages as
 * runs of references, the objects' offsets are kept outside the collector's heap, the small
 * chunks pdfkit hands over are joined as they come, and the caches of shaped words and text
 * widths keep only what was used lately. None may change a byte: the file reads back whole,
 * page for page.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withPageWords } from '../../src/doc/document-meta.js';
import type { DocumentMeta } from '../../src/doc/model.js';
import type { PlacedPage } from '../../src/layout/primitives.js';
import { RecentCache } from '../../src/layout/recent-cache.js';
import { PdfStream } from '../../src/render/pdf-surface.js';
import { workdirs } from '../helpers/fixtures.js';
import { fonts } from '../helpers/fonts.js';

const workdir = workdirs(afterEach);
const meta: DocumentMeta = withPageWords({ title: 't', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper: 'a4', units: 'cm' });

describe('a long PDF', () => {
  it('of 1,300 pages, written a few at a time, each with words of its own, reads back page for page', async () => {
    const page = (n: number): PlacedPage => ({
      width: 595,
      height: 842,
      items: [
        { kind: 'text', x: 40, y: 40, text: `Page ${n}: seed q-${n * 7919}`, face: 'regular', size: 10, color: '#000000' },
        { kind: 'text', x: 40, y: 60, text: `roll ${n % 6} + ${n % 11}`, face: 'bold', size: 10, color: '#333333' },
      ],
    });
    const stream = new PdfStream(meta, fonts);
    const chunks: Buffer[] = [];
    // pages added a few at a time, as a batch adds a packet's: the page tree packs what is written
    for (let n = 1; n <= 1300; n += 5) {
      stream.add([0, 1, 2, 3, 4].map((i) => page(n + i)));
      chunks.push(...stream.take());
    }
    // the end: the fonts and a cross-reference line of 20 bytes for every object of 1,300
    // pages, handed over joined rather than as a chunk a line
    const end = await stream.end();
    expect(end.length).toBeLessThan(40);
    chunks.push(...end);
    const file = path.join(workdir(), 'long.pdf');
    writeFileSync(file, Buffer.concat(chunks));
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Pages:\s+1300$/m);
    // pages in their order: the first, one packed in a run, the last
    for (const n of [1, 700, 1300]) {
      expect(execFileSync('pdftotext', ['-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' })).toContain(`Page ${n}: seed q-${n * 7919}`);
    }
  });
});

describe('the cache of what was used lately', () => {
  it('keeps at most twice its size, and what is asked for again', () => {
    const cache = new RecentCache<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) cache.set(key, i);
    // a, b, c went to the older half, d, e, f are the newer
    expect(cache.get('a')).toBe(0);
    // a moved to the newer half, which was full: d, e, f are the older now, b and c are gone
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(['d', 'e', 'f', 'a'].map((key) => cache.get(key))).toEqual([3, 4, 5, 0]);
  });
});
