/**
 * Burst of Fire's fields of the page's campaign panel (issue 17): a solo ladder at the start;
 * a game's winner, victory, Combat Scores, salvage and upgrades to record; the sides' points,
 * morale, wins and losing streaks, and the games played, under the status.
 */
import { el, labelled } from '../../../web/kit/force-ui.js';
import { SIDES, type CampaignPart, type CampaignView, type CommandOptions, type Side } from '../../../web/kit/page-parts.js';

export interface BofRecord {
  winner: string;
  victory: string;
  /** the two Combat Scores, as typed */
  score: [string, string];
  salvage: { side: string; text: string }[];
  upgrades: { side: string; text: string; cost: string }[];
}

/** `record`'s options for a game; an empty field is left out, for the command line to name. */
export function bofRecordOptions(fields: BofRecord): CommandOptions {
  const options: [string, string][] = [];
  if (fields.winner) options.push(['winner', fields.winner]);
  if (fields.victory) options.push(['victory', fields.victory]);
  const [a, b] = fields.score.map((s) => s.trim());
  if (a || b) options.push(['combat-score', `${a}:${b}`]);
  for (const s of fields.salvage) if (s.text.trim()) options.push(['salvage', `${s.side}:${s.text.trim()}`]);
  for (const u of fields.upgrades) if (u.text.trim() || u.cost.trim()) options.push(['upgrade', `${u.side}:${u.text.trim()}:${u.cost.trim()}`]);
  return options;
}

const VICTORIES = [
  ['', 'choose'],
  ['decisive', 'decisive (mission done, or the enemy stopped)'],
  ['strategic', 'strategic (the enemy withdrew)'],
  ['turns', 'on Combat Score after the last turn'],
] as const;

type RowKind = 'salvage' | 'upgrade';

