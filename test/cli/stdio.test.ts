// `-o -` and `--force -` (issue 50, point 5): the process's standard output and input, so the
// built command is run in a process of its own; the limits are checked in-process too.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_BIN } from '../helpers/built-command.js';
import { workdirs } from '../helpers/fixtures.js';
import { muster } from '../helpers/cli.js';
import { pureMuster, purePrint } from '../helpers/pure-run.js';
import { MAX_FILE_BYTES } from '../../src/data/limit-values.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const WEBER = path.join(root, 'examples/forces/kampfgruppe-weber.yaml');
const workdir = workdirs(afterEach);

function built(args: readonly string[], cwd: string, input?: Buffer | string) {
  const run = spawnSync(process.execPath, [BUILT_BIN, ...args], { cwd, input, maxBuffer: 64 << 20, env: { ...process.env, CI: '' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr.toString('utf8') };
}

describe('-o -: the PDF on standard output, nothing else there', () => {
  it('muster tables bof -o - gives the bytes -o FILE writes, and writes no file', async () => {
    const cwd = workdir();
    const piped = built(['tables', 'bof', '-o', '-'], cwd);
    expect(piped.code).toBe(0);
    expect(piped.stdout.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(piped.stderr).toMatch(/Wrote \d+ pages to standard output/);
    expect(readdirSync(cwd)).toEqual([]);
    // `tables bof -o sheets.pdf`, made once a worker (helpers/pure-run.ts) as other files make
    // it: the built command writes the modules' bytes (bundle.test.ts)
    expect(piped.stdout.equals(await purePrint(['tables', 'bof']))).toBe(true);
  }, 60_000);
  it('a rolled packet: the seed on stderr, the PDF alone on stdout', () => {
    const cwd = workdir();
    const piped = built(['scenario', 'bof', '--seed', 'manners', '--out=-'], cwd);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toMatch(/manners/);
    expect(piped.stdout.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(piped.stdout.subarray(-6).toString('latin1')).toMatch(/%%EOF\n?$/);
    expect(readdirSync(cwd)).toEqual([]);
  }, 60_000);
  it('a failed run sends nothing to standard output', () => {
    const cwd = workdir();
    const failed = built(['cards', 'bof', '--nation', 'atlantis', '-o', '-'], cwd);
    expect(failed.code).toBe(2);
    expect(failed.stdout.length).toBe(0);
  }, 60_000);
  it('--format json -o -: the JSON on standard output, as without -o', async () => {
    const cwd = workdir();
    const dash = await muster(['tables', 'bof', '--format', 'json', '-o', '-'], cwd);
    // made once a worker (helpers/pure-run.ts), as other files make it
    const plain = await pureMuster(['tables', 'bof', '--format', 'json']);
    expect(dash.code).toBe(0);
    expect(dash.stdout).toBe(plain.stdout);
    expect(readdirSync(cwd)).toEqual([]);
  });
  it('where standard output takes only text (the page), -o - for a PDF is refused by name', async () => {
    const { code, stderr } = await muster(['tables', 'bof', '-o', '-'], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/-o -: this standard output takes only text/);
  });
});

describe('--force -: the force file from standard input', () => {
  it('cards bof --force - < force.yaml prints what --force force.yaml prints', async () => {
    const cwd = workdir();
    const piped = built(['cards', 'bof', '--force', '-', '--format', 'json'], cwd, readFileSync(WEBER));
    // the force named, in-process and made once a worker (an example of muster's own)
    const named = await pureMuster(['cards', 'bof', '--force', WEBER, '--format', 'json']);
    expect(piped.code).toBe(0);
    expect(named.code, named.stderr).toBe(0);
    expect(piped.stdout.toString('utf8')).toBe(named.stdout);
    expect(piped.stdout.toString('utf8')).toMatch(/Kampfgruppe Weber/);
  }, 60_000);
  it('check with --force=- and a broken file: bad data, exit 2', () => {
    const cwd = workdir();
    expect(built(['check', 'bof', '--force=-'], cwd, readFileSync(WEBER)).code).toBe(0);
    const broken = built(['check', 'bof', '--force', '-'], cwd, 'units: [\n');
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/not valid YAML/);
  }, 60_000);
  it('bounded by the size a force file may have; empty, or given twice, refused', async () => {
    const cwd = workdir();
    const big = await muster(['check', 'bof', '--force', '-'], cwd, { readStdin: async (limit) => new Uint8Array(limit + 1).fill(0x20) });
    expect(big.code).toBe(2);
    expect(big.stderr).toContain(`--force -: standard input holds more than ${MAX_FILE_BYTES / (1024 * 1024)} MB`);
    const empty = await muster(['check', 'bof', '--force', '-'], cwd, { readStdin: async () => new Uint8Array(0) });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/--force -: standard input was empty/);
    const twice = await muster(['scenario', 'bof', '--force', '-', '--force', '-'], cwd, { readStdin: async () => readFileSync(WEBER) });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/standard input can be read once/);
    const none = await muster(['check', 'bof', '--force', '-'], cwd);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--force -: there is no standard input to read here/);
    expect(readdirSync(cwd)).toEqual([]);
  });
  it('in-process, a scenario with its side A from standard input', async () => {
    const cwd = workdir();
    const { code, stdout } = await muster(['scenario', 'bof', '--seed', 's', '--force', '-', '--format', 'json'], cwd, { readStdin: async () => readFileSync(WEBER) });
    expect(code).toBe(0);
    expect(stdout).toMatch(/Kampfgruppe Weber|de-/);
  });
});

describe('progress in a real terminal (a pseudo-terminal from script(1))', () => {
  const script = '/usr/bin/script';
  const hasScript = (() => {
    try {
      return readFileSync(script).length > 0;
    } catch {
      return false;
    }
  })();
  function inTerminal(env: Record<string, string>, cwd: string): string {
    const vars = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    const line = `env -u CI ${vars.join(' ')} ${JSON.stringify(process.execPath)} ${JSON.stringify(BUILT_BIN)} scenario bof --count 5 --seed bar -o packets.pdf`;
    const run = spawnSync(script, ['-qec', line, '/dev/null'], { cwd, encoding: 'utf8', env: { ...process.env } });
    expect(run.status).toBe(0);
    return run.stdout;
  }
  it.skipIf(!hasScript)('a bar with the count and the time left on a terminal; none under TERM=dumb or in CI', () => {
    const cwd = workdir();
    expect(inTerminal({ TERM: 'xterm' }, cwd)).toMatch(/Rolling packets \[.*\] \d+\/5, \S+ left/);
    const dumb = inTerminal({ TERM: 'dumb' }, cwd);
    expect(dumb).toMatch(/Wrote packets\.pdf/);
    expect(dumb).not.toMatch(/Rolling packets/);
    expect(inTerminal({ TERM: 'xterm', CI: 'true' }, cwd)).not.toMatch(/Rolling packets/);
  }, 120_000);
});
