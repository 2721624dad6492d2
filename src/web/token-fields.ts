/**
 * The form's fields for what a token sheet prints: a box for each part (`--only`, `--without`)
 * and a number for each token kind (`--count ID=N`), grouped by the part that prints it. A link
 * and the command line hold them as the options those fields make (form.ts).
 */
import { countsFrom, countsOption, partsOptions, tickedParts, type Part } from './form.js';
import type { TokenKind } from './rule-set-choices.js';

export class TokenFields {
  constructor(
    /** the parts' boxes go here */
    private readonly partsBox: HTMLElement,
    /** the tokens' numbers go here */
    private readonly countsBox: HTMLElement,
  ) {}

  /** The rule set's parts, all ticked (neither --only nor --without), and a number for each token kind, blank for the sheet's count. */
  fill(parts: readonly Part[], tokens: readonly TokenKind[]): void {
    this.partsBox.replaceChildren(...parts.map((part) => partBox(part)));
    const twice = new Set(tokens.filter((t, i) => tokens.findIndex((u) => u.name === t.name) !== i).map((t) => t.name));
    const groups = [...new Set(tokens.map((t) => t.part))];
    this.countsBox.replaceChildren(
      ...groups.flatMap((group) => {
        const heading = document.createElement('h2');
        heading.className = 'sub';
        heading.textContent = parts.find((p) => p.id === group)?.name ?? group;
        const list = document.createElement('div');
        list.className = 'counts';
        list.append(...tokens.filter((t) => t.part === group).map((token) => countField(token, twice.has(token.name))));
        return groups.length > 1 ? [heading, list] : [list];
      }),
    );
  }

  /** The options the fields make: `only` or `without` (parts), `count` (tokens), where the fields show. */
  read(parts: boolean, counts: boolean): Record<string, string> {
    const options: Record<string, string> = {};
    if (parts) Object.assign(options, partsOptions(this.partIds(), this.boxes().filter((b) => b.checked).map((b) => b.value)));
    if (counts) {
      const count = countsOption(new Map(this.counts().map((i) => [i.dataset['token']!, i.value])), this.counts().map((i) => i.dataset['token']!));
      if (count) options['count'] = count;
    }
    return options;
  }

  /** The fields as a form's options set them. */
  restore(options: Readonly<Record<string, string>>): void {
    const ticked = tickedParts(this.partIds(), options);
    for (const box of this.boxes()) box.checked = ticked.includes(box.value);
    const counts = countsFrom(options['count']);
    for (const input of this.counts()) input.value = counts.get(input.dataset['token']!) ?? '';
  }

  private boxes(): HTMLInputElement[] {
    return [...this.partsBox.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
  }

  private partIds(): string[] {
    return this.boxes().map((b) => b.value);
  }

  private counts(): HTMLInputElement[] {
    return [...this.countsBox.querySelectorAll<HTMLInputElement>('input[data-token]')];
  }
}

function partBox(part: Part): HTMLElement {
  const row = document.createElement('div');
  row.className = 'field check';
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.id = `part-${part.id}`;
  box.value = part.id;
  box.checked = true;
  const label = document.createElement('label');
  label.htmlFor = box.id;
  label.textContent = part.name.charAt(0).toUpperCase() + part.name.slice(1);
  row.append(box, label);
  return row;
}

/** A token kind's number; its id beside a name two kinds share. */
function countField(token: TokenKind, named: boolean): HTMLElement {
  const field = document.createElement('div');
  field.className = 'field';
  const input = document.createElement('input');
  input.type = 'number';
  input.inputMode = 'numeric';
  input.min = '0';
  input.max = '100';
  input.step = '1';
  input.id = `count-${token.id}`;
  input.dataset['token'] = token.id;
  input.placeholder = String(token.count);
  const label = document.createElement('label');
  label.htmlFor = input.id;
  label.textContent = named ? `${token.name} (${token.id})` : token.name;
  field.append(label, input);
  return field;
}
