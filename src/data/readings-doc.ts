/**
 * docs/readings.md, made from the rule sets' registers of readings (data/<system>/readings.yaml)
 * so that the page a club reads and the daggers muster prints can never disagree. Pure: the
 * build's script and the test that keeps the page up to date both call it.
 */
import type { Reading } from './schema.js';

export interface RegisterForDoc {
  /** the rule set's name, as its system.yaml gives it */
  name: string;
  readings: readonly Reading[];
  /**
   * Readings whose words are kept with the data they decide (a table's note, a terrain type's
   * reading) and print beside it: listed after the register, each by what it belongs to.
   */
  withData?: readonly { what: string; section: string; words: string }[];
}

/**
 * A data text's helpers as the page shows them in centimetres with inches beside: the list is
 * read by clubs on either side of the Atlantic, and a note names a distance or a modifier.
 */
export function helpersInWords(text: string): string {
  return text
    .replace(/\{\{dist (-?[\d.]+) (-?[\d.]+)\}\}/g, (_, cm: string, inch: string) => `${cm} cm (${inch} in)`)
    .replace(/\{\{mod (-?[\d.]+)\}\}/g, (_, n: string) => (Number(n) > 0 ? `+${n}` : n.replace('-', '\u2212')));
}

/** The readings a rule set's data keeps beside what they decide: its tables' notes and its terrain types' readings. */
export function dataReadings(system: {
  tables: ReadonlyMap<string, { title: string; section: string; note?: string; readingId?: string }>;
  terrain?: { types: readonly { name: string; reading?: string }[] };
}): { what: string; section: string; words: string }[] {
  const found: { what: string; section: string; words: string }[] = [];
  for (const table of system.tables.values()) {
    // a note that stands for one of the register's entries says which
    if (table.note) found.push({ what: `${helpersInWords(table.title)} (table${table.readingId ? `; reading \`${table.readingId}\`` : ''})`, section: table.section, words: helpersInWords(table.note) });
  }
  for (const type of system.terrain?.types ?? []) if (type.reading) found.push({ what: `${type.name} (terrain)`, section: 'Terrain', words: helpersInWords(type.reading) });
  return found;
}

const INTRO = [
  "Where a rules text is silent, or says one thing in one place and another elsewhere, muster has to choose. Each such choice is a *reading*: it is printed with a dagger (†), and every page or card sheet that shows one says at its foot \"† muster's reading: the text leaves this open\". This page lists the readings, so a club can agree on them before a game or replace them with house rules (`--data DIR`): a house folder's `readings.yaml` replaces a reading of the same id and adds new ones.",
  "Each rule set's readings are kept in its folder, `data/<id>/readings.yaml`, with the sections of the text each stands between; muster marks nothing as a reading that is not there. This page is made from those files (`npm run readings`): edit them, not this page.",
];

/** The text as lines of at most `width` characters, the first after `first`, the rest after `rest`. */
function wrap(text: string, first: string, rest: string, width = 96): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  // split at spaces alone: a section's number stays with its sign (§ and a no-break space)
  for (const word of text.split(/[ \n\t]+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else {
      line += (empty ? '' : ' ') + word;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** A section as a reader finds it: "§ 7.2.2" for a numbered text, "§ Squad Leaders" otherwise. */
export const sectionWords = (section: string): string => `§\u00a0${section}`;

export function readingsMarkdown(registers: readonly RegisterForDoc[]): string {
  const out = ["# muster's readings", ''];
  for (const paragraph of INTRO) out.push(...wrap(paragraph, '', ''), '');
  for (const register of registers) {
    // a rule set that decides nothing its text leaves open (one of data alone may not) has nothing to list
    if (register.readings.length === 0 && !register.withData?.length) continue;
    out.push(`## ${register.name}`, '');
    for (const r of register.readings) {
      const between = r.between.map(sectionWords).join('; ');
      // a title the words go on from ("Solo deployment" "uses its own ranges") is no sentence of its own
      const head = /^\p{Ll}/u.test(r.words) ? `**${r.title}**` : `**${r.title}.**`;
      out.push(...wrap(`${head} ${r.words} (${between}; reading \`${r.id}\`)`, '- ', '  '));
    }
    out.push('');
    if (register.withData?.length) {
      out.push(`### Kept with the data`, '', ...wrap(`Each of these is printed beside the table or terrain it decides, marked with the dagger.`, '', ''), '');
      for (const d of register.withData) out.push(...wrap(`**${d.what}.** ${d.words} (${sectionWords(d.section)})`, '- ', '  '));
      out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
