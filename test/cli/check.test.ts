import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLES = {
  bof: 'examples/forces/kampfgruppe-weber.yaml',
  fireteam: 'examples/forces/fireteam-fallschirmjager.yaml',
  blazeaway: 'examples/blazeaway/german-grenadier-company.yaml',
  openfire: 'examples/openfire/us-rifle-platoon.yaml',
} as const;

interface CheckJson {
  system: string;
  name: string;
  points: number | null;
  limit: string | null;
  entries: { where: string; name: string; points: number | null }[];
  problems: { where: string; rule: string; message: string }[];
}

describe('muster check: a force file checked as every product checks it', () => {
  for (const [system, file] of Object.entries(EXAMPLES)) {
    it(`${system}: the example force keeps every rule (exit 0); its entries and points add up`, async () => {
      const { code, stdout } = await muster(['check', system, '--force', path.join(root, file), '--format', 'json'], workdir());
      expect(code).toBe(0);
      const check = JSON.parse(stdout) as CheckJson;
      expect(check.system).toBe(system);
      expect(check.problems).toEqual([]);
      expect(check.entries.length).toBeGreaterThan(2);
      if (check.points !== null) expect(check.entries.reduce((n, e) => n + (e.points ?? 0), 0)).toBe(check.points);
      const text = await muster(['check', system, '--force', path.join(root, file)], workdir());
      // a force may keep every rule and still be over some games' budgets (Weber over Probing's 75; a Fire Team force defending)
      expect(text.stdout).toMatch(/keeps every rule muster checks/);
    });
  }
  it('Blaze Away! prices nothing: no points, no limit', async () => {
    const check = JSON.parse((await muster(['check', 'blazeaway', '--force', path.join(root, EXAMPLES.blazeaway), '--format', 'json'], workdir())).stdout) as CheckJson;
    expect([check.points, check.limit]).toEqual([null, null]);
  });
  it('a force that breaks rules: exit 2, each problem in the words cards --force prints', async () => {
    const cwd = workdir();
    writeFileSync(path.join(cwd, 'bad.yaml'), 'name: Too Few\nnation: Germany\ndoctrine: de-infantry\ndetachment: de-grenadier-platoon\npoints: 5\nunits:\n  - unit: de-rifelman\n    count: 3\n');
    const json = await muster(['check', 'bof', '--force', 'bad.yaml', '--format', 'json'], cwd);
    expect(json.code).toBe(2);
    const check = JSON.parse(json.stdout) as CheckJson;
    expect(check.problems[0]).toEqual({ where: 'units[0] de-rifelman', rule: 'unit', message: expect.stringMatching(/did you mean de-rifleman/) });
    const cards = await muster(['cards', 'bof', '--force', 'bad.yaml', '--format', 'json'], cwd);
    for (const p of check.problems) expect(cards.stderr).toContain(`${p.where} (${p.rule}): ${p.message}`);
    const text = await muster(['check', 'bof', '--force', 'bad.yaml'], cwd);
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/^Too Few: 0 of 5 points\nAgainst each game's budget for its side:\n(?: {2}.*\n)+6 problems:\n {2}units\[0\] de-rifelman \(unit\)/);
  });
  it('Blaze Away!, 3.3 Organisation: check says so when a file gives its trucks orders of their own (exit 2)', async () => {
    const cwd = workdir();
    writeFileSync(
      path.join(cwd, 'trucks.yaml'),
      'name: Kompanie\nside: axis\nnation: Germany\nrating: Confident\nunits:\n  - { name: Zug, kind: infantry, stands: [{ type: rifle, count: 3 }, { type: lmg }] }\n  - { name: Lorries, kind: motorised, vehicle: Opel Blitz, models: 2, armourClass: E, orders: individual }\n',
    );
    const text = await muster(['check', 'blazeaway', '--force', 'trucks.yaml'], cwd);
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/units\[1\] Lorries \(orders\): orders: individual, but a softskin takes no order card of its own: it moves with the infantry or guns it belongs to \(3\.3\)/);
  });
  it('refuses a rule set without force files, and a missing file, naming what to do', async () => {
    const cwd = workdir();
    // a rule set of a data folder alone has no force files; every rule set with a module does
    const house = await muster(['check', 'skirmish', '--data', path.join(root, 'examples/house-rule-set'), '--force', 'x.yaml'], cwd);
    expect(house.code).toBe(2);
    expect(house.stderr).toMatch(/rule set "skirmish" has no force files to check; muster check takes blazeaway, bof, fireteam, openfire/);
    const missing = await muster(['check', 'bof', '--force', 'nowhere.yaml'], cwd);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nowhere\.yaml.*no such file/);
    expect((await muster(['check', 'bof'], cwd)).stderr).toMatch(/force/);
  });
});
