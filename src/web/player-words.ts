/**
 * The page's words for a run: the command line's messages with the page's own paths and
 * controls in place of what a player at a terminal would read.
 */
import { formatPath } from '../data/field-path.js';
import { FIELD_OPTIONS } from './page-options.js';

/**
 * The status line for a player: "Wrote /out/muster.pdf (8 pages)" is the page's own path, so
 * "muster.pdf ready (8 pages)"; a text that needs the Chinese, Japanese and Korean fonts names
 * the control it was typed in (`label`, by option) and says what the site lacks.
 */
export function playerWords(stderr: string, out: string, label: (option: string) => string | undefined = () => undefined): string {
  const escaped = literally(out);
  const name = out.slice(out.lastIndexOf('/') + 1);
  return fontPackageWords(
    stderr
      .replace(new RegExp(`^Wrote ${escaped}\\b`, 'gm'), `${name} ready`)
      .replace(/\bgive --allow-missing-glyphs to print\b/g, `tick "${ALLOW_MISSING_GLYPHS_LABEL}" (under Paper and printer) to print`),
    label,
  );
}

/** The command line's words for the fonts' package not installed (src/cli/font-package.ts), to the end of its line. */
const NOT_INSTALLED = /^The Chinese, Japanese and Korean fonts come in (?:a package of their own, |the package )(\S+?)[,:].*$/m;

/**
 * The refusal of a text that needs the Chinese, Japanese and Korean fonts, in the page's
 * words: the page cannot install a package, whoever runs its site can. Each option the text
 * was typed in ("(--names)") as the control that gives it.
 */
export function fontPackageWords(stderr: string, label: (option: string) => string | undefined): string {
  const found = NOT_INSTALLED.exec(stderr);
  if (!found) return stderr;
  const pkg = found[1]!;
  const install = /npm install -g (\S+?)[ ,)]/.exec(found[0])?.[1] ?? pkg;
  return stderr
    .replace(
      NOT_INSTALLED,
      `This site does not have the Chinese, Japanese and Korean fonts: they come in a package of their own, ${pkg}. Whoever runs the site installs it beside muster (npm install -g ${install}) and starts muster serve again, or, on a static host, copies that package's fonts folder into the site's files/fonts/. Then reload this page.`,
    )
    .replace(/^((?:muster: )?)--([a-z][a-z0-9-]*)( \(printed in )/gm, (_, head: string, option: string, tail: string) => `${head}“${label(option) ?? option}”${tail}`);
}

/** A text matched as it is in a regular expression: its special characters escaped. */
export function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The page's control for --allow-missing-glyphs, as its label reads (its field's words in the command table). */
export const ALLOW_MISSING_GLYPHS_LABEL = FIELD_OPTIONS.find((o) => o.name === 'allow-missing-glyphs')!.page.label;

/**
 * Where a control stands on the page, as a player reads it, for a key of a file: the builder
 * answers from what it has drawn (its rows' headings, its controls' labels), so the words are
 * the ones on the screen. Without an answer, the key itself is put into words.
 */
export interface PageLabels {
  /** a row's heading ("Unit 3") by the row's key in the file ("units[2]") */
  row(key: string): string | undefined;
  /** a control's label by the file's key ("count"), in a row or, with no row, at the top */
  field(row: string | undefined, key: string): string | undefined;
}

/** One problem the command line found reading a file: which file, where in it, and what it expected. */
export interface DataProblem {
  file: string;
  field?: string;
  message: string;
}

/** "  /player/force.yaml at units[1].count: at most 100" and "  /player/force.yaml: Unrecognized key..." */
const PROBLEM_LINE = /^\s+(\/\S+?)(?: at ([^:]+))?: (.+)$/;
/** "muster: 6 problems in the data:", "muster: Bad data:" */
const PROBLEMS_HEAD = /^muster: (?:\d+ problems? in the data|Bad data):$/;

/** The command line's data problems in its message, and any other lines it said. */
export function dataProblems(stderr: string): { problems: DataProblem[]; other: string[] } {
  const problems: DataProblem[] = [];
  const other: string[] = [];
  for (const line of stderr.split('\n')) {
    if (line.trim() === '' || PROBLEMS_HEAD.test(line.trim())) continue;
    // a single problem comes on the head line itself: "muster: /player/force.yaml at name: ..."
    const found = PROBLEM_LINE.exec(line) ?? PROBLEM_LINE.exec(`  ${line.replace(/^muster: /, '')}`);
    if (found) problems.push({ file: found[1]!, ...(found[2] ? { field: found[2] } : {}), message: found[3]! });
    else other.push(line.trim());
  }
  return { problems, other };
}

