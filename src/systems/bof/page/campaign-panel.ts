/**
 * Burst of Fire's fields of the page's campaign panel (issues 17 and 26): a solo ladder at the
 * start; a game's winner, victory, Combat Scores, salvage, upgrades and notes to record, with
 * the kept forces' units offered where an upgrade or salvage names them; the sides' points,
 * morale, wins and losing streaks, the forces the campaign keeps, where it stands on the
 * ladder, and the games played, under the status.
 */
import { el, forOption, labelled, type Listed } from '../../../web/kit/force-ui.js';
import { SIDES, type CampaignPart, type CampaignPartHost, type CampaignView, type CommandOptions, type Side } from '../../../web/kit/page-parts.js';
import { bofManifest } from '../manifest.js';

export interface BofRecord {
  winner: string;
  victory: string;
  /** the two Combat Scores, as typed */
  score: [string, string];
  salvage: { side: string; text: string }[];
  /** an empty cost is left to muster, which works it out for a unit it can name */
  upgrades: { side: string; text: string; cost: string }[];
  notes?: { side: string; text: string }[];
}

/** `record`'s options for a game; an empty field is left out, for the command line to name. */
export function bofRecordOptions(fields: BofRecord): CommandOptions {
  const options: [string, string][] = [];
  if (fields.winner) options.push(['winner', fields.winner]);
  if (fields.victory) options.push(['victory', fields.victory]);
  const [a, b] = fields.score.map((s) => s.trim());
  if (a || b) options.push(['combat-score', `${a}:${b}`]);
  for (const s of fields.salvage) if (s.text.trim()) options.push(['salvage', `${s.side}:${s.text.trim()}`]);
  for (const u of fields.upgrades) {
    const [text, cost] = [u.text.trim(), u.cost.trim()];
    // side:what, and :cost only where one is given: an empty cost is muster's to work out
    if (text || cost) options.push(['upgrade', cost ? `${u.side}:${text}:${cost}` : `${u.side}:${text}`]);
  }
  for (const n of fields.notes ?? []) if (n.text.trim()) options.push(['note', `${n.side}:${n.text.trim()}`]);
  return options;
}

const VICTORIES = [
  ['', 'choose'],
  ['decisive', 'decisive (mission done, or the enemy stopped)'],
  ['strategic', 'strategic (the enemy withdrew)'],
  ['turns', 'on Combat Score after the last turn'],
] as const;

/** A kept force as `status --format json` gives it: as its next packet fields it. */
export interface KeptForce {
  name: string;
  nation: string;
  doctrine: string;
  detachment: string;
  points: number;
  limit: number;
  units: { unit: string; name: string; count: number; quality: string; weapons: string[]; points: number; salvaged?: number }[];
  problems: string[];
}

/** Where the campaign stands on the ladder (`here`); null once it is over. */
interface Here {
  game: number;
  rung: string;
  name: string;
  rungNumber: number;
  rungs: number;
  attacker: Side | null;
}

/** The solo player's army, kept for the whole ladder: from the force, or rolled once. */
interface Player {
  nation: string;
  doctrine: string;
  detachment: string;
  from: 'force' | 'roll';
}

/** What a side's force might leave behind for the victor: its vehicles and support weapons, and its soldiers' weapons. */
const LEFT_BEHIND: ReadonlySet<string> = new Set(['afv', 'transport', 'support-weapon']);
const NOT_SOLDIERS: ReadonlySet<string> = new Set([...LEFT_BEHIND, 'plane']);

/** The names muster knows, by id, for the words of the status and the choices of the record. */
export interface BofNames {
  units: ReadonlyMap<string, Listed>;
  weapons: ReadonlyMap<string, Listed>;
  nations: ReadonlyMap<string, Listed>;
  doctrines: ReadonlyMap<string, Listed>;
  detachments: ReadonlyMap<string, Listed>;
  modes: readonly Listed[];
}

const NO_NAMES: BofNames = { units: new Map(), weapons: new Map(), nations: new Map(), doctrines: new Map(), detachments: new Map(), modes: [] };

/** A player as `status --format json` lists him: one a side in a two-player campaign, every player where a side has several. */
export interface KeptPlayer {
  name: string;
  side: Side;
  points: number;
  available: number;
  force: KeptForce | null;
}

/**
 * Whom a record's line may be for: each side (a, b) where the campaign keeps sides, each player
 * by his name where a side has several; with the force the line's choices come from.
 */
