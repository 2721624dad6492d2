// A game at the table set up from a rolled packet (issue 52, point 2), in Node: the page's code
// (table-packet.ts, table-sides.ts and each rule set's table part) run on the command line in a
// folder of its own. Both sides come from the packet, rows named and grouped as the packet's own
// cards, each Burst of Fire row worth what its card prints; a link gives the same packet.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFESTS, MODULE_IDS } from '../../src/systems/registry.js';
import { pagePartsFor } from '../../src/systems/page-registry.js';
import type { TablePart } from '../../src/web/kit/page-parts.js';
import { packetGame, type PacketAsked } from '../../src/web/table-packet.js';
import type { SideRunner } from '../../src/web/table-sides.js';
import { packetOfLink } from '../../src/web/packet-link.js';
import { forceLinkValue } from '../../src/web/force-link.js';
import { pressLoss, scoreOf, setScore, newTableGame } from '../../src/web/table-game.js';
import { muster } from '../helpers/cli.js';
import { pureMuster } from '../helpers/pure-run.js';
import { repo } from '../helpers/page.js';

const dir = mkdtempSync(path.join(tmpdir(), 'muster-table-packet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The page's runner, on the command line in this folder. */
const runner: SideRunner = {
  async run(argv) {
    const r = await muster(argv, dir);
    return { ...r, written: new Map() };
  },
  async withFile(name, bytes, work) {
    writeFileSync(path.join(dir, name), bytes);
    try {
      return await work();
    } finally {
      rmSync(path.join(dir, name), { force: true });
    }
  },
};

// A packet's JSON and Markdown are made once a worker (pureMuster): several tests read the same one

/** The titles of the cards a packet prints for each deck, by the deck's heading ("Cards: Enemy unit cards"). */
async function packetCards(argv: string[]): Promise<Map<string, string[]>> {
  const md = (await pureMuster([...argv, '--format', 'md'])).stdout;
  const decks = new Map<string, string[]>();
  let deck: string[] | undefined;
  for (const line of md.split('\n')) {
    if (line.startsWith('## ')) decks.set(line.slice(3), (deck = line.startsWith('## Cards: ') ? [] : undefined) ?? []);
    else if (deck && line.startsWith('### ')) deck.push(line.slice(4));
  }
  return new Map([...decks].filter(([k]) => k.startsWith('Cards: ')));
}

const partOf = async (id: string) => (await pagePartsFor(id)).tableMode as TablePart;

/** Each rule set that rolls packets, with the mode a player plays it alone in where it has one (solo), else versus. */
const PACKETS = MANIFESTS.filter((m) => m.scenario).map((m) => ({ id: m.id, mode: m.scenario!.modes.includes('solo') ? ('solo' as const) : ('versus' as const) }));

/** A packet of a rule set set up at the table, and its JSON. */
async function rolled(id: string, mode: 'versus' | 'solo', seed = 'table-1') {
  const argv = ['scenario', id, '--seed', seed, ...(mode === 'solo' ? ['--mode', 'solo'] : [])];
  const json = JSON.parse((await pureMuster([...argv, '--format', 'json'])).stdout) as { turns?: number; forces: { side: string; units: unknown[] }[]; sides: string[] } & Record<string, unknown>;
  const game = await packetGame(runner, await partOf(id), { system: id, argv, forces: [] }, ['', '']);
  return { argv, json, game };
}

describe('a game set up from a rolled packet', () => {
  it('every rule set that rolls packets has a table part that reads them', async () => {
    expect(PACKETS.length).toBeGreaterThan(0);
    for (const id of MODULE_IDS) {
      const rolls = PACKETS.some((p) => p.id === id);
      expect((await partOf(id))?.fromPacket !== undefined, id).toBe(rolls);
    }
  });

  it.each(PACKETS)('$id ($mode): both forces from the packet, rows as its cards, its turns and objectives', async ({ id, mode }) => {
    const { argv, json, game } = await rolled(id, mode);
    const part = await partOf(id);
    expect(game.turns).toBe(json.turns);
    expect(game.packet.command).toBe(`muster ${argv.join(' ')}`);
    expect(game.packet.objectives.length).toBeGreaterThan(0);
    const decks = await packetCards(argv);
    for (const [i, side] of json.sides.entries()) {
      const rows = game.sides[i]!.units;
      // every side the dice gave units comes with them: nothing to type
      if (json.forces[i]!.units.length > 0) expect(rows.length, `${id} side ${side}`).toBeGreaterThan(0);
      // rows named as the packet's own unit cards for the side, where it prints them
      const printed = [...decks].find(([title]) => title.includes(game.sides[i]!.name.replace(/^The enemy$/, 'Enemy')) && title.includes('unit cards'))?.[1] ?? [...decks].find(([title]) => title.includes(`${game.sides[i]!.name} (`))?.[1];
      if (printed) expect(rows.map((r) => r.name), `${id} side ${side}`).toEqual(printed);
    }
    // a rule set that scores losses: every row worth what its card prints; else no score at all
    for (const side of game.sides) for (const row of side.units) expect(row.worth === undefined, `${id} ${row.name}`).toBe(part.track === undefined);
    if (part.track) for (const side of game.sides) for (const row of side.units) expect(row.worth, row.name).toBeGreaterThanOrEqual(1);
    else expect(game.scoreMax).toBeUndefined();
  });

  it('Burst of Fire solo: you and the enemy, the Combat Score limit of the packet, the enemy’s cards as the packet prints them, its officer worth 10', async () => {
    const { json, game } = await rolled('bof', 'solo');
    expect(game.scoreMax).toBe(json['scoreLimit']);
    expect(game.sides.map((s) => s.name)).toEqual(['You', 'The enemy']);
    const printed = (await packetCards(['scenario', 'bof', '--seed', 'table-1', '--mode', 'solo'])).get('Cards: Enemy unit cards');
    expect(game.sides[1].units.map((r) => r.name)).toEqual(printed);
    expect(game.sides[1].units.filter((r) => r.worth === 10).length).toBe(1);
  });

  it('Blaze Away!: a row a unit of each side’s force, a box for each of its stands and models', async () => {
    const { json, game } = await rolled('blazeaway', 'versus');
    const forces = json.forces as unknown as { units: { name: string; stands: number }[] }[];
    expect(game.sides.map((s) => s.units.map((u) => [u.name, u.boxes]))).toEqual(forces.map((f) => f.units.map((u) => [u.name, u.stands])));
  });

  it('a side given a force file takes its file, grouped as its cards; a loss scores its worth for the other side, ticked back it is taken off', async () => {
    const yaml = readFileSync(path.join(repo, 'examples/forces/kampfgruppe-weber.yaml'), 'utf8');
    const asked: PacketAsked = { system: 'bof', argv: ['scenario', 'bof', '--mode', 'solo', '--seed', 'table-2'], forces: [{ name: 'kampfgruppe-weber.yaml', yaml }] };
    const made = await packetGame(runner, await partOf('bof'), asked, ['Weber', '']);
    expect(made.packet.command).toBe('muster scenario bof --mode solo --seed table-2 --force kampfgruppe-weber.yaml');
    const [weber, enemy] = made.sides;
    expect(weber.name).toBe('Weber');
    expect(weber.force).toBe('Kampfgruppe Weber, 81 points');
    // the 12 grenadiers on two cards, a box each, as the cards print them
    const grenadiers = weber.units.filter((u) => u.name.startsWith('Grenadier'));
    expect(grenadiers.map((u) => [u.name, u.boxes, u.worth])).toEqual([
      ['Grenadier 1–6', 6, 3],
      ['Grenadier 7–12', 6, 1],
    ]);
    expect(grenadiers[0]!.captions).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(weber.units.find((u) => u.name === 'Leutnant Weber')?.worth).toBe(10);
    expect(weber.units.find((u) => u.name === 'Unteroffizier Haas')?.worth).toBe(5);
    expect(enemy.name).toBe('The enemy');

    let game = newTableGame('g', 'bof', { turns: made.turns!, scoreMax: made.scoreMax! }, made.sides);
    const row = weber.units.indexOf(grenadiers[0]!);
    game = setScore(game, 1, 2);
    game = pressLoss(game, 0, row, 2);
    // two grenadiers worth 3 each: the enemy's score goes from 2 (set by hand) to 8
    expect(scoreOf(game, 1)).toBe(8);
    expect(scoreOf(game, 0)).toBe(0);
    game = pressLoss(game, 0, row, 2);
    expect(scoreOf(game, 1)).toBe(5);
    game = pressLoss(game, 0, row, 1);
    expect(scoreOf(game, 1)).toBe(2);
  });

  it('a packet’s link gives the packet again, its forces with it; a link with no seed or to no packet is refused', () => {
    const forms = { declared: { bof: {} }, textUnits: { bof: 'cm' } };
    const yaml = 'name: Kampfgruppe Weber\n';
    const asked = packetOfLink(`http://127.0.0.1:8080/#/bof/scenario?mode=solo&seed=club&force=${forceLinkValue(yaml)}`, forms, 'bof');
    expect(asked).toEqual({ system: 'bof', argv: ['scenario', 'bof', '--mode', 'solo', '--seed', 'club'], forces: [{ name: 'force-a.yaml', yaml }] });
    // a seed alone: the rule set's two-player packet of that seed
    expect(packetOfLink(' club ', forms, 'bof')).toEqual({ system: 'bof', argv: ['scenario', 'bof', '--seed', 'club'], forces: [] });
    expect(packetOfLink('', forms, 'bof')).toEqual({ refused: expect.stringMatching(/^paste a packet's link/) });
    expect(packetOfLink('http://127.0.0.1:8080/#/bof/scenario?mode=solo', forms, 'bof')).toEqual({ refused: expect.stringMatching(/^that link has no seed/) });
    expect(packetOfLink('http://127.0.0.1:8080/#/bof/tables?seed=x', forms, 'bof')).toEqual({ refused: expect.stringMatching(/^that is no link to a scenario packet/) });
    expect(packetOfLink('http://127.0.0.1:8080/#/bof/scenario?seed=x&count=3', forms, 'bof')).toEqual({ refused: expect.stringMatching(/rolls 3 packets/) });
  });
});
