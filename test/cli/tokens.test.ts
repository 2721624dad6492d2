import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workdirs } from '../helpers/fixtures.js';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { purePrint } from '../helpers/pure-run.js';
import { fonts } from '../helpers/fonts.js';
import type { DocumentNode } from '../../src/doc/model.js';
import { layoutTokenSheet, tokenGrid, tokenPages, tokensPerPage } from '../../src/layout/tokens.js';

const workdir = workdirs(afterEach);
const qpdf = (file: string) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });

describe('muster tokens', () => {
  it('prints tokens, tracks and templates: a valid PDF, the same bytes twice', async () => {
    const cwd = workdir();
    const first = await muster(['tokens', 'bof', '-o', 'a.pdf'], cwd);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/Wrote a\.pdf \(\d+ pages\)/);
    // the second made as the worker's other files make it (purePrint), from a run of its own
    const a = readFileSync(path.join(cwd, 'a.pdf'));
    expect(a.equals(await purePrint(['tokens', 'bof']))).toBe(true);
    expect(pdfPageCount(a)).toBeGreaterThan(10);
    expect(qpdf(path.join(cwd, 'a.pdf'))).toMatch(/No syntax or stream encoding errors/);
  });
  it('packs its pages: tokens fill the sheets, rulers run whole along the page, two 120 mm templates to a page, a disc too big for the page as a quarter', async () => {
    for (const [args, pages] of [
      // 21 and 25 when the 40 and 50 cm discs took six pieces each; a page for notes after the
      // templates puts the first sheet of token fronts on an odd page for two-sided printing
      [['tokens', 'bof'], 13 + 1],
      [['tokens', 'bof', '--paper', 'letter', '--units', 'in'], 15 + 1],
      // 18 while every token took a cell of the larger size: rows of each at its own size save a sheet
      [['tokens', 'blazeaway'], 16],
      [['tokens', 'blazeaway', '--paper', 'letter', '--units', 'in'], 18],
      [['tokens', 'openfire'], 2],
      // Fire Team's 68 markers, 65 to a sheet of even cells: one sheet of fronts and its backs,
      // not a whole sheet and its back for three (issue 53, point 5)
      [['tokens', 'fireteam'], 2],
      [['tokens', 'fireteam', '--paper', 'letter'], 2],
    ] as const) {
      // made once a worker: other files print these too
      expect(pdfPageCount(await purePrint(args)), args.join(' ')).toBe(pages);
    }
  });
  it("Fire Team's markers in rows of each size: every back's cut line behind its front's, for either flip", async () => {
    const cwd = workdir();
    for (const duplex of ['long', 'short']) {
      const doc = JSON.parse((await muster(['tokens', 'fireteam', '--duplex', duplex, '--format', 'json'], cwd)).stdout) as DocumentNode;
      const sheet = doc.tokenSheets![0]!;
      const [front, back] = layoutTokenSheet(fonts, sheet, doc.meta, 1, 2);
      const cuts = (page: typeof front) => page!.items.flatMap((i) => (i.kind === 'circle' && i.stroke === '#000000' ? [{ x: i.cx, y: i.cy, w: 2 * i.r }] : i.kind === 'rect' && i.stroke === '#000000' ? [{ x: i.x + i.w / 2, y: i.y + i.h / 2, w: i.w }] : []));
      const fronts = cuts(front);
      expect(fronts).toHaveLength(sheet.tokens.length);
      const turned = fronts.map((c) => (duplex === 'long' ? { ...c, x: front!.width - c.x } : { ...c, y: front!.height - c.y }));
      const backs = cuts(back);
      turned.forEach((c, i) => {
        expect(backs[i]!.x, `token ${i}`).toBeCloseTo(c.x, 1);
        expect(backs[i]!.y, `token ${i}`).toBeCloseTo(c.y, 1);
        expect(backs[i]!.w, `token ${i}`).toBeCloseTo(c.w, 1);
      });
    }
  });
  it('leaves no sheet of tokens under a quarter full: a set a few over a sheet shares two sheets evenly', async () => {
    const cwd = workdir();
    const force = path.resolve(import.meta.dirname, '../../examples/forces/fireteam-russians.yaml');
    for (const paper of ['a4', 'letter']) {
      const doc = JSON.parse((await muster(['tokens', 'fireteam', '--force', force, '--paper', paper, '--format', 'json'], cwd)).stdout) as DocumentNode;
      const sheet = doc.tokenSheets![0]!;
      const full = tokensPerPage(tokenGrid(fonts, sheet, doc.meta));
      // 74 markers: more than a page holds even in rows of each size, a few more than a grid's page
      expect(sheet.tokens.length).toBeGreaterThan(full);
      expect(tokenPages(fonts, sheet, doc.meta).map((page) => page.length)).toEqual([37, 37]);
    }
  });
  it('--events prints the 25 event cards with backs, eight apart on a Letter sheet laid across: 4 sheets of fronts and 4 of backs', async () => {
    const cwd = workdir();
    const { code } = await muster(['tokens', 'bof', '--events', '-o', 'events.pdf', '--paper', 'letter', '--units', 'in'], cwd);
    expect(code).toBe(0);
    const pdf = readFileSync(path.join(cwd, 'events.pdf'));
    expect(pdfPageCount(pdf)).toBe(8);
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
  it('--force: the markers its models carry, its own Combat Score track, and only the rulers and templates its weapons use', async () => {
    const cwd = workdir();
    const platoon = path.join(import.meta.dirname, '../fixtures/forces/us-rifle-platoon.yaml');
    const { code, stdout, stderr } = await muster(['tokens', 'bof', '--force', platoon, '--format', 'json'], cwd);
    expect(code, stderr).toBe(0);
    const titles = (JSON.parse(stdout) as { drawings: { title: string }[] }).drawings.map((d) => d.title);
    // rifles, grenades and an 81 mm mortar: the 5 and 10 cm discs, the grenade ruler and the drift compass; no smoke
    expect(titles.filter((t) => t.startsWith('Blast '))).toEqual(['Blast 5 cm radius: Hand grenades, 20 mm; flamethrowers', 'Blast 10 cm radius: 37 to 47 mm; satchel charges, mortar shells']);
    expect(titles).toContain('Grenade throw ruler, 4D6 needed per band');
    expect(titles.some((t) => t.startsWith('Drift compass'))).toBe(true);
    expect(titles.some((t) => t.startsWith('Smoke'))).toBe(false);
    // its own track, its officer's radius, and the rally radius of its sergeant
    expect(titles.filter((t) => t.startsWith('Combat Score'))).toEqual(['Combat Score, Able Company, 1st Platoon (0 to 50)']);
    expect(titles.filter((t) => t.startsWith('Command radius'))).toEqual(['Command radius 25 cm']);
    expect(titles.some((t) => t.startsWith('Squad leader rally radius'))).toBe(true);
    const pdf = await muster(['tokens', 'bof', '--force', platoon, '-o', 'force.pdf', '--quiet'], cwd);
    expect(pdf.code).toBe(0);
    // fewer pages than the catalogue's 13
    expect(pdfPageCount(readFileSync(path.join(cwd, 'force.pdf')))).toBe(10);
    // a force of tanks: no grenade ruler, the Sherman's 20 cm disc as a quarter
    const tanks = path.join(import.meta.dirname, '../fixtures/forces/easy-company-tanks.yaml');
    const tankTitles = (JSON.parse((await muster(['tokens', 'bof', '--force', tanks, '--format', 'json'], cwd)).stdout) as { drawings: { title: string; standIn?: { title: string } }[] }).drawings;
    const disc = tankTitles.find((d) => d.title.startsWith('Blast 20 cm'))!;
    expect(disc.standIn!.title).toMatch(/a quarter: lay the marked corner on the centre, then turn it edge to edge three times/);
    const text = execFileSync('pdftotext', [path.join(cwd, 'force.pdf'), '-'], { encoding: 'utf8' });
    expect(text).not.toContain('side B');
  });
  it('--force for the rule sets whose tokens are data: each marker its file counts by a kind of model, in the numbers the force needs', async () => {
    const cwd = workdir();
    const counted = async (args: string[]) => {
      const { code, stdout, stderr } = await muster(['tokens', ...args, '--format', 'json'], cwd);
      expect(code, stderr).toBe(0);
      const doc = JSON.parse(stdout) as { meta: { title: string }; tokenSheets: { title: string; tokens: { front: { label: string; number?: number } }[] }[] };
      const counts: Record<string, number> = {};
      for (const t of doc.tokenSheets[0]!.tokens) counts[`${t.front.label}${t.front.number ?? ''}`] = (counts[`${t.front.label}${t.front.number ?? ''}`] ?? 0) + 1;
      return { title: doc.meta.title, sheet: doc.tokenSheets[0]!.title, counts };
    };
    // Open Fire's US platoon: 9 units on foot, a tank, an AT gun
    const us = await counted(['openfire', '--force', path.join(import.meta.dirname, '../../examples/openfire/us-rifle-platoon.yaml')]);
    expect(us.title).toBe('Open Fire tokens for 2nd Platoon, Baker Company');
    expect(us.sheet).toBe('Tokens for 2nd Platoon, Baker Company');
    expect(us.counts).toMatchObject({ Pinned: 9, 'Hit the dirt': 5, Overdrive: 1, HP6: 1, HP4: 1, HP2: 1, Immobilised: 1 });
    // what no model carries stays at the sheet's count
    const sheet = await counted(['openfire']);
    expect(us.counts['Minefield']).toBe(sheet.counts['Minefield']);
    expect(sheet.counts['Pinned']).toBe(8);
    // Fire Team's Russians: 17 teams on foot and a T-34
    const russians = await counted(['fireteam', '--force', path.join(import.meta.dirname, '../../examples/forces/fireteam-russians.yaml')]);
    expect(russians.counts).toMatchObject({ Pin: Math.ceil(17 * 1.5), Pinned: Math.ceil(17 / 2), 'Over watch': 9, 'Radio out': 1, Immobilised: 1 });
    // Blaze Away!'s British company: a marker goes on a unit, 11 of them, 3 of them tanks
    const british = await counted(['blazeaway', '--force', path.join(import.meta.dirname, '../../examples/blazeaway/british-rifle-company.yaml')]);
    expect(british.title).toBe('Blaze Away! tokens for B Company, 5th Battalion');
    expect(british.counts).toMatchObject({ Disordered: 11, 'Double move': 6, Disabled: 3, 'Stuck on wire': 3 });
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
