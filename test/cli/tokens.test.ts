import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workdirs } from '../helpers/fixtures.js';
import { muster, pdfPageCount } from '../helpers/cli.js';

const workdir = workdirs(afterEach);
const qpdf = (file: string) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });

describe('muster tokens', () => {
  it('prints tokens, tracks and templates: a valid PDF, the same bytes twice', async () => {
    const cwd = workdir();
    const first = await muster(['tokens', 'bof', '-o', 'a.pdf'], cwd);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/Wrote a\.pdf \(\d+ pages\)/);
    await muster(['tokens', 'bof', '-o', 'b.pdf', '--quiet'], cwd);
    const a = readFileSync(path.join(cwd, 'a.pdf'));
    expect(a.equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
    expect(pdfPageCount(a)).toBeGreaterThan(10);
    expect(qpdf(path.join(cwd, 'a.pdf'))).toMatch(/No syntax or stream encoding errors/);
  });
  it('packs its pages: tokens fill the sheets, rulers run whole along the page, two 120 mm templates to a page', async () => {
    const cwd = workdir();
    for (const [args, pages] of [
      [['tokens', 'bof'], 21],
      [['tokens', 'bof', '--paper', 'letter', '--units', 'in'], 25],
      [['tokens', 'blazeaway'], 18],
      [['tokens', 'blazeaway', '--paper', 'letter', '--units', 'in'], 18],
      [['tokens', 'openfire'], 2],
    ] as const) {
      const { code } = await muster([...args, '-o', 'p.pdf', '--quiet'], cwd);
      expect(code).toBe(0);
      expect(pdfPageCount(readFileSync(path.join(cwd, 'p.pdf'))), args.join(' ')).toBe(pages);
    }
  });
  it('--events prints the 25 event cards with backs: 3 sheets of fronts and 3 of backs', async () => {
    const cwd = workdir();
    const { code } = await muster(['tokens', 'bof', '--events', '-o', 'events.pdf', '--paper', 'letter', '--units', 'in'], cwd);
    expect(code).toBe(0);
    const pdf = readFileSync(path.join(cwd, 'events.pdf'));
    expect(pdfPageCount(pdf)).toBe(6);
    expect(qpdf(path.join(cwd, 'events.pdf'))).toMatch(/No syntax or stream encoding errors/);
  });
  it('--force sizes the sheet and the action counter to the force', async () => {
    const force = `name: Small
nation: de
doctrine: de-infantry
detachment: de-grenadier-platoon
points: 100
units:
  - unit: de-officer
  - unit: de-squad-leader
  - unit: de-rifleman
    count: 6
  - unit: de-mg-gunner
`;
    const cwd = workdir({ 'force.yaml': force });
    const { code, stdout } = await muster(['tokens', 'bof', '--force', 'force.yaml', '--format', 'json'], cwd);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as { drawings: { title: string }[]; tokenSheets: { tokens: { front: { label: string } }[] }[] };
    expect(doc.drawings.map((d) => d.title)).toContain('Action Point Counter (0 to 9)');
    expect(doc.tokenSheets[0]!.tokens.filter((t) => t.front.label === 'Spent')).toHaveLength(9);
  });
  it('--max-score sets the Combat Score track, e.g. 15 for Probing the enemy lines', async () => {
    const { stdout } = await muster(['tokens', 'bof', '--max-score', '15', '--format', 'json'], workdir());
    expect(stdout).toContain('Combat Score, side A (0 to 15)');
  });
  it('bad sizes and values are refused with exit 2 and no file', async () => {
    for (const [args, message] of [
      [['--round-size', '5'], /--round-size 5: allowed 15 to 40 mm/],
      [['--max-score', '2'], /--max-score 2: a whole number from 5 to 200/],
      [['--marks', 'dots'], /marks, Given: "dots", Choices: "crop", "none"/],
    ] as const) {
      const cwd = workdir();
      const result = await muster(['tokens', 'bof', ...args], cwd);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(readdirSync(cwd)).toEqual([]);
    }
  });
});
