/**
 * A game at the table set up from a rolled packet (issue 52): the packet's command line run
 * again with its seed as JSON (`muster scenario <system> ... --format json`, the same dice),
 * the rule set's part reading its scenario, turns, objectives and the forces the dice gave, and
 * each side given a force file taking its file. Nothing is typed.
 */
import type { PacketAtTable, TablePart } from './kit/page-parts.js';
import { optionArgv, shellLine } from './form.js';
import { sideAtTable, type SideForce, type SideRunner } from './table-sides.js';
import type { PacketOfGame, SideAtTable } from './table-game.js';

/** A packet as the page asks for it again: its command line with its seed, and the force files it was given. */
export interface PacketAsked {
  system: string;
  /** `scenario <system> --mode solo --seed club ...`: no force, output or format */
  argv: string[];
  /** the force files given to it, side A's (solo: yours) first, as their text */
  forces: { name: string; yaml: string }[];
}

/** What the table sets up from a packet. */
export interface PacketGame {
  packet: PacketOfGame;
  turns?: number;
  scoreMax?: number;
  sides: [SideAtTable, SideAtTable];
}

/** The names the packet's forces are given under in the page's folder for the run: the table's own, never a file of the player's. */
const packetForce = (i: number) => `table-packet-${i + 1}.yaml`;

/** The packet's command line with its forces, as it is shown to run in a terminal (the forces by the names they came by). */
export function packetCommand(asked: PacketAsked): string {
  return shellLine([...asked.argv, ...asked.forces.flatMap((f) => optionArgv('force', f.name))]);
}

/** The packet's JSON: its command line run again with its forces put in the page's folder. */
async function packetJson(runner: SideRunner, asked: PacketAsked): Promise<unknown> {
  const argv = [...asked.argv, ...asked.forces.flatMap((_, i) => optionArgv('force', packetForce(i))), '--format', 'json', '--quiet'];
  const run = await asked.forces.reduceRight<() => Promise<Awaited<ReturnType<SideRunner['run']>>>>(
    (work, force, i) => () => runner.withFile(packetForce(i), new TextEncoder().encode(force.yaml), work),
    () => runner.run(argv),
  )();
  if (run.code !== 0 || !run.stdout.trim().startsWith('{')) throw new Error(`the packet could not be rolled again: ${run.stderr.trim().replace(/^muster: /, '')}`);
  return JSON.parse(run.stdout) as unknown;
}

/**
 * Both sides of a packet at the table, named as the start form names them or else as the
 * packet does: a side given a force file takes its file, another the force the dice gave it
 * (none: its units are added at the table).
 */
export async function packetGame(runner: SideRunner, part: TablePart, asked: PacketAsked, names: readonly [string, string]): Promise<PacketGame> {
  if (!part.fromPacket) throw new Error('this rule set rolls no packets');
  const json = await packetJson(runner, asked);
  const read: PacketAtTable = part.fromPacket(json);
  const sides: SideAtTable[] = [];
  for (const [i, side] of read.sides.entries()) {
    const given = asked.forces[i];
    const force: SideForce = given ? { yaml: given.yaml, name: given.name } : side.rolled ? { rolled: side.rolled } : undefined;
    sides.push(await sideAtTable(runner, asked.system, part, names[i] || side.name, force));
  }
  return {
    packet: { title: read.title, objectives: [...read.objectives], command: packetCommand(asked) },
    ...(read.turns !== undefined ? { turns: read.turns } : {}),
    ...(read.scoreMax !== undefined ? { scoreMax: read.scoreMax } : {}),
    sides: [sides[0]!, sides[1]!],
  };
}
