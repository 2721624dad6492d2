/**
 * The fields of a rule set's own options, made from their declarations (`muster systems
 * --format json`): a select for choices (its first entry "default" leaves the option out),
 * a checkbox for a flag, a number or a text input; the label a short form of the option's
 * words, the rest of them as help under it and the whole as the field's title.
 */
import type { DeclaredOption } from './form.js';

/** One field for the option, its control named by the option (data-option) as the form reads it. */
export function ownField(option: DeclaredOption): HTMLElement {
  const field = document.createElement('div');
  field.className = option.type === 'boolean' ? 'field check' : 'field';
  field.dataset['own'] = option.name;
  if (option.mode) field.dataset['mode'] = option.mode;
  field.title = option.describe;
  const id = `own-${option.name}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = option.label;
  const control = controlFor(option, option.example, option.range);
  control.id = id;
  control.dataset['option'] = option.name;
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.textContent = capitalised(option.describe);
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
