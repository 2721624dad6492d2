/**
 * Fire Team's fields of the page's campaign panel (issues 17 and 26): the sides' army lists at
 * the start (a side with a force takes its force's); which of the turn's battles was won by
 * whom to record; the squares each side assaults and the points it puts into its attack for
 * the next turn's packets; the squares held, the forces kept and the battles fought under the
 * status.
 */
import { el, forOption, labelled } from '../../../web/kit/force-ui.js';
import { SIDES, type CampaignPart, type CampaignPartHost, type CampaignView, type CommandOptions, type Named, type Side } from '../../../web/kit/page-parts.js';
import { ftForceFromText } from './force-model.js';
import { possessive } from '../../../doc/possessive.js';

export interface FireteamRecord {
  battle: string;
  winner: string;
}

export interface FireteamNext {
  assault: [string, string];
  split: [string, string];
}

/**
 * `new`'s options for the sides' army lists: both, or neither (the command line's default).
 * Where both sides bring a force their files name the lists, and none is given.
 */
export function fireteamListsOptions(lists: [string, string], forced: [boolean, boolean] = [false, false]): CommandOptions {
  if (forced[0] && forced[1]) return [];
  return lists[0] && lists[1] ? [['lists', `${lists[0]},${lists[1]}`]] : [];
}

/** The army list a force file names, where it names one; undefined for a file that is no force. */
export function forceList(text: string): string | undefined {
  try {
    const list = ftForceFromText(text).force.list;
    return list === '' ? undefined : list;
  } catch {
    return undefined;
  }
}

/** `record`'s options for a battle; an empty field is left out, for the command line to name. */
export function fireteamRecordOptions(fields: FireteamRecord): CommandOptions {
  const options: [string, string][] = [];
  if (fields.battle) options.push(['battle', fields.battle]);
  if (fields.winner) options.push(['winner', fields.winner]);
  return options;
}

/** The assault field's value for a side that launches no assault this turn (the command line's `--assault b:hold`). */
export const HOLD = 'hold';

/**
 * `next`'s options: the squares the sides assault, or `hold`, and the points to their attacks,
 * where chosen. A side that holds (or is left unchosen, which the command line reads as holding)
 * has no attack, so its split is left out.
 */
export function fireteamNextOptions(fields: FireteamNext): CommandOptions {
  const options: [string, string][] = [];
  SIDES.forEach((side, i) => fields.assault[i] && options.push(['assault', `${side}:${fields.assault[i]}`]));
  SIDES.forEach((side, i) => fields.split[i] && fields.assault[i] && fields.assault[i] !== HOLD && options.push(['split', `${side}:${fields.split[i]}`]));
  return options;
}

interface Pending {
  battle: number;
  kind: string;
  square: string;
  attacker: Side | null;
  points: Record<Side, number>;
  result: unknown;
}

const SPLITS = ['4', '5', '6'];

