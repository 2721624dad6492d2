import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A PDF depends on its command alone, not on what ran before it in the same process: the page
 * in a browser is one long-lived process that prints many products, and must write the very
 * file a fresh command line writes. (fontkit kept state in a font shared by two PDFs, and the
 * second one's font subset came out two bytes different.)
 */
describe('the same bytes whatever ran before in the process', () => {
  it('tables after cards, tokens, a booklet and a packet with Chinese names equal a fresh run of the built command', async () => {
    const cwd = workdir();
    for (const args of [['cards', 'bof'], ['tokens', 'bof'], ['campaign', 'bof', 'booklet', '--seed', 's'], ['scenario', 'bof', '--names', '张伟,Ben', '--seed', 'z'], ['cards', 'fireteam']]) {
      expect((await muster([...args, '-o', 'before.pdf', '--quiet'], cwd)).code).toBe(0);
    }
    const args = ['tables', 'bof', '--paper', 'letter', '--units', 'in'];
    expect((await muster([...args, '-o', 'after.pdf', '--quiet'], cwd)).code).toBe(0);
    const fresh = spawnSync(process.execPath, [path.join(root, 'bin/muster.js'), ...args, '-o', 'fresh.pdf', '--quiet'], { cwd, encoding: 'utf8' });
    expect(fresh.status).toBe(0);
    expect(readFileSync(path.join(cwd, 'after.pdf')).equals(readFileSync(path.join(cwd, 'fresh.pdf')))).toBe(true);
  }, 120_000);

  it('a second packet sharing glyphs with the first, in every fallback font, equals a fresh run', async () => {
    // fontkit keeps each glyph it makes with the character it was first made for: Roboto draws
    // Δ (Greek) and ∆ (increment) with one glyph, so a font object shared with the first packet
    // would tell a reader the second packet's Δ is an increment. Each fallback font is shared
    // the same way: Chinese, Korean, Arabic and Hebrew names, symbols and an emoji.
    const cwd = workdir();
    const first = ['scenario', 'bof', '--names', '\u2206x \u2126y 张伟 김민준 محمد דוד ⚔ ♔ 🎲,Ben', '--seed', 'z', '-o', 'first.pdf', '--quiet'];
    expect((await muster(first, cwd)).code).toBe(0);
    const args = ['scenario', 'bof', '--names', '\u0394x \u03a9y 张三 김민서 أحمد משה ⚔⚓ ♔ 🎲,Ann', '--seed', 'z'];
    expect((await muster([...args, '-o', 'after.pdf', '--quiet'], cwd)).code).toBe(0);
    const fresh = spawnSync(process.execPath, [path.join(root, 'bin/muster.js'), ...args, '-o', 'fresh.pdf', '--quiet'], { cwd, encoding: 'utf8' });
    expect(fresh.status, fresh.stderr).toBe(0);
    const after = readFileSync(path.join(cwd, 'after.pdf'));
    // every fallback font is in the file: the names were drawn in them
    for (const font of ['NotoSansHans', 'NotoSansKR', 'NotoSansArabic', 'NotoSansHebrew', 'NotoSansSymbols-', 'NotoSansSymbols2', 'NotoEmoji']) expect(after.toString('latin1'), font).toContain(font);
    expect(after.equals(readFileSync(path.join(cwd, 'fresh.pdf')))).toBe(true);
  }, 120_000);
});
