/**
 * One look (docs/design.md, Print conventions): one colour per nation, the same in every rule set. Data files
 * keep their own `colour` fields (a house-rules folder may set its own); the built-in data is
 * held to this palette by test/layout/one-look.test.ts. Every nation has a colour of its own,
 * dark enough for white type on a card header.
 */

export interface NationColour {
  /** the nation's name as the palette prints it */
  name: string;
  colour: string;
  /** the names and ids the rule sets' data use for it (lower case): ids, army lists, deck copies */
  names: readonly string[];
}

export const NATION_COLOURS: readonly NationColour[] = [
  { name: 'Germany', colour: '#4f5b62', names: ['germany', 'de', 'german', 'fallschirmjäger', 'fallschirmjager'] },
  { name: 'Soviet Union', colour: '#7a3b2e', names: ['soviet union', 'su', 'russians', 'soviet', 'ussr'] },
  { name: 'United States', colour: '#55643a', names: ['united states', 'us', 'us infantry'] },
  { name: 'United Kingdom', colour: '#6b5a3e', names: ['united kingdom', 'uk', 'british', 'british and commonwealth'] },
  { name: 'Poland', colour: '#8a2e3b', names: ['poland', 'pl'] },
  { name: 'Finland', colour: '#2b5878', names: ['finland', 'finns'] },
];

/** The palette's colour for a nation named or id'd as the data do; undefined for a name it does not know. */
export function nationColour(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  return NATION_COLOURS.find((n) => n.names.includes(key))?.colour;
}
