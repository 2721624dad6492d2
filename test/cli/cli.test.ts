import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, chmodSync, writeFileSync } from 'node:fs';
import { openFileAtomic } from '../../src/cli/io.js';
import { GenerateError } from '../../src/errors.js';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_DATA, scratchDir } from '../helpers/fixtures.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { pureMuster, purePrint } from '../helpers/pure-run.js';
import { MANIFESTS } from '../../src/systems/registry.js';
import { PAPERS } from '../../src/cli/command-table.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));
function workdir(): string {
  const s = scratchDir();
  cleanups.push(s.cleanup);
  return s.dir;
}

describe('muster --help and friends', () => {
  it('--help lists the commands that exist, and no others', async () => {
    const { code, stdout } = await muster(['--help'], workdir());
    expect(code).toBe(0);
    expect(stdout).toMatch(/muster systems/);
    expect(stdout).toMatch(/muster tables <system>/);
    expect(stdout).toMatch(/muster cards <system>/);
    expect(stdout).toMatch(/muster tokens <system>/);
    expect(stdout).toMatch(/muster scenario <system>/);
    expect(stdout).toMatch(/muster campaign <system> <action>/);
    expect(stdout).toMatch(/muster list <system> \[what\]/);
    expect(stdout).toMatch(/muster validate/);
  });
  it('tables --help shows the shared options and their allowed values', async () => {
    const { code, stdout } = await muster(['tables', '--help'], workdir());
    expect(code).toBe(0);
    for (const option of ['--seed', '--out', '--format', '--paper', '--units', '--data', '--quiet']) expect(stdout).toContain(option);
    expect(stdout).toContain(PAPERS.map((p) => `"${p}"`).join(', '));
  });
  it('--version prints the package version', async () => {
    const { code, stdout } = await muster(['--version'], workdir());
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
  it('systems lists each rule set with its products, as text or JSON', async () => {
    const text = await muster(['systems'], workdir());
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^bof {2}Burst of Fire/m);
    expect(text.stdout).toMatch(/products: tables, cards, tokens, scenario, campaign/);
    const json = await muster(['systems', '--format', 'json'], workdir());
    const parsed = JSON.parse(json.stdout) as { systems: { id: string; products: string[] }[] };
    expect(parsed.systems.find((s) => s.id === 'bof')?.products).toContain('tables');
  });
  it('systems --format json carries each rule set’s own options as its manifest declares them, beside takes and play', async () => {
    const json = await muster(['systems', '--format', 'json'], workdir());
    type Listed = { id: string; products: string[]; takes: Record<string, string[]>; options: Record<string, unknown[]>; play?: unknown };
    const listed = (JSON.parse(json.stdout) as { systems: Listed[] }).systems;
    for (const manifest of MANIFESTS) {
      const system = listed.find((s) => s.id === manifest.id)!;
      for (const product of ['cards', 'tokens', 'scenario', 'campaign'] as const) {
        if (!system.products.includes(product)) continue;
        // the same objects, in the same order: name, type, choices, describe
        expect(system.options[product], `${manifest.id} ${product}`).toEqual(JSON.parse(JSON.stringify(manifest[product]?.options ?? [])));
        // and takes still lists them after the shared ones
        for (const option of manifest[product]?.options ?? []) expect(system.takes[product]).toContain(`--${option.name}`);
      }
      expect(system.play !== undefined).toBe(manifest.scenario !== undefined);
    }
  });
  it('tables openfire: a second rule set from data alone', async () => {
    const cwd = workdir();
    const { code, stderr } = await muster(['tables', 'openfire', '--paper', 'letter', '--units', 'in', '-o', 'of.pdf'], cwd);
    expect(code).toBe(0);
    expect(stderr).toMatch(/Wrote of\.pdf/);
    expect(execFileSync('qpdf', ['--check', path.join(cwd, 'of.pdf')], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    const cards = await muster(['cards', 'openfire', '--nation', 'Soviet Union', '-o', 'ofc.pdf'], cwd);
    expect(cards.code).toBe(0);
    expect(execFileSync('qpdf', ['--check', path.join(cwd, 'ofc.pdf')], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    const tokens = await muster(['tokens', 'openfire', '--format', 'json'], cwd);
    expect(tokens.code).toBe(0);
    const sheet = (JSON.parse(tokens.stdout) as { tokenSheets: { tokens: { front: { label: string; number?: number }; back: { number?: number } }[] }[] }).tokenSheets[0]!;
    // objectives numbered 1 to 6, and HP counters that count down on their backs
    expect(sheet.tokens.filter((t) => t.front.label === 'Objective').map((t) => t.front.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sheet.tokens.find((t) => t.front.label === 'HP' && t.front.number === 6)?.back.number).toBe(5);
    const campaign = await muster(['campaign', 'openfire', 'booklet'], cwd);
    expect(campaign.code).toBe(2);
    expect(campaign.stderr).toMatch(/rule set "openfire" has no campaigns yet/);
  });
  it('validate checks the built-in data and templates', async () => {
    const { code, stdout } = await pureMuster(['validate']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^OK: \d+ rule sets?, \d+ tables, \d+ templates/);
  });
  it('validate accepts a house-rule folder and reports its problems with exit 2', async () => {
    const ok = await muster(['validate', '--data', DEMO_DATA], workdir());
    expect(ok.code).toBe(0);
    const house = scratchDir({ 'bof/tables/bad.yaml': 'tables:\n  - id: deployment-sector\n    title: x\n' });
    cleanups.push(house.cleanup);
    const bad = await muster(['validate', '--data', house.dir], workdir());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.yaml at tables\[0\]\.section/);
  });
});

describe('muster tables', () => {
  it('writes the Burst of Fire sheets under out/ and says where', async () => {
    const cwd = workdir();
    const { code, stderr } = await muster(['tables', 'bof'], cwd);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^Wrote out\/bof-tables-a4-cm\.pdf \(\d+ pages\)/);
    const pdf = readFileSync(path.join(cwd, 'out/bof-tables-a4-cm.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(5);
  });
  it('the same command twice gives the same bytes; --seed changes nothing here', async () => {
    const cwd = workdir();
    // the first made once a worker (helpers/pure-run.ts), as other files make it; the second here
    const first = await purePrint(['tables', 'bof']);
    await muster(['tables', 'bof', '-o', 'b.pdf', '--seed', 'whatever'], cwd);
    expect(first.equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
  });
  it('Letter in inches: the page size and the scale bar change', async () => {
    // made once a worker (helpers/pure-run.ts), as other files make it
    const pdf = (await purePrint(['tables', 'bof', '--paper', 'letter', '--units', 'in'])).toString('latin1');
    expect(pdf).toMatch(/\/MediaBox \[0 0 612 792\]/);
  });
  it('passes qpdf --check', async () => {
    const cwd = workdir();
    // made once a worker (helpers/pure-run.ts), as other files make it
    writeFileSync(path.join(cwd, 'sheets.pdf'), await purePrint(['tables', 'bof']));
    const report = execFileSync('qpdf', ['--check', path.join(cwd, 'sheets.pdf')], { encoding: 'utf8' });
    expect(report).toMatch(/No syntax or stream encoding errors found/);
  });
  it('JSON and Markdown go to stdout', async () => {
    const cwd = workdir();
    const json = await pureMuster(['tables', 'bof', '--format', 'json']);
    expect(json.code).toBe(0);
    expect(json.written.size).toBe(0);
    const doc = JSON.parse(json.stdout) as { meta: { systemId: string }; sheets: unknown[] };
    expect(doc.meta.systemId).toBe('bof');
    const md = await muster(['tables', 'bof', '--format', 'md', '--units', 'in'], cwd);
    expect(md.stdout).toMatch(/^# Burst of Fire quick reference/);
    expect(md.stdout).toMatch(/\| 4D6 \| Sector \| Odds \|/);
    expect(existsSync(path.join(cwd, 'out'))).toBe(false);
  });
});

describe('bad input: a clear message, exit 2, no file', () => {
  const cases: [string, string[], RegExp][] = [
    ['unknown rule set', ['tables', 'warhammer'], /unknown rule set "warhammer"; known rule sets: .*bof/],
    ['unknown option', ['tables', 'bof', '--colour', 'red'], /unknown option --colour/],
    ['unknown paper', ['tables', 'bof', '--paper', 'a3'], new RegExp(`paper, Given: "a3", Choices: ${PAPERS.map((p) => `"${p}"`).join(', ')}`)],
    ['unknown units', ['tables', 'bof', '--units', 'mm'], /units, Given: "mm", Choices: "cm", "in"/],
    ['unknown format', ['tables', 'bof', '--format', 'docx'], /format, Given: "docx", Choices: "pdf", "json", "md"/],
    ['serve on a port that is no number', ['serve', '--port', 'abc'], /--port \(not a number\): give a port number from 0 to 65535/],
    ['serve on a port out of range', ['serve', '--port', '70000'], /--port 70000: give a port number from 0 to 65535/],
    ['unknown command', ['frobnicate'], /unknown command "frobnicate"; the commands are systems, tables, cards, tokens, scenario, campaign, list, check, calibrate, serve, examples, validate/],
    ['missing rule set', ['tables'], /muster tables needs a rule set id, e.g. muster tables bof/],
    ['missing data folder', ['tables', 'bof', '--data', 'nowhere'], /--data .*nowhere: no such folder/],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const cwd = workdir();
      const { code, stderr, stdout } = await muster(args, cwd);
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(stdout).toBe('');
      expect(readdirSync(cwd)).toEqual([]);
    });
  }
  it('an output folder that does not exist', async () => {
    const cwd = workdir();
    const { code, stderr } = await muster(['tables', 'bof', '-o', 'missing/dir/sheets.pdf'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/-o\/--out .*sheets\.pdf: the folder .*missing\/dir does not exist/);
    expect(readdirSync(cwd)).toEqual([]);
  });
  it('an output folder that cannot be written', async () => {
    if (process.getuid?.() === 0) {
      // root writes anywhere: check the same refusal through a path under a file instead
      const cwd = workdir();
      const { code, stderr } = await muster(['tables', 'bof', '-o', 'README/sheets.pdf'], cwd);
      expect(code).toBe(2);
      expect(stderr).toMatch(/does not exist/);
      return;
    }
    const cwd = workdir();
    mkdirSync(path.join(cwd, 'locked'));
    chmodSync(path.join(cwd, 'locked'), 0o555);
    const { code, stderr } = await muster(['tables', 'bof', '-o', 'locked/sheets.pdf'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot be written to/);
    expect(readdirSync(path.join(cwd, 'locked'))).toEqual([]);
  });
  it('a failure while writing leaves the old file and no temporary file, exit 1', async () => {
    const cwd = workdir();
    writeFileSync(path.join(cwd, 'sheets.pdf'), 'the old sheets');
    let writes = 0;
    const failing = await muster(['tables', 'bof', '-o', 'sheets.pdf'], cwd, {
      // the disk fills half-way through the first write
      openFile: async (file) => {
        const real = await openFileAtomic(file);
        return {
          ...real,
          write: async (chunk) => {
            writes += 1;
            await real.write(chunk.subarray(0, chunk.length >> 1));
            throw new GenerateError('could not write sheets.pdf: disk full', { cause: new Error('ENOSPC') });
          },
        };
      },
    });
    expect(writes).toBe(1);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/could not write sheets\.pdf: disk full\n {2}caused by: ENOSPC/);
    expect(readdirSync(cwd)).toEqual(['sheets.pdf']);
    expect(readFileSync(path.join(cwd, 'sheets.pdf'), 'utf8')).toBe('the old sheets');
  });
  it('bad house-rule data names the file and field, exit 2, no output', async () => {
    const cwd = workdir();
    const house = scratchDir({
      'bof/tables/house.yaml': 'tables:\n  - id: force-morale\n    title: Morale\n    section: x\n    source: house\n    use: lookup\n    dice: 1D6\n    columns: [{ key: roll, label: D6 }, { key: morale, label: Morale }]\n    rows:\n      - { roll: [1, 2], morale: 8 }\n      - { roll: [3, 4, 5], morale: 9 }\n',
    });
    cleanups.push(house.cleanup);
    const { code, stderr } = await muster(['tables', 'bof', '--data', house.dir], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/house\.yaml at tables\[id=force-morale\]\.rows: no row for total 6 of 1D6/);
    expect(readdirSync(cwd)).toEqual([]);
  });
});
