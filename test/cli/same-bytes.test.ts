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
});
