/**
 * A force's cards: one card for models that are the same, with a box for each (issue 29), or
 * with --cards each one card a model. The roster stays one line an entry either way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));
const US_PLATOON = path.join(root, 'test/fixtures/forces/us-rifle-platoon.yaml');
const OPEN_FIRE_US = path.join(root, 'examples/openfire/us-rifle-platoon.yaml');
const RUSSIANS = path.join(root, 'examples/forces/fireteam-russians.yaml');

const cardTitles = (md: string) => (md.split(/^## Cards: /m)[1] ?? '').match(/^### .*$/gm)!.map((h) => h.slice(4));
const rosterLines = (md: string) => md.split(/^## Cards: /m)[0]!.match(/^\| .* \| \d+ \| /gm) ?? [];

describe('cards of a force', () => {
  it('Burst of Fire: a platoon of 44 models prints 13 cards on 2 sheets, not 44 on 5; --cards each prints them all', async () => {
    const cwd = workdir();
    const grouped = await muster(['cards', 'bof', '--force', US_PLATOON, '-o', 'grouped.pdf', '--quiet'], cwd);
    const each = await muster(['cards', 'bof', '--force', US_PLATOON, '--cards', 'each', '-o', 'each.pdf', '--quiet'], cwd);
    expect([grouped.code, each.code], grouped.stderr + each.stderr).toEqual([0, 0]);
    // the roster's page, a page for notes (the fronts fall on page 3, odd, for two-sided
    // printing), then a sheet of fronts and one of backs for each nine cards
    expect(pdfPageCount(readFileSync(path.join(cwd, 'grouped.pdf')))).toBe(1 + 1 + 2 * 2);
    expect(pdfPageCount(readFileSync(path.join(cwd, 'each.pdf')))).toBe(1 + 1 + 2 * 5);

    const md = (await muster(['cards', 'bof', '--force', US_PLATOON, '--format', 'md'], cwd)).stdout;
    expect(cardTitles(md)).toEqual([
      'Lieutenant', 'Sergeant', 'BAR gunner 1–5', 'Rifleman 1–10', 'Rifleman 11–20', 'Rifleman 21–24', 'Rifleman 25–28',
      'Bazooka gunner 1–2', 'Sniper', 'M1919 team 1–2', '81 mm mortar', 'Jeep', 'GMC CCKW 1–2',
    ]);
    expect(md).toContain('Models: [ ] 21 · [ ] 22 · [ ] 23 · [ ] 24');
    const mdEach = (await muster(['cards', 'bof', '--force', US_PLATOON, '--format', 'md', '--cards', 'each'], cwd)).stdout;
    expect(cardTitles(mdEach)).toHaveLength(44);
    expect(cardTitles(mdEach).slice(0, 4)).toEqual(['Lieutenant', 'Sergeant', 'BAR gunner 1', 'BAR gunner 2']);
    expect(mdEach).not.toContain('Models: ');
    // the roster is the same, one line an entry
    expect(rosterLines(md)).toHaveLength(12 + 1); // and the total
    expect(rosterLines(md)).toEqual(rosterLines(mdEach));
  });

  it('Open Fire: an entry of three rifle squads is one card with three boxes; a named entry keeps its name', async () => {
    const cwd = workdir();
    const md = (await muster(['cards', 'openfire', '--force', OPEN_FIRE_US, '--format', 'md'], cwd)).stdout;
    const titles = cardTitles(md);
    expect(titles).toHaveLength(9);
    expect(titles).toContain('Rifle squad ×3');
    expect(titles).toContain('Lt. Hale');
    expect(md).toContain('Models: [ ] 1 · [ ] 2 · [ ] 3');
    const each = (await muster(['cards', 'openfire', '--force', OPEN_FIRE_US, '--format', 'md', '--cards', 'each'], cwd)).stdout;
    expect(cardTitles(each)).toHaveLength(11);
  });

  it('Fire Team: the same fire team of each squad is one card, a box for each squad', async () => {
    const cwd = workdir();
    const md = (await muster(['cards', 'fireteam', '--force', RUSSIANS, '--format', 'md'], cwd)).stdout;
    expect(md).toMatch(/^### Squad FT1 ×3\n[^]*?Models: \[ \] Squad 1 · \[ \] Squad 2 · \[ \] Squad 3$/m);
    // the two medium mortars of the artillery pick: one place, numbered apart
    expect(md).toContain('Models: [ ] Artillery (1) · [ ] Artillery (2)');
    const each = (await muster(['cards', 'fireteam', '--force', RUSSIANS, '--format', 'md', '--cards', 'each'], cwd)).stdout;
    expect(cardTitles(each).length).toBeGreaterThan(cardTitles(md).length);
    expect(each).not.toContain('Models: ');
  });

  it('a scenario packet and a campaign booklet take --cards too; an unknown choice is refused with exit 2 and no file', async () => {
    const cwd = workdir();
    const grouped = await muster(['scenario', 'bof', '--force', US_PLATOON, '--seed', 'club', '--format', 'md'], cwd);
    const each = await muster(['scenario', 'bof', '--force', US_PLATOON, '--seed', 'club', '--format', 'md', '--cards', 'each'], cwd);
    expect((grouped.stdout.match(/^### /gm) ?? []).length).toBeLessThan((each.stdout.match(/^### /gm) ?? []).length);
    const refused = await muster(['cards', 'bof', '--force', US_PLATOON, '--cards', 'some', '-o', 'x.pdf'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/\bcards\b[^]*"some"[^]*"grouped", "each"/);
    expect(() => readFileSync(path.join(cwd, 'x.pdf'))).toThrow();
    const booklet = await muster(['campaign', 'bof', 'booklet', '--seed', 'c', '--cards', 'each', '-o', 'b.pdf', '--quiet'], cwd);
    expect(booklet.code, booklet.stderr).toBe(0);
  });
});