export function recordWho(players: readonly KeptPlayer[], names: Record<Side, string>, sideForces: Record<Side, KeptForce | null>): { value: string; label: string; side: Side; force: KeptForce | null }[] {
  if (players.length > 2) return players.map((p) => ({ value: p.name, label: `${p.name} (${names[p.side]})`, side: p.side, force: p.force }));
  return SIDES.map((s) => ({ value: s, label: names[s], side: s, force: sideForces[s] }));
}

/** The kept force's entries an upgrade may name (FROM), each name once, in the roster's order. */
export function upgradeChoices(force: KeptForce | null | undefined): { value: string; label: string }[] {
  if (!force) return [];
  const seen = new Map<string, { count: number; quality: string }>();
  for (const u of force.units) {
    const had = seen.get(u.name);
    seen.set(u.name, { count: (had?.count ?? 0) + u.count, quality: had && had.quality !== u.quality ? 'mixed' : u.quality });
  }
  return [...seen].map(([value, { count, quality }]) => ({ value, label: `${count} model${count === 1 ? '' : 's'}, ${quality}` }));
}

/** What the loser's kept force fielded that the victor may claim (Salvaged vehicles and weapons), by name. */
export function salvageChoices(loser: KeptForce | null | undefined, names: BofNames): { value: string; label: string }[] {
  if (!loser) return [];
  const found = new Map<string, string>();
  for (const u of loser.units) {
    const unit = names.units.get(u.unit);
    const type = String(unit?.details?.['type'] ?? '');
    if (LEFT_BEHIND.has(type)) found.set(unit!.name, 'a vehicle or gun');
    else if (!NOT_SOLDIERS.has(type)) for (const w of u.weapons) found.set(names.weapons.get(w)?.name ?? w, 'a weapon: WEAPON>SOLDIER hands it to one of yours');
  }
  return [...found].map(([value, label]) => ({ value, label }));
}

type RowKind = 'salvage' | 'upgrade' | 'note';
const ROW_WORDS: Readonly<Record<RowKind, { what: string; remove: string }>> = {
  salvage: { what: 'Salvage', remove: 'salvage' },
  upgrade: { what: 'Upgrade', remove: 'upgrade' },
  note: { what: 'Note', remove: 'note' },
};

