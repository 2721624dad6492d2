// One process, several runs (the page's worker runs every command a player asks for in one
// process): a PDF is the same bytes whatever ran before it. Print-shop images drew their text
// with the font store's own glyph objects, which the next PDF embeds, and that PDF's ToUnicode
// map lost the full stop's text (a PDF made alone had it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo } from '../helpers/page.js';

/** Runs these command lines one after another in one fresh Node process (the built modules), in `dir`. */
function inOneProcess(dir: string, runs: string[][]): void {
  const script = [
    `import { run } from ${JSON.stringify(path.join(repo, 'dist/cli/run.js'))};`,
    `import { processIo } from ${JSON.stringify(path.join(repo, 'dist/cli/io.js'))};`,
    `import { useFiles } from ${JSON.stringify(path.join(repo, 'dist/data/files.js'))};`,
    `import { nodeFiles } from ${JSON.stringify(path.join(repo, 'dist/cli/node-files.js'))};`,
    'useFiles(nodeFiles);',
    `for (const argv of ${JSON.stringify(runs)}) { const code = await run(argv, processIo()); if (code !== 0) process.exit(code); }`,
  ].join('\n');
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

describe('runs in one process', () => {
  it('a packet made after print-shop images is the packet made alone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-one-process-'));
    const scenario = ['scenario', 'bof', '--seed', 'one process', '-o'];
    inOneProcess(dir, [[...scenario, 'alone.pdf']]);
    inOneProcess(dir, [['cards', 'fireteam', '--list', 'vehicles', '--shop', 'mpc', '-o', 'images.zip'], [...scenario, 'after.pdf']]);
    const alone = readFileSync(path.join(dir, 'alone.pdf'));
    expect(alone.length).toBeGreaterThan(10_000);
    expect(readFileSync(path.join(dir, 'after.pdf')).equals(alone)).toBe(true);
  }, 120_000);
});
