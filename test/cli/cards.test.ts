import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workdirs } from '../helpers/fixtures.js';
import { muster, pdfPageCount } from '../helpers/cli.js';

const workdir = workdirs(afterEach);

const FORCE = `name: Kampfgruppe Test
nation: de
doctrine: de-infantry
detachment: de-grenadier-platoon
points: 40
units:
  - unit: de-officer
  - unit: de-squad-leader
  - unit: de-rifleman
    count: 6
  - unit: de-mg-gunner
`;
// the built-in arsenal; the fixture arsenal serves the layout and engine tests
const data: string[] = [];

describe('muster cards with a force', () => {
  it('prints the roster and one card per model, fronts and backs', async () => {
    const cwd = workdir({ 'force.yaml': FORCE });
    const { code, stderr } = await muster(['cards', 'bof', ...data, '--force', 'force.yaml', '-o', 'force.pdf'], cwd);
    expect(code).toBe(0);
    // roster, then the 9 models' 4 cards (the six riflemen share one) as fold-over pairs on one
    // sheet laid across, each pair apart: no two-sided printing, so no page for notes
    expect(stderr).toMatch(/Wrote force\.pdf \(2 pages\)/);
    const pdf = readFileSync(path.join(cwd, 'force.pdf'));
    expect(pdfPageCount(pdf)).toBe(2);
    expect(execFileSync('qpdf', ['--check', path.join(cwd, 'force.pdf')], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
  });
  it('the whole arsenal: every nation, fronts and backs, a valid PDF', async () => {
    const cwd = workdir();
    const { code, stderr } = await muster(['cards', 'bof', '--quiet'], cwd);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const pdf = readFileSync(path.join(cwd, 'out/bof-cards-arsenal-a4.pdf'));
    expect(pdfPageCount(pdf) % 2).toBe(0);
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(20);
    expect(execFileSync('qpdf', ['--check', path.join(cwd, 'out/bof-cards-arsenal-a4.pdf')], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
  });
  it('the example force in examples/ is legal', async () => {
    const example = path.resolve(__dirname, '../../examples/forces/kampfgruppe-weber.yaml');
    const { code, stdout } = await muster(['cards', 'bof', '--force', example, '--strict', '--format', 'md'], workdir());
    expect(code).toBe(0);
    expect(stdout).toMatch(/Check: no problems/);
  });
  it('the same command gives the same bytes', async () => {
    const cwd = workdir({ 'force.yaml': FORCE });
    await muster(['cards', 'bof', ...data, '--force', 'force.yaml', '-o', 'a.pdf'], cwd);
    await muster(['cards', 'bof', ...data, '--force', 'force.yaml', '-o', 'b.pdf'], cwd);
    expect(readFileSync(path.join(cwd, 'a.pdf')).equals(readFileSync(path.join(cwd, 'b.pdf')))).toBe(true);
  });
  it('a force breaking its doctrine: printed with its problems, or refused with --strict', async () => {
    const over = FORCE.replace('points: 40', 'points: 5');
    const cwd = workdir({ 'force.yaml': over });
    const lenient = await muster(['cards', 'bof', ...data, '--force', 'force.yaml', '--format', 'md'], cwd);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toMatch(/warning: .*force\.yaml: force \(points\): the force costs 20 points, over its limit of 5/);
    expect(lenient.stdout).toMatch(/Check: 1 problem/);
    const strict = await muster(['cards', 'bof', ...data, '--force', 'force.yaml', '--strict', '-o', 'x.pdf'], cwd);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/breaks 1 rule of its doctrine:\n {2}force \(points\)/);
    expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
  });
  it('a malformed force file names the field', async () => {
    const cwd = workdir({ 'force.yaml': FORCE.replace('count: 6', 'count: six') });
    const { code, stderr } = await muster(['cards', 'bof', ...data, '--force', 'force.yaml'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/force\.yaml at units\[2\]\.count: /);
    expect(readdirSync(cwd)).toEqual(['force.yaml']);
  });
  it('a force file that does not exist', async () => {
    const cwd = workdir();
    const { code, stderr } = await muster(['cards', 'bof', ...data, '--force', 'missing.yaml'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/missing\.yaml: no such file/);
  });
});

describe('muster cards options', () => {
  it('--explain-cost prints the working of a unit cost', async () => {
    const { code, stdout } = await muster(['cards', 'bof', ...data, '--explain-cost', 'de-panzer-iv-h'], workdir());
    expect(code).toBe(0);
    expect(stdout).toMatch(/armour +0\.75 x \(5\+2\+1\+1\) += 6\.75/);
    expect(stdout).toMatch(/cost 21\n$/);
  });
  it('--explain-cost and the force check agree on a squad leader: a soldier promoted for free (Detachment and unit quality; issue 24, item 9)', async () => {
    const cwd = workdir({ 'force.yaml': FORCE });
    const explained = await muster(['cards', 'bof', ...data, '--explain-cost', 'de-squad-leader'], cwd);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toMatch(/squad leader promotion +free of cost += 0/);
    const cost = Number(/cost (\d+)\n$/.exec(explained.stdout)![1]);
    expect(cost).toBeGreaterThan(0);
    const checked = await muster(['check', 'bof', ...data, '--force', 'force.yaml'], cwd);
    expect(checked.stdout).toMatch(new RegExp(`Unteroffizier +${cost}\n`));
  });
  it('--explain-cost of an unknown unit suggests the close ones and the listing', async () => {
    const { code, stderr } = await muster(['cards', 'bof', ...data, '--explain-cost', 'tiger'], workdir());
    expect(code).toBe(2);
    expect(stderr).toMatch(/--explain-cost: unknown unit "tiger": did you mean de-tiger-i \(Tiger I\)\? List them with muster list bof units/);
  });
  it('bad --back-offset, --bleed and --duplex values', async () => {
    for (const [args, message] of [
      [['--back-offset', 'left'], /--back-offset "left": give two numbers in mm/],
      [['--back-offset', '40,0'], /allowed -20 to 20/],
      [['--bleed', '9'], /--bleed 9: allowed 0 to 6 mm/],
      [['--duplex', 'sideways'], /duplex, Given: "sideways", Choices: "long", "short"/],
    ] as const) {
      const cwd = workdir();
      const result = await muster(['cards', 'bof', ...data, ...args], cwd);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(readdirSync(cwd)).toEqual([]);
    }
  });
  it('--nation narrows the arsenal; an unknown nation is refused', async () => {
    const cwd = workdir();
    const ok = await muster(['cards', 'bof', ...data, '--nation', 'Germany', '--format', 'json'], cwd);
    expect(ok.code).toBe(0);
    const doc = JSON.parse(ok.stdout) as { decks: { cards: { id: string }[] }[] };
    expect(doc.decks[0]!.cards.map((c) => c.id)).toContain('de-panzer-iv-h');
    const bad = await muster(['cards', 'bof', ...data, '--nation', 'Atlantis'], cwd);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown nation "Atlantis"/);
  });
});

describe('a card whose text does not fit', () => {
  /** A club's unit whose three reminders run to `words` words each. */
  const house = (words: number) => {
    const phrase = 'the club rules this unit fights on where others fall back and'.split(' ');
    const reminder = (n: number) => `Reminder ${n}: ${Array.from({ length: words }, (_, i) => phrase[i % phrase.length]).join(' ')}.`;
    return {
      reminder,
      files: {
        'house/house.yaml': 'name: Tuesday club\n',
        'house/bof/arsenal/club.yaml': `units:
  - id: de-club-talker
    name: Vereinsredner
    nation: de
    type: infantry
    role: rifleman
    movement: foot
    actions: 2
    weapons: [de-kar98k]
    source: The club's own.
    notes: ["${reminder(1)}", "${reminder(2)}", "${reminder(3)}"]
`,
      },
    };
  };

  it('is refused, exit 1, naming the product, the card, the text and what to do; no file written', async () => {
    // far more than a poker card holds at 6.5 pt
    const { reminder, files } = house(120);
    const cwd = workdir(files);
    const { code, stderr } = await muster(['cards', 'bof', '--data', 'house', '--nation', 'de', '-o', 'cards.pdf'], cwd);
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/^muster: Burst of Fire unit cards[^\n]*: the card "Vereinsredner" cannot hold "/);
    expect(stderr).toContain(`"${reminder(1).slice(0, 40)}`);
    expect(stderr).toContain('at 6.5 pt');
    expect(stderr).toContain('shorten it in the house folder "Tuesday club"');
    expect(stderr).not.toContain('--shop');
    expect(readdirSync(cwd)).toEqual(['house']);
  });

  it("a print shop's card, its words kept farther in, refuses what a home card holds, and says so", async () => {
    // the fewest words the shop's card, 1 mm less all round, refuses: a home card holds them
    const shopRun = (words: number) => {
      const cwd = workdir(house(words).files);
      return muster(['cards', 'bof', '--data', 'house', '--nation', 'de', '--shop', 'dtc', '-o', 'shop.pdf'], cwd).then((result) => ({ cwd, ...result }));
    };
    let [fits, refused] = [20, 120];
    expect((await shopRun(fits)).code).toBe(0);
    while (refused - fits > 1) {
      const middle = Math.floor((fits + refused) / 2);
      if ((await shopRun(middle)).code === 0) fits = middle;
      else refused = middle;
    }
    const shop = await shopRun(refused);
    const home = await muster(['cards', 'bof', '--data', 'house', '--nation', 'de', '-o', 'home.pdf'], shop.cwd);
    expect(home.code, home.stderr).toBe(0);
    expect(shop.code, shop.stderr).toBe(1);
    expect(shop.stderr).toContain('the card "Vereinsredner"');
    expect(shop.stderr).toContain('or print the deck at home (leave out --shop)');
    expect(existsSync(path.join(shop.cwd, 'shop.pdf'))).toBe(false);
  });
});