export function bofCampaignPanel(host: CampaignPartHost): CampaignPart {
  const soloOption = bofManifest.campaign!.solo!.option;
  let names: Record<Side, string> = { a: 'Side A', b: 'Side B' };
  let kept: Record<Side, KeptForce | null> = { a: null, b: null };
  let players: KeptPlayer[] = [];
  let known: BofNames = NO_NAMES;
  /** whom a line may be for: the sides, or the players where a side has several */
  const who = () => recordWho(players, names, kept);
  const solo = el('input', { type: 'checkbox', id: 'cp-solo' });
  const winner = forOption(el('select'), 'winner');
  const victory = forOption(el('select'), 'victory');
  victory.append(...VICTORIES.map(([value, text]) => new Option(text, value)));
  const score = (side: 'A' | 'B') => {
    const field = labelled(`cp-score${side}`, `Combat Score, side ${side}`, forOption(el('input', { type: 'number', inputMode: 'numeric', min: '0', step: '1' }), 'combat-score'));
    field.querySelector('label')!.id = `cp-score${side}-label`;
    return field;
  };
  const lists: Record<RowKind, HTMLOListElement> = {
    salvage: el('ol', { className: 'cp-items', id: 'cp-salvage' }),
    upgrade: el('ol', { className: 'cp-items', id: 'cp-upgrades' }),
    note: el('ol', { className: 'cp-items', id: 'cp-notes' }),
  };
  lists.salvage.setAttribute('aria-label', 'Salvage');
  lists.upgrade.setAttribute('aria-label', 'Upgrades');
  lists.note.setAttribute('aria-label', 'Notes');
  // the choices a row's field offers, by what it names and for which side
  // one datalist a side, or a player where a side has several; made as they are needed
  const lists_ = el('div', { id: 'cp-record-choices' });
  const datalist = (kind: 'upgrade' | 'salvage', value: string) => {
    const id = `cp-${kind}-from-${/^[ab]$/.test(value) ? value : `p${who().findIndex((w) => w.value === value)}`}`;
    let found = lists_.querySelector<HTMLDataListElement>(`#${id}`);
    if (!found) {
      found = el('datalist', { id });
      lists_.append(found);
    }
    return found;
  };
  const addButtons = {
    salvage: el('button', { type: 'button', className: 'small', id: 'cp-add-salvage', textContent: 'Add salvage' }),
    upgrade: el('button', { type: 'button', className: 'small', id: 'cp-add-upgrade', textContent: 'Add an upgrade' }),
    note: el('button', { type: 'button', className: 'small', id: 'cp-add-note', textContent: 'Add a note' }),
  };
  const record = el(
    'div',
    { id: 'cp-record-bof' },
    el('div', { className: 'row' }, labelled('cp-winner', 'Winner', winner), labelled('cp-victory', 'Victory', victory)),
    el('div', { className: 'row' }, score('A'), score('B')),
    lists.salvage,
    lists.upgrade,
    lists.note,
    el('div', { className: 'actions' }, addButtons.salvage, addButtons.upgrade, addButtons.note),
    lists_,
  );
  const value = (id: string) => record.querySelector<HTMLInputElement>(`#${id}`)!.value;

  /** The forces a side's players keep: what it may leave behind for the victor. */
  const sideForces = (side: Side) => who().filter((w) => w.side === side && w.force).map((w) => w.force!);

  /** The words under a row's field: the forms it takes, as the force of whom it is for stands. */
  const rowHint = (kind: RowKind, value: string): string => {
    const chosen = who().find((w) => w.value === value);
    const force = chosen?.force ?? null;
    if (kind === 'upgrade') {
      return force
        ? `Name a unit of ${force.name}: FROM>TO (another unit), FROM>elite (a rank), FROM+WEAPON (a weapon more); 2 x FROM for several models. Leave the cost empty: muster works it out.`
        : 'FROM>TO (one unit into another, priced by muster), or words with their cost.';
    }
    if (kind === 'salvage') {
      const losers = sideForces(chosen?.side === 'a' ? 'b' : 'a');
      return `The winner's: a vehicle, support weapon or infantry weapon ${losers.length > 0 ? `${losers.map((f) => f.name).join(' or ')} fielded` : 'the loser left behind'}; WEAPON>SOLDIER hands a weapon to one of the winner's soldiers.`;
    }
    return players.length > 2 ? "A line in the player's ledger that changes nothing." : "A line in the side's ledger that changes nothing.";
  };

  /** A row's field offers the choices of whom it is for, and its hint says its forms. */
  const fitRow = (li: HTMLElement) => {
    const kind = li.dataset['kind'] as RowKind;
    const value = li.querySelector('select')!.value;
    const text = li.querySelector<HTMLInputElement>('input[type=text]')!;
    if (kind === 'upgrade' || kind === 'salvage') text.setAttribute('list', datalist(kind, value).id);
    li.querySelector('.hint')!.textContent = rowHint(kind, value);
  };

  // rows are numbered as they are added, so a row removed leaves no two rows of one name
  const made: Record<RowKind, number> = { salvage: 0, upgrade: 0, note: 0 };
  const addRow = (kind: RowKind) => {
    const n = ++made[kind];
    const what = `${ROW_WORDS[kind].what} ${n}`;
    const side = el('select');
    side.append(...who().map((w) => new Option(w.label, w.value)));
    // salvage is the winner's: a new row starts with the side chosen as winner (its first player)
    if (kind === 'salvage' && winner.value) side.value = who().find((w) => w.side === winner.value)?.value ?? side.value;
    const text = el('input', { type: 'text', autocomplete: 'off', spellcheck: false });
    const hint = el('p', { className: 'hint', id: `cp-${kind}-hint-${n}` });
    text.setAttribute('aria-describedby', hint.id);
    const textField = labelled(`cp-${kind}-text-${n}`, `${what}: ${kind === 'note' ? 'text' : 'what'}`, text, 'cp-what');
    textField.append(hint);
    const parts = [labelled(`cp-${kind}-side-${n}`, `${what}: ${players.length > 2 ? 'player' : 'side'}`, side, 'cp-side'), textField];
    if (kind === 'upgrade') {
      const cost = el('input', { type: 'number', min: '0', step: '1', inputMode: 'numeric', placeholder: 'worked out' });
      parts.push(labelled(`cp-upgrade-cost-${n}`, `${what}: cost`, cost, 'cp-cost'));
    }
    const remove = el('button', { type: 'button', className: 'small', textContent: 'Remove' });
    remove.setAttribute('aria-label', `Remove ${ROW_WORDS[kind].remove} ${n}`);
    const li = el('li', { className: `cp-item cp-${kind}` }, el('div', { className: `cp-row cp-row-${kind}` }, ...parts), remove);
    li.dataset['kind'] = kind;
    side.addEventListener('change', () => fitRow(li));
    remove.addEventListener('click', () => {
      li.remove();
      host.changed();
    });
    lists[kind].append(li);
    fitRow(li);
    text.focus();
    host.changed();
  };
  for (const kind of ['salvage', 'upgrade', 'note'] as const) addButtons[kind].addEventListener('click', () => addRow(kind));

  const rowsOf = (kind: RowKind) => [...lists[kind].querySelectorAll<HTMLElement>(':scope > li')];
  const readRecord = (): BofRecord => {
    const sideOf = (li: HTMLElement) => li.querySelector('select')!.value;
    const textOf = (li: HTMLElement) => li.querySelector<HTMLInputElement>('input[type=text]')!.value;
    return {
      winner: winner.value,
      victory: victory.value,
      score: [value('cp-scoreA'), value('cp-scoreB')],
      salvage: rowsOf('salvage').map((li) => ({ side: sideOf(li), text: textOf(li) })),
      upgrades: rowsOf('upgrade').map((li) => ({ side: sideOf(li), text: textOf(li), cost: li.querySelector<HTMLInputElement>('input[type=number]')!.value })),
      notes: rowsOf('note').map((li) => ({ side: sideOf(li), text: textOf(li) })),
    };
  };

  /** The datalists follow the kept forces: each one's units for its upgrades, the losing side's leavings for the winner's salvage. */
  const fillChoices = () => {
    const options = (list: { value: string; label: string }[]) => list.map((c) => new Option(c.label, c.value));
    for (const w of who()) {
      datalist('upgrade', w.value).replaceChildren(...options(upgradeChoices(w.force)));
      const leavings = new Map(sideForces(w.side === 'a' ? 'b' : 'a').flatMap((f) => salvageChoices(f, known)).map((c) => [c.value, c]));
      datalist('salvage', w.value).replaceChildren(...options([...leavings.values()]));
    }
    for (const kind of ['salvage', 'upgrade', 'note'] as const) for (const li of rowsOf(kind)) fitRow(li);
  };

  return {
    startFields: [el('div', { className: 'field check', id: 'cp-solo-row' }, solo, el('label', { htmlFor: 'cp-solo', textContent: 'Solo: every rung a solo packet, your army kept for the whole ladder' }))],
    recordFields: [record],
    nextFields: [],
    async opened() {
      if (known !== NO_NAMES) return;
      const byId = (listed: Listed[]) => new Map(listed.map((l) => [l.id, l]));
      const [units, weapons, nations, doctrines, detachments, modes] = await Promise.all(['units', 'weapons', 'nations', 'doctrines', 'detachments', 'modes'].map((what) => host.list([what])));
      known = { units: byId(units!), weapons: byId(weapons!), nations: byId(nations!), doctrines: byId(doctrines!), detachments: byId(detachments!), modes: modes! };
      fillChoices();
    },
    newOptions: () => (solo.checked ? [[soloOption]] : []),
    solo: () => solo.checked,
    recordOptions: () => bofRecordOptions(readRecord()),
    clearRecord() {
      for (const id of ['cp-winner', 'cp-victory', 'cp-scoreA', 'cp-scoreB']) record.querySelector<HTMLInputElement>(`#${id}`)!.value = '';
      for (const kind of ['salvage', 'upgrade', 'note'] as const) {
        lists[kind].replaceChildren();
        made[kind] = 0;
      }
    },
    nextOptions: () => [],
    status(view) {
      names = view.names;
      const forces = view.json['forces'] as Record<Side, KeptForce | null> | undefined;
      kept = { a: forces?.a ?? null, b: forces?.b ?? null };
      const was = players.length > 2;
      players = (view.json['players'] as KeptPlayer[] | undefined) ?? [];
      // a campaign of another shape (sides, or players) than the rows were made for: they start again
      if (was !== players.length > 2) for (const kind of ['salvage', 'upgrade', 'note'] as const) lists[kind].replaceChildren();
      const chosen = winner.value;
      winner.replaceChildren(new Option('choose', ''), ...SIDES.map((s) => new Option(names[s], s)));
      winner.value = chosen;
      for (const select of record.querySelectorAll<HTMLSelectElement>('.cp-item select')) {
        for (const option of select.options) option.textContent = who().find((w) => w.value === option.value)?.label ?? option.textContent;
      }
      fillChoices();
      return bofStatusDetail(view, known);
    },
    shape: () => ({ recordable: true, printNext: "Next game's packet" }),
  };
}