export function fireteamCampaignPanel(host: CampaignPartHost): CampaignPart {
  /** the turn's battles are not set yet: the next print sets the assaults */
  let pendingNext = false;
  let named: Named[] = [];
  const listA = forOption(el('select'), 'lists');
  const listB = forOption(el('select'), 'lists');
  const listSelects = [listA, listB] as const;
  /** the list each side's force names; undefined where the side has no force (its select is the player's) */
  const forcedList: [string | undefined, string | undefined] = [undefined, undefined];
  const lists = el('div', { className: 'row', id: 'cp-lists-row' }, labelled('cp-listA', 'Side A army list', listA), labelled('cp-listB', 'Side B army list', listB));
  /** A side with a force fields its force's list: its select shows it, and is the force's to change. */
  const showForced = () =>
    listSelects.forEach((select, i) => {
      const list = forcedList[i];
      const had = select.querySelector<HTMLOptionElement>('option[data-forced]');
      had?.remove();
      if (list !== undefined && !named.some((l) => l.id === list)) {
        // a list muster does not know: the command line names it; the select shows it as the file has it
        const option = new Option(list, list);
        option.dataset['forced'] = 'yes';
        select.append(option);
      }
      if (list !== undefined) select.value = list;
      else if (select.disabled) select.value = '';
      select.disabled = list !== undefined;
      select.title = list !== undefined ? "its force's list" : '';
    });
  const battle = forOption(el('select'), 'battle');
  const winner = forOption(el('select'), 'winner');
  const record = el('div', { id: 'cp-record-ft', className: 'row' }, labelled('cp-battle', 'Battle', battle), labelled('cp-ft-winner', 'Winner', winner));
  const assault = SIDES.map(() => forOption(el('select'), 'assault'));
  const split = SIDES.map(() => {
    const select = forOption(el('select'), 'split');
    select.append(new Option('the middle', ''), ...SPLITS.map((n) => new Option(n)));
    return select;
  });
  const labelledAs = (field: HTMLDivElement, id: string) => {
    field.querySelector('label')!.id = id;
    return field;
  };
  const next = el(
    'div',
    { id: 'cp-next-ft', hidden: true },
    el('div', { className: 'row' }, ...SIDES.map((_, i) => labelledAs(labelled(`cp-assault${'AB'[i]}`, `Side ${'AB'[i]} assaults`, assault[i]!), `cp-assault${'AB'[i]}-label`))),
    el('div', { className: 'row' }, ...SIDES.map((_, i) => labelledAs(labelled(`cp-split${'AB'[i]}`, `Side ${'AB'[i]}'s points to its attack`, split[i]!), `cp-split${'AB'[i]}-label`))),
    el('p', { className: 'hint', textContent: "Printing the next turn's packets sets the turn's assaults in the campaign file. A side may hold; when both hold, no battle is fought and the turn is recorded." }),
  );

  return {
    startFields: [lists],
    recordFields: [record],
    nextFields: [next],
    async opened() {
      named = await host.lists();
      for (const select of listSelects) select.replaceChildren(new Option('the default', ''), ...named.map((l) => new Option(l.name, l.id)));
      showForced();
    },
    newOptions: () => fireteamListsOptions([listA.value, listB.value], [forcedList[0] !== undefined, forcedList[1] !== undefined]),
    forcesGiven(forces) {
      SIDES.forEach((side, i) => {
        const text = forces[side];
        forcedList[i] = text === undefined ? undefined : forceList(text);
      });
      showForced();
    },
    recordOptions: () => fireteamRecordOptions({ battle: battle.value, winner: winner.value }),
    clearRecord() {
      winner.value = '';
    },
    nextOptions: () => (pendingNext ? fireteamNextOptions({ assault: [assault[0]!.value, assault[1]!.value], split: [split[0]!.value, split[1]!.value] }) : []),
    status(view) {
      const kept = winner.value;
      winner.replaceChildren(new Option('choose', ''), ...SIDES.map((s) => new Option(view.names[s], s)), new Option('a draw', 'draw'));
      winner.value = kept;
      return fireteamStatusDetail(view, named);
    },
    shape(view) {
      const pending = (view.json['pending'] as Pending[] | undefined) ?? [];
      const open = pending.filter((p) => p.result === null || p.result === undefined);
      pendingNext = pending.length === 0 && !view.finished;
      record.hidden = open.length === 0;
      battle.replaceChildren(
        ...open.map((p) => new Option(`Battle ${p.battle}: ${p.kind === 'encounter' ? `encounter at ${p.square}` : `${view.names[p.attacker!]} attacks ${p.square}`} (${p.points.a}:${p.points.b} points)`, String(p.battle))),
      );
      const targets = (view.json['targets'] as Record<Side, string[]> | undefined) ?? { a: [], b: [] };
      SIDES.forEach((side, i) => {
        // a side may hold instead of assaulting (Turn Sequence: it "may" launch a single assault)
        assault[i]!.replaceChildren(new Option('choose a square', ''), new Option('holds: no assault', HOLD), ...targets[side].map((sq) => new Option(sq, sq)));
        next.querySelector(`#cp-assault${'AB'[i]}-label`)!.textContent = `${view.names[side]} assaults`;
        next.querySelector(`#cp-split${'AB'[i]}-label`)!.textContent = `${possessive(view.names[side])} points to its attack`;
      });
      next.hidden = !pendingNext;
      return { recordable: open.length > 0, printNext: pendingNext ? "Next turn's packets (sets the turn's assaults)" : "This turn's packets" };
    },
  };
}

