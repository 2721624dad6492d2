import { findOrRefuse } from '../../data/find-name.js';
import { listFromData, type ListKind, type Narrowing } from '../../data/listing.js';
import { loadRulesDb } from '../../data/load.js';
import { orList } from '../../data/suggest.js';
import { UsageError } from '../../errors.js';
import { moduleFor } from '../../systems/registry.js';
import { kindJson, kindMarkdown, kindText, overviewMarkdown, overviewText, type KindSummary } from '../format-listing.js';
import type { CliIo } from '../io.js';
import { resolveFrom } from '../options.js';

export interface ListArgs {
  system: string;
  what?: string;
  nation?: string;
  doctrine?: string;
  format: 'text' | 'md' | 'json';
  data: string[];
  /** refused: the listing goes to standard output */
  out?: string;
}

/**
 * `muster list <system> [what]`: the names a player may use, from the rule set's module where
 * it has a `list`, and from its data folder (tables, tokens, card decks) for every rule set.
 * Without `what`, the kinds there are, how many of each, and the command that lists each.
 */
export async function runList(args: ListArgs, io: CliIo): Promise<number> {
  if (args.out !== undefined) {
    throw new UsageError(`-o/--out: muster list prints to standard output and writes no file; leave -o out, or redirect: muster list ${args.system}${args.what ? ` ${args.what}` : ''} > list.txt`);
  }
  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  const id = system.info.id;
  const module = await moduleFor(id);
  const fromModule = module?.list ? await module.list({ system, nation: args.nation, doctrine: args.doctrine }) : [];
  // the module's kinds first (what a player builds a force from), then the data folder's it does not replace
  const kinds = [...fromModule, ...(await listFromData(system)).filter((k) => !fromModule.some((m) => m.id === k.id))];
  const given = (['nation', 'doctrine'] as const).filter((n) => args[n] !== undefined);
  for (const option of given) {
    if (!kinds.some((k) => k.narrowedBy?.includes(option))) {
      throw new UsageError(`--${option}: nothing ${system.info.name} lists is narrowed by ${option}; leave --${option} out`);
    }
  }
  const narrowing = given.map((n) => `--${n} ${args[n]}`).join(' ');

  if (args.what === undefined) {
    const summaries: KindSummary[] = kinds.map((k) => ({
      id: k.id,
      title: k.title,
      count: k.entries.length,
      narrowedBy: k.narrowedBy ?? [],
      command: `muster list ${id} ${k.id}${narrowing && given.every((n) => k.narrowedBy?.includes(n)) ? ` ${narrowing}` : ''}`,
    }));
    if (args.format === 'json') {
      io.stdout.write(`${JSON.stringify({ system: id, name: system.info.name, kinds: summaries }, null, 2)}\n`);
      return 0;
    }
    const title = `${system.info.name}: the names you can use${narrowing ? ` (${narrowing})` : ''}`;
    const footer = overviewFooter(kinds);
    io.stdout.write(args.format === 'md' ? overviewMarkdown(title, summaries, footer) : overviewText(title, summaries, footer));
    return 0;
  }

  const kind = findOrRefuse(
    args.what,
    kinds.map((k) => ({ id: k.id, name: k.title, aliases: [...(k.aliases ?? []), k.id.replace(/s$/, '')], kind: k })),
    { what: 'kind of name', listCommand: `muster list ${id}` },
  ).kind;
  for (const option of given) {
    if (!kind.narrowedBy?.includes(option)) {
      const takers = kinds.filter((k) => k.narrowedBy?.includes(option)).map((k) => k.id);
      throw new UsageError(`--${option}: ${kind.id} are not narrowed by ${option}; --${option} narrows ${orList(takers)}. Leave it out for all ${kind.id}`);
    }
  }
  const title = `${system.info.name}: ${kind.title}${narrowing ? ` (${narrowing})` : ''}, ${kind.entries.length}`;
  if (args.format === 'json') io.stdout.write(kindJson(kind));
  else io.stdout.write(args.format === 'md' ? kindMarkdown(title, kind) : kindText(title, kind));
  return 0;
}

/** How to narrow, where some kind can be, and how to get the lists for other tools. */
function overviewFooter(kinds: readonly ListKind[]): string[] {
  const lines: string[] = [];
  for (const option of ['nation', 'doctrine'] as Narrowing[]) {
    const takers = kinds.filter((k) => k.narrowedBy?.includes(option)).map((k) => k.id);
    if (takers.length > 0) lines.push(`--${option} narrows ${orList(takers)}.`);
  }
  lines.push('--format md or --format json prints the same lists for other tools.');
  return lines;
}