/**
 * Where a kept campaign stands, from its state file: "game 4 next (rung 4 of 9): Side A (Anna,
 * Ben, Carl) attacks", or who won; undefined for a state that is no ladder's.
 */
export function bofCampaignSummary(state: Readonly<Record<string, unknown>>): string | undefined {
  const s = state as { game?: unknown; rungIndex?: unknown; attacker?: unknown; finished?: unknown; winner?: unknown; names?: Record<string, unknown>; players?: { name?: unknown; side?: unknown }[] };
  if (typeof s.game !== 'number' || typeof s.rungIndex !== 'number' || !s.names) return undefined;
  const sideName = (side: unknown) => (side === 'a' || side === 'b' ? String(s.names![side] ?? side) : '');
  const team = (side: unknown) => {
    const of = (s.players ?? []).filter((p) => p.side === side).map((p) => String(p.name));
    return of.length > 1 ? ` (${of.join(', ')})` : '';
  };
  if (s.finished === true) return `over after ${s.game} games: ${s.winner ? `${sideName(s.winner)}${team(s.winner)} won` : 'a draw'}`;
  const who = s.attacker === 'a' || s.attacker === 'b' ? `${sideName(s.attacker)}${team(s.attacker)} attacks` : 'no attacker yet';
  return `game ${s.game + 1} next (rung ${s.rungIndex + 1} of 9): ${who}`;
}

