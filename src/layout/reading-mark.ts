import { carriesHouse, carriesReading } from '../doc/model.js';
import type { Item } from './primitives.js';

/** Whether a page's items show the reading mark anywhere: then the page carries its footnote. */
export function showsReading(items: readonly Item[]): boolean {
  return items.some((item) => item.kind === 'text' && carriesReading(item.text));
}

/** Whether a page's items show the house mark anywhere: then the page carries the house footnote. */
export function showsHouse(items: readonly Item[]): boolean {
  return items.some((item) => item.kind === 'text' && carriesHouse(item.text));
}
