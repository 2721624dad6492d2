/**
 * The form's fields of the command line's shared options, made from the command table
 * (page-options.ts): the label and the words of each choice its `page` field gives, the
 * choices, the type and the help the option's own. index.html says where a field stands (an
 * element `data-field="NAME"` it takes the place of); one it does not place goes at the end of
 * its group (`data-fields="GROUP"`). Each control is named by its option (`data-option`), as
 * the form reads it, and its id is the option's name.
 */
import { FIELD_OPTIONS, type FieldOption } from './page-options.js';

/** Puts a field for every option the form offers into the form. */
export function placeSharedFields(form: HTMLElement): void {
  for (const option of FIELD_OPTIONS) {
    const field = sharedField(option);
    const place = form.querySelector(`[data-field="${option.name}"]`);
    if (place) place.replaceWith(field);
    else form.querySelector(`[data-fields="${option.page.group}"]`)!.append(field);
  }
}

function sharedField(option: FieldOption): HTMLElement {
  const field = document.createElement('div');
  field.className = option.type === 'boolean' ? 'field check' : 'field';
  field.dataset['field'] = option.name;
  field.title = option.describe;
  const label = document.createElement('label');
  label.htmlFor = option.name;
  label.textContent = option.page.label;
  const control = controlFor(option);
  control.id = option.name;
  control.dataset['option'] = option.name;
  // a box before its words, as every box of the page
  if (option.type === 'boolean') field.append(control, label);
  else field.append(label, control);
  return field;
}

function controlFor({ type, page }: FieldOption): HTMLSelectElement | HTMLInputElement {
  if (page.choices || page.listed) {
    const select = document.createElement('select');
    if (page.none !== undefined) select.append(new Option(page.none, ''));
    for (const [choice, words] of page.choices ?? []) select.append(new Option(words, choice));
    return select;
  }
  const input = document.createElement('input');
  if (type === 'boolean') {
    input.type = 'checkbox';
    return input;
  }
  input.type = type === 'number' ? 'number' : 'text';
  if (page.keyboard) input.inputMode = page.keyboard;
  if (page.min !== undefined) input.min = String(page.min);
  if (page.max !== undefined) input.max = String(page.max);
  if (page.step !== undefined) input.step = String(page.step);
  if (page.placeholder !== undefined) input.placeholder = page.placeholder;
  if (type !== 'number') {
    input.autocomplete = 'off';
    input.spellcheck = false;
  }
  return input;
}
