import { withPageWords } from '../../src/doc/document-meta.js';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentNode } from '../../src/doc/model.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { renderPdf } from '../../src/render/pdf-surface.js';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { fonts } from '../helpers/fonts.js';

const workdir = workdirs(afterEach);
const NAMES = '赤軍 ✓,צבא ההגנה / الجيش العربي';

/** What a reader sees, as poppler reads it back: it puts right-to-left runs in reading order between direction marks. */
function pdfText(file: string, page = 1): string {
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e]/g, '');
}

describe('a PDF with names in other scripts', () => {
  it('a campaign booklet embeds the fallback fonts, passes qpdf, and reads back in order', async () => {
    const cwd = workdir();
    const args = ['campaign', 'bof', 'booklet', '--seed', 'w', '--names', NAMES];
    const first = await muster([...args, '-o', 'a.pdf'], cwd);
    expect(first.code, first.stderr).toBe(0);
    const file = path.join(cwd, 'a.pdf');
    // qpdf exits 0 when the file is sound, 2 on errors, 3 on warnings (which throw here)
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    for (const name of ['RobotoCondensed-Regular', 'NotoSansHans-Regular', 'NotoSansHebrew-Regular', 'NotoSansArabic-Regular', 'NotoSansHans-Bold']) {
      expect(fonts).toMatch(new RegExp(`\\+${name}\\s+CID (TrueType|Type 0C)\\s+Identity-H\\s+yes yes yes`));
    }
    // the glyphs stand in visual order that reads back as the names were typed: reversed
    // Hebrew or Arabic words would come back in the wrong order, a lost glyph not at all
    const text = pdfText(file);
    expect(text).toContain('赤軍 ✓');
    expect(text).toContain('צבא ההגנה');
    expect(text).toContain('الجيش العربي');

    // the same input gives the same bytes
    const second = await muster([...args, '-o', 'b.pdf'], cwd);
    expect(second.code).toBe(0);
    expect(readFileSync(path.join(cwd, 'b.pdf')).equals(readFileSync(file))).toBe(true);
  }, 60_000);

  it('symbols, emoji and Korean in names, a seed and a force print from the fallbacks; a character no font has is still refused', async () => {
    const weber = readFileSync(path.join(import.meta.dirname, '../../examples/forces/kampfgruppe-weber.yaml'), 'utf8');
    const cwd = workdir({ 'f.yaml': weber.replace('name: Kampfgruppe Weber', 'name: "🎖 Kampfgruppe ✠ 한국어 💥"') });
    const seed = '★✠☠🎖💥한국어';
    const args = ['scenario', 'bof', '--seed', seed, '--names', '★ Red ✠ 🎖,☠ 한국어 💥', '--force', 'f.yaml'];
    const first = await muster([...args, '-o', 'a.pdf'], cwd);
    expect(first.stderr).not.toMatch(/glyph/);
    expect(first.code, first.stderr).toBe(0);
    const file = path.join(cwd, 'a.pdf');
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    for (const name of ['NotoSansSymbols-Regular', 'NotoSansSymbols2-Regular', 'NotoEmoji-Regular', 'NotoSansKR-Regular', 'NotoEmoji-Bold', 'NotoSansKR-Bold']) {
      expect(fonts).toMatch(new RegExp(`\\+${name}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`));
    }
    const text = pdfText(file);
    for (const typed of [`Seed ${seed}`, '★ Red ✠ 🎖', '☠ 한국어 💥']) expect(text).toContain(typed);
    // only the glyphs used are embedded: the fallbacks add tens of kilobytes, not their megabytes
    const plainDir = workdir({ 'f.yaml': weber });
    const plain = await muster(['scenario', 'bof', '--seed', 'x', '--names', 'Red,Blue', '--force', 'f.yaml', '-o', 'p.pdf', '--quiet'], plainDir);
    expect(plain.code).toBe(0);
    expect(readFileSync(file).length - readFileSync(path.join(plainDir, 'p.pdf')).length).toBeLessThan(100_000);
    const second = await muster([...args, '-o', 'b.pdf'], cwd);
    expect(readFileSync(path.join(cwd, 'b.pdf')).equals(readFileSync(file))).toBe(true);

    const cards = await muster(['cards', 'bof', '--force', 'f.yaml', '-o', 'c.pdf', '--quiet'], cwd);
    expect(cards.stderr).toBe('');
    expect(cards.code).toBe(0);
    expect(pdfText(path.join(cwd, 'c.pdf'))).toContain('🎖 Kampfgruppe ✠ 한국어 💥');

    for (const char of ['\ue000', '\u{10fffd}']) {
      const refused = await muster(['scenario', 'bof', '--seed', 'x', '--names', `Red ${char},Blue`, '-o', 'r.pdf'], cwd);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`no font has a glyph for "${char}" (U+${char.codePointAt(0)!.toString(16).toUpperCase()})`);
      expect(existsSync(path.join(cwd, 'r.pdf'))).toBe(false);
    }
  }, 60_000);

  it('a Latin document opens no fallback font and embeds none', async () => {
    const doc: DocumentNode = {
      meta: withPageWords({ title: 'Plain', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper: 'a4', units: 'cm' }),
      sheets: [{ title: 'Sheet', blocks: [{ kind: 'text', title: 'Orders', section: 'S', width: 'column', paragraphs: ['Move and fire.'] }] }],
    };
    const placed = layoutDocument(fonts, doc);
    expect(placed.missingGlyphs).toEqual([]);
    const pdf = (await renderPdf(fonts, placed)).toString('latin1');
    expect(pdf).toMatch(/RobotoCondensed/);
    expect(pdf).not.toMatch(/NotoSans/);
  });
});