/** "Germany, Infantry (Grenadier platoon)": a solo player's army in muster's names. */
function armyWords(player: Player, names: BofNames): string {
  const name = (map: ReadonlyMap<string, Listed>, id: string) => map.get(id)?.name ?? id;
  return `${name(names.nations, player.nation)}, ${name(names.doctrines, player.doctrine)} (${name(names.detachments, player.detachment)})`;
}

/** Where the campaign stands on the ladder: its rungs drawn in a row, this game's marked. */
function hereBox(here: Here, view: CampaignView, names: BofNames): HTMLElement {
  const ladder = el('ol', { className: 'cp-ladder' });
  ladder.setAttribute('aria-label', `The ladder: rung ${here.rungNumber} of ${here.rungs}`);
  // the ladder is the nine game modes in the chapter's order (the modes list)
  const rungNames = names.modes.length === here.rungs ? names.modes.map((m) => m.name) : [];
  for (let rung = 1; rung <= here.rungs; rung++) {
    const step = el('li', { textContent: String(rung), title: rungNames[rung - 1] ?? `rung ${rung}` });
    if (rung === here.rungNumber) {
      step.className = 'here';
      step.setAttribute('aria-current', 'step');
    } else if (rung < here.rungNumber) step.className = 'climbed';
    ladder.append(step);
  }
  const players = ((view.json['players'] as KeptPlayer[] | undefined) ?? []).filter((p) => p.side === here.attacker);
  const team = players.length > 1 ? ` (${players.map((p) => p.name).join(', ')})` : '';
  const attacker = here.attacker ? `${view.names[here.attacker]}${team} attacks` : 'no attacker yet';
  const words = el('p', { className: 'cp-here-words' }, el('strong', { textContent: 'You are here: ' }), `game ${here.game}, ${here.name} (rung ${here.rungNumber} of ${here.rungs}); ${attacker}.`);
  return el('div', { className: 'cp-here', id: 'cp-here' }, ladder, words);
}

/** A kept force in the status: its name and points, its units in a fold, its problems. */
function keptForceItem(item: HTMLElement, force: KeptForce, names: BofNames): void {
  item.append(el('span', { className: 'cp-force-name', textContent: force.name }), `, ${force.points} points (limit ${force.limit})`);
  const units = el('ul', { className: 'cp-units' });
  for (const u of force.units) {
    const weapons = u.weapons.map((w) => names.weapons.get(w)?.name ?? w).join(', ');
    const salvaged = u.salvaged === undefined ? '' : `, salvaged in game ${u.salvaged}`;
    units.append(el('li', { textContent: `${u.count} × ${u.name}, ${u.quality}${weapons ? `: ${weapons}` : ''} (${u.points} points${salvaged})` }));
  }
  item.append(el('details', {}, el('summary', { textContent: `Its units (${force.units.length})` }), units));
  if (force.problems.length > 0) item.append(el('ul', { className: 'problems' }, ...force.problems.map((p) => el('li', { textContent: p }))));
}