/** A key as words: "armourClass" as "armour class", "gun-group" as "gun group". */
function keyWords(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

/** One of a list's entries: "units" as "unit", "copies" as "copy". */
function singular(words: string): string {
  if (/ies$/.test(words)) return words.replace(/ies$/, 'y');
  return /[^s]s$/.test(words) ? words.slice(0, -1) : words;
}

/** The steps of a field: "units[1].stands[0].count" as ["units", 1, "stands", 0, "count"]. */
function steps(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of field.split('.')) {
    const name = /^[^[]*/.exec(part)![0];
    if (name) out.push(name);
    // an entry by its place ([2]) or by its id ([id=morale], kept as "=morale")
    for (const index of part.matchAll(/\[(?:(\d+)|\w+=([^\]]+))\]/g)) out.push(index[1] !== undefined ? Number(index[1]) : `=${index[2]}`);
  }
  return out;
}

/** A field as the page shows it: "units[1].count" as "Unit 2, Count"; an entry the page draws no row for as "entry 2 of units". */
export function fieldWords(field: string, labels: PageLabels): string {
  const path = steps(field);
  // the innermost row the page drew that holds the field
  let rowEnd = 0;
  let rowHeading: string | undefined;
  for (let end = path.length; end > 0; end--) {
    if (typeof path[end - 1] !== 'number') continue;
    rowHeading = labels.row(formatPath(path.slice(0, end)));
    if (rowHeading) {
      rowEnd = end;
      break;
    }
  }
  const rest = path.slice(rowEnd);
  const words: string[] = rowHeading ? [rowHeading] : [];
  const last = rest.at(-1);
  const label = typeof last === 'string' ? labels.field(rowHeading ? formatPath(path.slice(0, rowEnd)) : undefined, last) : undefined;
  if (label) words.push(label);
  else {
    // no control for it: the rest of the key in words, an entry of a list by the list's one and its number from 1
    const parts: string[] = [];
    rest.forEach((step, i) => {
      if (typeof step === 'number' || step.startsWith('=')) return;
      const next = rest[i + 1];
      parts.push(typeof next === 'number' ? `${singular(keyWords(step))} ${next + 1}` : typeof next === 'string' && next.startsWith('=') ? `${singular(keyWords(step))} ${next.slice(1)}` : keyWords(step));
    });
    if (parts.length) words.push(parts.join(', '));
  }
  return words.join(', ') || 'the file';
}

const KIND_WORDS: Record<string, string> = { string: 'some text', number: 'a number', array: 'a list', object: 'a set of values', boolean: 'yes or no' };
const kindWords = (kind: string) => KIND_WORDS[kind] ?? kind;

/** What the command line expected, as the page says it: "Invalid input: expected number, received string" as "must be a number". */
export function expectedWords(message: string): string {
  let found: RegExpExecArray | null;
  if ((found = /^Invalid input: expected (\w+), received undefined$/.exec(message))) return `missing: fill in ${kindWords(found[1]!)}`;
  if ((found = /^Invalid input: expected (\w+), received (\w+)$/.exec(message))) return `must be ${kindWords(found[1]!)}, not ${kindWords(found[2]!)}`;
  if ((found = /^Invalid option: expected one of (.+)$/.exec(message))) return `must be one of: ${found[1]!.split('|').map((v) => v.replace(/^"|"$/g, '')).join(', ')}`;
  if ((found = /^Too small: expected array to have >=(\d+) items?$/.exec(message))) return found[1] === '1' ? 'add at least one' : `add at least ${found[1]}`;
  if ((found = /^Too small: expected (?:number|int) to be >=(-?[\d.]+)$/.exec(message))) return `at least ${found[1]}`;
  if ((found = /^Too big: expected (?:number|int) to be <=(-?[\d.]+)$/.exec(message))) return `at most ${found[1]}`;
  if ((found = /^Too small: expected string to have >=(\d+) characters?$/.exec(message))) return found[1] === '1' ? 'missing: fill it in' : `at least ${found[1]} characters`;
  if ((found = /^Too big: expected string to have <=(\d+) characters?$/.exec(message))) return `at most ${found[1]} characters`;
  if ((found = /^Too big: expected array to have <=(\d+) items?$/.exec(message))) return `at most ${found[1]}`;
  if ((found = /^Unrecognized keys?: (.+)$/.exec(message))) return `has ${found[1]}, which muster does not take here: remove it`;
  if (/^Invalid input$/.test(message)) return 'not something this rule set takes here';
  return message;
}