export function bofCampaignPanel(host: { changed(): void }): CampaignPart {
  let names: Record<Side, string> = { a: 'Side A', b: 'Side B' };
  const solo = el('input', { type: 'checkbox', id: 'cp-solo' });
  const winner = el('select');
  const victory = el('select');
  victory.append(...VICTORIES.map(([value, text]) => new Option(text, value)));
  const score = (side: 'A' | 'B') => {
    const field = labelled(`cp-score${side}`, `Combat Score, side ${side}`, el('input', { type: 'number', inputMode: 'numeric', min: '0', step: '1' }));
    field.querySelector('label')!.id = `cp-score${side}-label`;
    return field;
  };
  const salvage = el('ol', { className: 'cp-items', id: 'cp-salvage' });
  salvage.setAttribute('aria-label', 'Salvage');
  const upgrades = el('ol', { className: 'cp-items', id: 'cp-upgrades' });
  upgrades.setAttribute('aria-label', 'Upgrades');
  const addSalvage = el('button', { type: 'button', className: 'small', id: 'cp-add-salvage', textContent: 'Add salvage' });
  const addUpgrade = el('button', { type: 'button', className: 'small', id: 'cp-add-upgrade', textContent: 'Add an upgrade' });
  const record = el(
    'div',
    { id: 'cp-record-bof' },
    el('div', { className: 'row' }, labelled('cp-winner', 'Winner', winner), labelled('cp-victory', 'Victory', victory)),
    el('div', { className: 'row' }, score('A'), score('B')),
    salvage,
    upgrades,
    el('div', { className: 'actions' }, addSalvage, addUpgrade),
  );
  const value = (id: string) => record.querySelector<HTMLInputElement>(`#${id}`)!.value;

  const addRow = (kind: RowKind) => {
    const list = kind === 'salvage' ? salvage : upgrades;
    const n = list.children.length + 1;
    const what = kind === 'salvage' ? `Salvage ${n}` : `Upgrade ${n}`;
    const side = el('select');
    side.append(...SIDES.map((s) => new Option(names[s], s)));
    const text = el('input', { type: 'text', autocomplete: 'off' });
    const parts = [labelled(`cp-${kind}-side-${n}`, `${what}: side`, side), labelled(`cp-${kind}-text-${n}`, `${what}: what`, text)];
    if (kind === 'upgrade') parts.push(labelled(`cp-upgrade-cost-${n}`, `${what}: cost`, el('input', { type: 'number', min: '0', step: '1', inputMode: 'numeric' })));
    const remove = el('button', { type: 'button', className: 'small', textContent: 'Remove' });
    remove.setAttribute('aria-label', `Remove ${kind} ${n}`);
    const li = el('li', { className: 'cp-item' }, el('div', { className: 'cp-row' }, ...parts), remove);
    remove.addEventListener('click', () => {
      li.remove();
      host.changed();
    });
    list.append(li);
    text.focus();
    host.changed();
  };
  addSalvage.addEventListener('click', () => addRow('salvage'));
  addUpgrade.addEventListener('click', () => addRow('upgrade'));

  const readRecord = (): BofRecord => {
    const rows = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>('li')];
    return {
      winner: winner.value,
      victory: victory.value,
      score: [value('cp-scoreA'), value('cp-scoreB')],
      salvage: rows(salvage).map((li) => ({ side: li.querySelector('select')!.value, text: li.querySelector<HTMLInputElement>('input')!.value })),
      upgrades: rows(upgrades).map((li) => {
        const [text, cost] = li.querySelectorAll<HTMLInputElement>('input');
        return { side: li.querySelector('select')!.value, text: text!.value, cost: cost!.value };
      }),
    };
  };

  return {
    startFields: [el('div', { className: 'field check', id: 'cp-solo-row' }, solo, el('label', { htmlFor: 'cp-solo', textContent: 'Solo: every rung a solo packet' }))],
    recordFields: [record],
    nextFields: [],
    opened: async () => undefined,
    newOptions: () => (solo.checked ? [['solo']] : []),
    recordOptions: () => bofRecordOptions(readRecord()),
    clearRecord() {
      for (const id of ['cp-winner', 'cp-victory', 'cp-scoreA', 'cp-scoreB']) record.querySelector<HTMLInputElement>(`#${id}`)!.value = '';
      salvage.replaceChildren();
      upgrades.replaceChildren();
    },
    nextOptions: () => [],
    status(view) {
      names = view.names;
      const kept = winner.value;
      winner.replaceChildren(new Option('choose', ''), ...SIDES.map((s) => new Option(names[s], s)));
      winner.value = kept;
      for (const select of record.querySelectorAll<HTMLSelectElement>('.cp-item select')) {
        for (const option of select.options) option.textContent = names[option.value as Side] ?? option.textContent;
      }
      return bofStatusDetail(view);
    },
    shape: () => ({ recordable: true, printNext: "Next game's packet" }),
  };
}

/** The sides' points, morale, wins and losing streaks, and the games played. */
function bofStatusDetail(view: CampaignView): HTMLElement {
  const j = view.json as {
    points: Record<Side, number>;
    available: Record<Side, number>;
    morale: Record<Side, number>;
    streak: Record<Side, number>;
    wins: Record<Side, number>;
    history: { game: number; rung: string; winner: Side; victory: string; combatScore: Record<Side, number>; event?: string }[];
  };
  const table = el('table', { className: 'cp-table' });
  const head = table.createTHead().insertRow();
  for (const h of ['Side', 'Points (to spend)', 'Morale', 'Wins', 'Losses in a row']) head.append(el('th', { textContent: h, scope: 'col' }));
  const body = table.createTBody();
  for (const side of SIDES) {
    const row = body.insertRow();
    row.append(el('th', { textContent: view.names[side], scope: 'row' }));
    for (const cell of [`${j.points[side]} (${j.available[side]})`, j.morale[side], j.wins[side], j.streak[side]]) row.insertCell().textContent = String(cell);
  }
  const box = el('div', {}, table);
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
