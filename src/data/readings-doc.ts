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
    out.push(`## ${register.name}`, '');
    for (const r of register.readings) {
      const between = r.between.map(sectionWords).join('; ');
      // a title the words go on from ("Solo deployment" "uses its own ranges") is no sentence of its own
      const head = /^\p{Ll}/u.test(r.words) ? `**${r.title}**` : `**${r.title}.**`;
      out.push(...wrap(`${head} ${r.words} (${between}; reading \`${r.id}\`)`, '- ', '  '));
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