/**
 * Where a kept campaign stands, from its state file: "turn 3: battle 2 to record (Axis attacks
 * B4)", "turn 3: the assaults to set", or how it ended; undefined for a state that is no map's.
 */
export function fireteamCampaignSummary(state: Readonly<Record<string, unknown>>): string | undefined {
  const s = state as { turn?: unknown; finished?: unknown; outcome?: unknown; names?: Record<string, unknown>; pending?: Pending[] };
  if (typeof s.turn !== 'number' || !s.names || !Array.isArray(s.pending)) return undefined;
  if (s.finished === true) return `over: ${String(s.outcome ?? 'finished')}`;
  const open = s.pending.filter((p) => p.result === null);
  if (open.length === 0) return `turn ${s.turn}: the assaults to set`;
  const what = open.map((p) => `battle ${p.battle} (${p.kind === 'encounter' ? `an encounter at ${p.square}` : `${String(s.names![p.attacker ?? ''] ?? p.attacker)} attacks ${p.square}`})`);
  return `turn ${s.turn}: ${what.join(' and ')} to record`;
}

/** A force the campaign keeps, as `status --format json` gives it. */
interface KeptFtForce {
  name: string;
  list: string;
  platoons: { squads: number; weaponsSections?: number; smgSquads?: number }[];
  reinforcements?: { pick: string; vehicle?: string }[];
}

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Vzvod Orlov, Russians list: 1 platoon, 4 reinforcement picks in order", or how the dice field a side. */
export function keptForceWords(force: KeptFtForce | null | undefined, lists: readonly Named[], sideName: string): string {
  if (!force) return 'bought by the dice for each battle';
  const list = lists.find((l) => l.id === force.list)?.name ?? force.list;
  const picks = force.reinforcements?.length ?? 0;
  // a side the command line named after its force is not named twice
  const named = force.name === sideName ? '' : `${force.name}, `;
  return `${named}${list} list: ${counted(force.platoons.length, 'platoon')}, ${picks === 0 ? 'reinforcements rolled' : `${counted(picks, 'reinforcement pick')} in order`}`;
}

/** The squares each side holds, the forces kept, and the battles fought. */
function fireteamStatusDetail(view: CampaignView, lists: readonly Named[]): HTMLElement {
  const j = view.json as {
    squares: { id: string; owner: Side | null }[];
    log: { turn: number; battle?: number; event: string }[];
    forces?: Record<Side, KeptFtForce | null>;
    players?: { name: string; side: Side; force?: KeptFtForce }[];
  };
  const held = SIDES.map((s) => `${view.names[s]} ${j.squares.filter((q) => q.owner === s).length}`).join(', ');
  const box = el('div', {}, el('p', { className: 'hint', textContent: `Squares held: ${held}.` }));
  const forces = el('ul', { className: 'cp-forces-kept', id: 'cp-forces-kept' });
  forces.setAttribute('aria-label', 'Forces');
  if (j.players) {
    // two players a side: each his own platoon and reinforcements
    for (const p of j.players) forces.append(el('li', {}, el('strong', { textContent: `${p.name} (${view.names[p.side]}): ` }), keptForceWords(p.force, lists, p.name)));
  } else for (const side of SIDES) forces.append(el('li', {}, el('strong', { textContent: `${view.names[side]}: ` }), keptForceWords(j.forces?.[side], lists, view.names[side])));
  box.append(el('h3', { className: 'cp-sub', textContent: 'Forces' }), forces);
  if (j.log.length > 0) {
    const list = el('ol', { className: 'cp-log' });
    list.setAttribute('aria-label', 'Battles fought');
    for (const g of j.log) list.append(el('li', { textContent: g.battle === undefined ? `Turn ${g.turn}: ${g.event}` : `Turn ${g.turn}, battle ${g.battle}: ${g.event}` }));
    box.append(list);
  }
  return box;
}