/** Each side's force as the campaign keeps it (each player's, where a side has several): its name and points, its units in a fold; or how the dice field it. */
function forcesBox(view: CampaignView, names: BofNames): HTMLElement {
  const forces = (view.json['forces'] as Record<Side, KeptForce | null> | undefined) ?? { a: null, b: null };
  const player = view.json['player'] as Player | undefined;
  const players = (view.json['players'] as KeptPlayer[] | undefined) ?? [];
  const solo = player !== undefined;
  const list = el('ul', { className: 'cp-forces-kept', id: 'cp-forces-kept' });
  list.setAttribute('aria-label', 'Forces');
  if (players.length > 2) {
    for (const p of players) {
      const item = el('li', {}, el('strong', { textContent: `${p.name} (${view.names[p.side]}): ` }));
      if (p.force) keptForceItem(item, p.force, names);
      else item.append('his own to build for each game, within his share');
      list.append(item);
    }
    return list;
  }
  for (const side of SIDES) {
    const force = forces[side];
    const item = el('li', {}, el('strong', { textContent: `${view.names[side]}: ` }));
    if (force) {
      keptForceItem(item, force, names);
    } else if (solo && side === 'a' && player.from === 'roll') {
      item.append(`${armyWords(player, names)}, rolled once, for the whole ladder; its units rolled for each game`);
    } else item.append('rolled by the dice for each game');
    list.append(item);
  }
  return list;
}

/** Where the campaign stands, the sides' points, morale, wins and losing streaks, their forces, and the games played. */
function bofStatusDetail(view: CampaignView, names: BofNames): HTMLElement {
  const j = view.json as {
    points: Record<Side, number>;
    available: Record<Side, number>;
    morale: Record<Side, number>;
    streak: Record<Side, number>;
    wins: Record<Side, number>;
    here?: Here | null;
    history: { game: number; rung: string; winner: Side; victory: string; combatScore: Record<Side, number>; event?: string }[];
  };
  const box = el('div', {});
  if (j.here) box.append(hereBox(j.here, view, names));
  const table = el('table', { className: 'cp-table' });
  const head = table.createTHead().insertRow();
  for (const h of ['Side', 'Points (to spend)', 'Morale', 'Wins', 'Losses in a row']) head.append(el('th', { textContent: h, scope: 'col' }));
  const body = table.createTBody();
  for (const side of SIDES) {
    const row = body.insertRow();
    row.append(el('th', { textContent: view.names[side], scope: 'row' }));
    for (const cell of [`${j.points[side]} (${j.available[side]})`, j.morale[side], j.wins[side], j.streak[side]]) row.insertCell().textContent = String(cell);
  }
  box.append(table);
  const players = (view.json['players'] as KeptPlayer[] | undefined) ?? [];
  if (players.length > 2) {
    // several players a side: each player's part of his side's points, and what he has to spend
    const each = el('table', { className: 'cp-table', id: 'cp-players-table' });
    const top = each.createTHead().insertRow();
    for (const h of ['Player', 'Side', 'Points (to spend)']) top.append(el('th', { textContent: h, scope: 'col' }));
    const rows = each.createTBody();
    for (const p of players) {
      const row = rows.insertRow();
      row.append(el('th', { textContent: p.name, scope: 'row' }));
      row.insertCell().textContent = view.names[p.side];
      row.insertCell().textContent = `${p.points} (${p.available})`;
    }
    box.append(each);
  }
  box.append(el('h3', { className: 'cp-sub', textContent: 'Forces' }), forcesBox(view, names));
  if (j.history.length > 0) {
    const list = el('ol', { className: 'cp-log' });
    list.setAttribute('aria-label', 'Games played');
    for (const g of j.history) {
      list.append(el('li', { textContent: `Game ${g.game}, ${g.rung}: ${view.names[g.winner]} won (${g.victory}, ${g.combatScore.a}:${g.combatScore.b})${g.event ? `; ${g.event}` : ''}` }));
    }
    box.append(list);
  }
  return box;
}
