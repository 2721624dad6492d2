// The first screen's lists of what the browser keeps (forces, campaigns): one line each, its
// name and rule set, to open or remove. One drawing for every kind kept.
import { sortKept, type Kept } from './browser-shelf.js';
import { el } from './kit/force-ui.js';

export interface KeptListWords<T extends Kept> {
  /** the buttons' ids: `${prefix}-open-${i}`, `${prefix}-remove-${i}` */
  prefix: string;
  systemName(id: string): string;
  /** a second line under the rule set's name, if any ("4 changes since the last download") */
  detail?(item: T): string;
  open(item: T): void;
  remove(item: T): void;
}

/**
 * Draws `items` into `list` in the order players read names; the list's box (its parent) is
 * hidden when empty, and the fieldset around every list when all are.
 */
export function drawKeptList<T extends Kept>(list: HTMLElement, items: readonly T[], words: KeptListWords<T>): void {
  list.replaceChildren(
    ...sortKept(items).map((item, i) => {
      const open = el('button', { type: 'button', id: `${words.prefix}-open-${i}`, textContent: 'Open' });
      open.setAttribute('aria-label', `Open ${item.name}`);
      open.addEventListener('click', () => words.open(item));
      const remove = el('button', { type: 'button', id: `${words.prefix}-remove-${i}`, textContent: 'Remove' });
      remove.setAttribute('aria-label', `Remove ${item.name} from this browser`);
      remove.addEventListener('click', () => words.remove(item));
      const detail = words.detail?.(item);
      const system = words.systemName(item.system) + (detail ? ` · ${detail}` : '');
      return el('li', {}, el('div', {}, el('span', { className: 'kept-name', textContent: item.name }), el('span', { className: 'kept-system', textContent: system })), open, remove);
    }),
  );
  list.parentElement!.hidden = items.length === 0;
  const fieldset = list.closest('fieldset')!;
  fieldset.hidden = [...fieldset.querySelectorAll('ul.kept')].every((ul) => ul.children.length === 0);
}
