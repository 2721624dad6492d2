/**
 * The fields of a rule set's own options, made from their declarations (`muster systems
 * --format json`): a select for choices (its first entry "default" leaves the option out),
 * a checkbox for a flag, a number or a text input; the label a short form of the option's
 * words, the rest of them as help under it and the whole as the field's title. A rule set's page
 * part may say more of one (kit/page-parts.ts OwnFieldShape): its values the names a listing
 * gives, one a side, a flag that prints a deck in place of the sheets.
 */
import type { DeclaredOption } from './form.js';
import type { OwnFieldShape } from './kit/page-parts.js';
import type { Named } from './rule-set-choices.js';

/** The own fields of the rule set and product the form shows, in `box`. */
export class OwnFields {
  /** the rule set and product whose own options the fields are */
  private madeFor: string | undefined;
  private shapes: Readonly<Record<string, OwnFieldShape>> = {};
  /** the rule set's words for its options' empty fields (its page part's) */
  private help: Readonly<Record<string, string>> = {};
  /** each option field's own placeholder, before a rule set's words replace it */
  private readonly placeholders = new WeakMap<HTMLInputElement, string>();

  constructor(
    private readonly box: HTMLElement,
    /** the form, whose empty option fields show the rule set's words */
    private readonly form: HTMLElement,
  ) {}

  /** Made again at the next fill (the house rules in use changed: their lists may too). */
  forget(): void {
    this.madeFor = undefined;
  }

  /**
   * A field for each of the rule set's own options of the product, in declaration order, a
   * listed one with the names its listing gives (`listed`, by option); made again when the rule
   * set or the product changes, so a choice made stays made.
   */
  fill(key: string, own: readonly DeclaredOption[], shapes: Readonly<Record<string, OwnFieldShape>>, listed: ReadonlyMap<string, readonly Named[]>): void {
    if (this.madeFor === key) return;
    this.madeFor = key;
    this.shapes = shapes;
    this.box.replaceChildren(...own.map((option) => ownField(option, shapes[option.name], listed.get(option.name))));
    this.showHelp(this.help);
  }

  /** A control of these fields whose choice changes what else the form shows (a flag that prints a deck instead). */
  shapesForm(control: HTMLElement): boolean {
    return this.box.contains(control) && this.shapes[control.dataset['option'] ?? '']?.deckInstead === true;
  }

  /** The flag of a shown field that prints a deck in place of the product's sheets is ticked. */
  deckInstead(options: Readonly<Record<string, string>>): boolean {
    return [...this.box.querySelectorAll<HTMLElement>('[data-own]')].some((f) => this.shapes[f.dataset['own']!]?.deckInstead && options[f.dataset['own']!] === 'yes');
  }

  /**
   * Shows the fields that apply: an option said to be for one mode ("solo: ...") in that mode
   * alone, a listed one where its listing has names, one of the sheets while no deck takes their place.
   */
  show(mode: string, deck: boolean): boolean {
    let any = false;
    for (const field of this.box.querySelectorAll<HTMLElement>('[data-own]')) {
      const shape = this.shapes[field.dataset['own']!] ?? {};
      field.hidden = (field.dataset['mode'] !== undefined && field.dataset['mode'] !== mode) || field.dataset['listed'] === 'none' || (shape.sheetsOnly === true && deck);
      any ||= !field.hidden;
    }
    return any;
  }

  /** The options of the fields one a side, as A,B where both are chosen. */
  readSides(): Record<string, string> {
    const options: Record<string, string> = {};
    for (const field of this.box.querySelectorAll<HTMLElement>('[data-sides]')) {
      if (field.closest('[hidden]')) continue;
      const [a, b] = [...field.querySelectorAll('select')].map((s) => s.value);
      if (a && b) options[field.dataset['sides']!] = `${a},${b}`;
    }
    return options;
  }

  /** The fields one a side as a form's options set them. */
  restoreSides(options: Readonly<Record<string, string>>): void {
    for (const field of this.box.querySelectorAll<HTMLElement>('[data-sides]')) {
      const values = (options[field.dataset['sides']!] ?? '').split(',');
      field.querySelectorAll('select').forEach((select, i) => (select.value = values[i] ?? ''));
    }
  }

  /** The rule set's words in the form's empty option fields, the fields' own elsewhere. */
  showHelp(help: Readonly<Record<string, string>>): void {
    this.help = help;
    for (const input of this.form.querySelectorAll<HTMLInputElement>('input[data-option]')) {
      if (!this.placeholders.has(input)) this.placeholders.set(input, input.placeholder);
      input.placeholder = help[input.dataset['option']!] ?? this.placeholders.get(input)!;
    }
  }
}

/** One field for the option, its control named by the option (data-option) as the form reads it. */
function ownField(option: DeclaredOption, shape: OwnFieldShape = {}, entries: readonly Named[] = []): HTMLElement {
  const field = document.createElement('div');
  field.className = option.type === 'boolean' ? 'field check' : 'field';
  field.dataset['own'] = option.name;
  if (option.mode) field.dataset['mode'] = option.mode;
  if (shape.listed && entries.length === 0) field.dataset['listed'] = 'none';
  field.title = option.describe;
  const id = `own-${option.name}`;
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.textContent = capitalised(option.describe);
  if (shape.sides) {
    // a list a side, side by side, as the command line takes them: A,B
    field.dataset['sides'] = option.name;
    const row = document.createElement('div');
    row.className = 'row';
    row.append(...shape.sides.map((words, i) => labelled(`${id}-${'ab'[i]}`, words, listOf(shape.listed?.none ?? '', entries))));
    field.append(row, hint);
    return field;
  }
  const control = shape.listed ? listOf(shape.listed.none, entries) : controlFor(option, option.example, option.range);
  control.id = id;
  control.dataset['option'] = option.name;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = option.label;
  if (option.type === 'boolean') {
    // a box and its words on one line, the help under both
    const line = document.createElement('div');
    line.className = 'field check';
    line.append(control, label);
    field.className = 'field';
    field.append(line);
  } else field.append(label, control);
  field.append(hint);
  return field;
}

/** A list of a listing's names, its first entry (`none`) leaving the option out. */
function listOf(none: string, entries: readonly Named[]): HTMLSelectElement {
  const select = document.createElement('select');
  select.append(new Option(none, ''), ...entries.map((e) => new Option(e.name, e.id)));
  return select;
}

function labelled(id: string, words: string, control: HTMLSelectElement): HTMLElement {
  const field = document.createElement('div');
  field.className = 'field';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = words;
  control.id = id;
  field.append(label, control);
  return field;
}

function controlFor(option: DeclaredOption, placeholder: string | undefined, range: { min: number; max: number } | undefined): HTMLInputElement | HTMLSelectElement {
  if (option.choices) {
    const select = document.createElement('select');
    select.append(new Option('default', ''), ...option.choices.map((choice) => new Option(choice, choice)));
    return select;
  }
  const input = document.createElement('input');
  input.autocomplete = 'off';
  if (option.type === 'boolean') {
    input.type = 'checkbox';
    return input;
  }
  if (option.type === 'number') {
    input.type = 'number';
    input.inputMode = 'numeric';
    input.step = '1';
    if (range) {
      input.min = String(range.min);
      input.max = String(range.max);
    }
  } else {
    input.type = 'text';
    input.spellcheck = false;
  }
  if (placeholder) input.placeholder = placeholder;
  return input;
}

/** The option's words under its field, as a sentence begins (muster's own name as it is written). */
function capitalised(words: string): string {
  return words.startsWith('muster') ? words : words.charAt(0).toUpperCase() + words.slice(1);
}
