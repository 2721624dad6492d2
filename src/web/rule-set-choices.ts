/**
 * What the form offers for a rule set, from `muster list <system> ... --format json` run as the
 * command line would (with the house rules in use: they may add names, or give the rule set
 * itself): each listing asked once, until the house rules change.
 */
import type { PageRun } from './page-io.js';
import { deckName, partsFromListing, type Part } from './form.js';
import type { Listed } from './kit/force-ui.js';
import type { SystemInfo } from './rule-sets.js';

export interface Named {
  id: string;
  name: string;
}

/** A token kind `tokens --count ID=N` takes, with the sheet's count and the part that prints it. */
export interface TokenKind extends Named {
  count: number;
  part: string;
}

export class RuleSetChoices {
  private readonly asked = new Map<string, Promise<unknown>>();

  /** `run` runs the command line with the house rules in use */
  constructor(private readonly run: (argv: string[]) => Promise<PageRun>) {}

  /** Every listing asked again (the house rules in use changed). */
  clear(): void {
    this.asked.clear();
  }

  /** The kinds of names the rule set lists (`muster list <system>`). */
  async kinds(system: string): Promise<Set<string>> {
    const listing = await this.json<{ kinds: { id: string }[] }>(['list', system, '--format', 'json']);
    return new Set(listing.kinds.map((k) => k.id));
  }

  /** The names of a kind, [] where the rule set lists no such kind. */
  async names(system: string, kind: string): Promise<Named[]> {
    if (!(await this.kinds(system)).has(kind)) return [];
    return (await this.json<Named[]>(['list', system, kind, '--format', 'json'])).map(({ id, name }) => ({ id, name }));
  }

  /** The scenarios `--scenario` names: the rule set's game modes, or its scenarios. */
  async scenarios(system: string): Promise<Named[]> {
    return (await this.kinds(system)).has('modes') ? await this.names(system, 'modes') : await this.names(system, 'scenarios');
  }

  /** The copies `cards --list` takes (an army list's deck, a player colour's). */
  async decks(system: string): Promise<Named[]> {
    if (!(await this.kinds(system)).has('decks')) return [];
    const decks = await this.json<{ details: { copies?: string[] } }[]>(['list', system, 'decks', '--format', 'json']);
    return [...new Set(decks.flatMap((d) => d.details.copies ?? []))].map((copy) => ({ id: deckName(copy), name: copy }));
  }

  /** The token kinds `tokens --count ID=N` takes. */
  async tokens(system: string): Promise<TokenKind[]> {
    if (!(await this.kinds(system)).has('tokens')) return [];
    const tokens = await this.json<{ id: string; name: string; details: { count: number; part?: string } }[]>(['list', system, 'tokens', '--format', 'json']);
    return tokens.map((t) => ({ id: t.id, name: t.name, count: t.details.count, part: t.details.part ?? 'markers' }));
  }

  /** The parts `tokens --only` and `--without` take, from the words of `muster list <system> tokens`. */
  async parts(system: string): Promise<Part[]> {
    if (!(await this.kinds(system)).has('tokens')) return [];
    return await this.once(`words\u0000${system}`, async () => partsFromListing((await this.run(['list', system, 'tokens'])).stdout));
  }

  /** `muster list <system> ...args --format json` for the campaign panel's choices; [] where it lists nothing. */
  listing(system: string, args: readonly string[]): Promise<Listed[]> {
    return this.once(`listing\u0000${[system, ...args].join('\u0000')}`, async () => {
      const run = await this.run(['list', system, ...args, '--format', 'json']);
      return run.code === 0 ? (JSON.parse(run.stdout) as Listed[]) : [];
    });
  }

  /** A listing's JSON on stdout; a failure is the command line's words, and is asked again next time. */
  private json<T>(argv: string[]): Promise<T> {
    return this.once(argv.join('\u0000'), async () => {
      const run = await this.run(argv);
      if (run.code !== 0) throw new Error(run.stderr);
      return JSON.parse(run.stdout) as T;
    });
  }

  private once<T>(key: string, ask: () => Promise<T>): Promise<T> {
    let found = this.asked.get(key) as Promise<T> | undefined;
    if (!found) {
      found = ask();
      this.asked.set(key, found);
      found.catch(() => this.asked.delete(key));
    }
    return found;
  }
}

/**
 * Where the form's listed fields of shared options (page-options.ts, `listed`) get their names:
 * `--nation` the rule set's nations, `--list` its decks' copies, `--scenario` its scenarios,
 * `--players` the players its versus games take.
 */
export const LISTS: Readonly<Record<string, (choices: RuleSetChoices, system: SystemInfo) => Promise<Named[]>>> = {
  nation: (choices, system) => choices.names(system.id, 'nations'),
  list: (choices, system) => choices.decks(system.id),
  scenario: (choices, system) => choices.scenarios(system.id),
  players: async (_, system) => (system.play?.players ?? [2]).map((n) => ({ id: String(n), name: String(n) })),
};