/** A page that names nothing of what it has drawn: every key put into words from the file alone. */
export const NO_LABELS: PageLabels = { row: () => undefined, field: () => undefined };

/**
 * The command line's refusal of a file in the page's words: a line a problem, the field as the
 * page names it and what to put there. With `folder` (house rules, many files of the player's
 * own), each problem names its file as it lies in that folder ("bof/tables/combat.yaml"), or as
 * `folder` names it where it is a function of the words.
 */
export function refusalWords(stderr: string, labels: PageLabels, folder?: string | ((text: string) => string), option: (name: string) => string | undefined = () => undefined): string[] {
  const { problems, other } = dataProblems(stderr);
  const inFolder = (text: string) => (typeof folder === 'function' ? folder(text) : folder ? text.replaceAll(`${folder}/`, '') : text);
  // a message that points at another place ("already used in FILE at FIELD") points in words too
  const placesIn = (text: string) => inFolder(text.replace(/(\/\S+) at ([\w.[\]=-]+)/g, (_, file: string, field: string) => `${inFolder(file)}, ${fieldWords(field, NO_LABELS)}`));
  const lines = [
    ...problems.map((p) => `${folder ? `${inFolder(p.file)}, ` : ''}${p.field ? fieldWords(p.field, labels) : folder ? 'the file' : 'The file'}: ${placesIn(expectedWords(p.message))}`),
    ...other.map((line) => placesIn(line)),
  ];
  return optionsAsControls(lines.join('\n'), option).split('\n');
}

/** A problem's `where` from `check` ("units[2] de-rifleman") as the page shows it ("Unit 3 (de-rifleman)"). */
export function whereWords(where: string, labels: PageLabels): string {
  const [head = '', ...tail] = where.trim().split(/\s+/);
  if (head === 'force') return 'The force';
  const words = /[[.]/.test(head) ? fieldWords(head, labels) : head;
  return tail.length ? `${words} (${tail.join(' ')})` : words;
}

/**
 * An option as the command line writes it, with the form of its value where it gives one:
 * "--winner a|b", "--combat-score A:B", "--assault a:SQUARE", "--assault a:A5".
 */
const OPTION = /--([a-z][a-z0-9-]*)(?: \w+(?:[|:]\w+)+)?/g;

/**
 * A message of the command line with each option it names as the control the page shows for
 * it ("--combat-score A:B" as "“Combat Score, side A and Combat Score, side B”"), or the
 * option in words where the page has none; the command line's own pointers to itself ("Run
 * muster --help ...") left out.
 */
export function optionsAsControls(text: string, label: (option: string) => string | undefined): string {
  return text
    .split('\n')
    .filter((line) => !/^Run muster --help\b/.test(line.trim()))
    .map((line) => line.replace(/^muster: /, ''))
    .join('\n')
    .replace(OPTION, (_, name: string) => `“${label(name) ?? keyWords(name)}”`)
    // an option given twice in an example ("--assault a:A5 --assault b:A2") is named once
    .replace(/(“[^”]+”)(?: \1)+/g, '$1');
}

/** The labels of the controls in `root` marked as giving an option (forOption), joined: the page's name for the option. */
export function optionLabels(root: ParentNode): (option: string) => string | undefined {
  return (option) => {
    const words = new Set<string>();
    for (const control of root.querySelectorAll<HTMLElement>(`[data-campaign-option="${CSS.escape(option)}"]`)) {
      const label = control.id ? root.querySelector(`label[for="${CSS.escape(control.id)}"]`)?.textContent?.trim() : undefined;
      if (label) words.add(label);
    }
    return words.size ? [...words].join(' and ') : undefined;
  };
}

/**
 * A builder's note on what a loaded file holds, its entry named as the page names it: "units[4]
 * de-rifelman: not in the pick-list..." as "Unit 5 (de-rifelman): not in the pick-list...".
 */
export function noteWords(note: string, labels: PageLabels): string {
  const found = /^(\S*\[\d+\]\S*)((?: [^:]+)?): /.exec(note);
  if (!found) return note;
  const words = whereWords(`${found[1]}${found[2]}`, labels);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${note.slice(found[0].length)}`;
}
