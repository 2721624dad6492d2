/**
 * What every rule set's force builder shares in the page (issue 17): small DOM helpers for
 * labelled controls, and the part a rule set's builder plays for the bench in
 * src/web/force-builder.ts (which owns the live check, the points bar, the problems by `where`,
 * load and download, print and scenario).
 */
import type { CheckReport } from './force-model.js';

/** An entry of `muster list <system> <what> --format json`. */
export interface Listed {
  id: string;
  name: string;
  points?: number;
  details?: Record<string, unknown>;
}

/** What a rule set's builder asks of the bench. */
export interface Bench {
  /** `muster list <system> ...args --format json`, cached; [] when it fails */
  list(system: string, args: string[]): Promise<Listed[]>;
  /** the force changed: written now, checked when the player pauses */
  changed(): void;
  /** redraws the problems and points beside the rows (after rows are redrawn) */
  reshow(): void;
  /** the notes under the bar; `refused`: a file the builder would not load */
  setNotes(notes: string[], refused?: boolean): void;
  /** a row was drawn (counted, for the test of what a force costs) */
  rowDrawn(): void;
}

/** The bar's words for a report: "48 of 75 points", good when it may take the table. */
export interface Summary {
  total: string;
  good: boolean;
}

/** One rule set's builder: its own fields, its force as YAML, its pick-lists. */
export abstract class RuleSetBuilder {
  /** the rule set's id, as the command line takes it */
  abstract readonly system: string;
  /** null: its scenario takes the force (--force); a text: why it does not */
  readonly noScenario: string | null = null;
  private opened = false;
  constructor(
    protected readonly bench: Bench,
    /** its own fields, inside the builder's fieldset; hidden when another rule set is chosen */
    readonly box: HTMLElement,
  ) {}
  /** Shows the force; the first time only, after fetching the pick-lists (firstOpen). */
  async open(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    await this.firstOpen();
  }
  /** Fetches the rule set's pick-lists and shows the force: once, when the builder is first shown. */
  protected abstract firstOpen(): Promise<void>;
  /** A new, empty force. */
  abstract reset(): Promise<void>;
  /** A force file's text loaded; throws on text that is no force. */
  abstract load(text: string, file: string): Promise<void>;
  abstract yaml(): string;
  /** The force's name, for the file saved. */
  abstract forceName(): string;
  /** The bar's total; the total when `check` refused the file is "–". */
  abstract summary(report: CheckReport | undefined): Summary;
}

/** Rows put in the page at once before the page is given back to the player. */
export const ROWS_AT_ONCE = 25;

/**
 * Appends `count` rows made by `make` to `list`, ROWS_AT_ONCE at a time with the page free
 * between them (style and layout of a few hundred form rows take seconds). `current` says
 * whether this drawing is still wanted; false when a newer one stopped it.
 */
export async function appendInTurns(list: Element, count: number, make: (index: number) => Element, current: () => boolean): Promise<boolean> {
  for (let start = 0; start < count; start += ROWS_AT_ONCE) {
    if (start > 0) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!current()) return false;
    }
    const rows: Element[] = [];
    for (let k = start; k < Math.min(count, start + ROWS_AT_ONCE); k++) rows.push(make(k));
    list.append(...rows);
  }
  return current();
}

/**
 * A builder's rows from `from` on, drawn anew (appendInTurns): `row` makes the row of one unit.
 * Units a file gives as no list (typed as one, but read as the file has it) are kept and said so.
 * True when all were drawn.
 */
export async function redrawRows<U>(list: Element, units: readonly U[], from: number, row: (unit: U, index: number) => Element, current: () => boolean): Promise<boolean> {
  if (!Array.isArray(units)) {
    list.replaceChildren(el('li', { className: 'unit-row' }, 'The units of the file are kept as they are: the builder cannot show them.'));
    return false;
  }
  while (list.children.length > from) list.lastElementChild!.remove();
  return appendInTurns(list, units.length - from, (k) => row(units[from + k]!, from + k), current);
}

export const pts = (n: number | null | undefined) => `${n ?? 0} pt${n === 1 ? '' : 's'}`;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node: HTMLElementTagNameMap[K] = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

export function labelled(id: string, text: string, control: HTMLElement, extra = ''): HTMLDivElement {
  control.id = id;
  return el('div', { className: `field ${extra}`.trim() }, el('label', { htmlFor: id, textContent: text }), control);
}

/**
 * Marks a control as the one that gives a command-line option in a campaign's form, so the
 * page names it by its label where a message of the command line names the option. (Not
 * data-option: that marks the print form's own controls, which the form reads into its argv.)
 */
export function forOption<T extends HTMLElement>(control: T, name: string): T {
  control.dataset['campaignOption'] = name;
  return control;
}

export function option(value: string, text: string, selected = false): HTMLOptionElement {
  return new Option(text, value, selected, selected);
}

/** A select of entries, with a first choice and the file's own value kept when it names none of them. */
export function selectOf(entries: readonly { id: string; name: string }[], value: string, first: string | null, onChange: (value: string) => void): HTMLSelectElement {
  const select = el('select');
  const known = entries.some((e) => e.id === value);
  if (first !== null) select.append(option('', first, value === ''));
  select.append(...entries.map((e) => option(e.id, e.name, e.id === value)));
  if (value && !known) select.append(option(value, `${value} (as in the file)`, true));
  select.value = value;
  select.addEventListener('change', () => onChange(select.value));
  return select;
}

/** A number input: empty reads as undefined. */
export function numberInput(value: unknown, attrs: Record<string, unknown>, onInput: (value: number | undefined) => void): HTMLInputElement {
  const input = el('input', { type: 'number', inputMode: 'numeric', step: '1', ...attrs, value: typeof value === 'number' ? String(value) : '' });
  input.addEventListener('input', () => {
    const n = Number(input.value);
    onInput(input.value.trim() === '' || !Number.isFinite(n) ? undefined : n);
  });
  return input;
}

export function textInput(value: unknown, attrs: Record<string, unknown>, onInput: (value: string) => void): HTMLInputElement {
  const input = el('input', { type: 'text', autocomplete: 'off', ...attrs, value: typeof value === 'string' || typeof value === 'number' ? String(value) : '' });
  input.addEventListener('input', () => onInput(input.value));
  return input;
}

/** The list beside a row that the bench fills with that row's problems. */
export function problemList(id: string): HTMLUListElement {
  const problems = el('ul', { className: 'problems', id });
  problems.setAttribute('aria-live', 'polite');
  return problems;
}

/** A row the bench finds by the `where` the check names ("platoons[0]", "units[3]"). */
export function rowItem(id: string, where: string): HTMLLIElement {
  const li = el('li', { className: 'unit-row', id });
  li.dataset['row'] = where;
  return li;
}

/** Re-draws one row, keeping the focus on the control that had it. */
export function replaceKeepingFocus(old: Element | null, next: Element): void {
  const focused = document.activeElement?.id;
  old?.replaceWith(next);
  if (focused) document.getElementById(focused)?.focus();
}
