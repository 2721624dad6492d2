// The four rules texts as the project keeps them beside the checkout, and what counts as one of
// their sections: the registers of readings and the provenance of every printed rule are held
// to the same headings.
import { readFileSync } from 'node:fs';

/** Each rule set's text, by its id. */
export const RULES_TEXTS: Record<string, readonly string[]> = {
  bof: ['burst-of-fire.txt', 'burst-of-fire-movement.txt'],
  fireteam: ['fire-team.txt'],
  blazeaway: ['blaze-away.txt'],
  openfire: ['open-fire.txt'],
};

const texts = new Map<string, string>();

/**
 * A rule set's text where the project keeps one: undefined for a rule set it has none of (a
 * club's own, of data alone, as a suite run with MUSTER_EXTRA_RULE_SET adds one). Every rule set
 * with code of its own has its text here (test/doc/provenance-required.test.ts holds it).
 */
export function knownRulesText(id: string): string | undefined {
  return Object.hasOwn(RULES_TEXTS, id) ? rulesText(id) : undefined;
}

/** A rule set's text, its files joined, its headings' links read as their words. */
export function rulesText(id: string): string {
  let text = texts.get(id);
  if (text === undefined) {
    const files = RULES_TEXTS[id];
    if (!files) throw new Error(`no rules text known for "${id}": add it to test/helpers/rules-texts.ts`);
    // a heading copied with its link, "9.4 [Scenario Design](#)", reads as its words
    text = files
      .map((file) => readFileSync(new URL(`../../../shared/rules/${file}`, import.meta.url), 'utf8'))
      .join('\n')
      .replace(/\[([^\]\n]*)\]\(#\)/g, '$1');
    texts.set(id, text);
  }
  return text;
}

/**
 * Whether `section` is a heading of the text: a numbered section as it opens a line ("7.2.2 "),
 * a named one as a heading line of its own (it may wrap over lines, "Special" then "Units", as
 * the texts were copied), or a line's lead-in before a colon ("Available points:").
 */
export function isHeading(text: string, section: string): boolean {
  if (/^\d+(\.\d+)*$/.test(section)) return new RegExp(`^${section.replace(/\./g, '\\.')}\\s`, 'm').test(text);
  const words = section
    .split(' ')
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  return new RegExp(`^\\s*${words}\\s*:?\\s*$`, 'm').test(text) || new RegExp(`^\\s*${words}:`, 'm').test(text);
}
