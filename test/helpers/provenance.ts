// Where every rule a document prints or rolls comes from (issue 49), checked against the rule
// set's text and its register of readings: each roll of a result, each card with its rule
// lines, each block, with the dagger standing exactly where the provenance is a reading.
import type { BookletNode, DocumentNode, Provenance, TableBlock } from '../../src/doc/model.js';
import { ROLL_COLUMNS, rollLogRow } from '../../src/doc/packet.js';
import { isHeading } from './rules-texts.js';

const DAGGER = '\u2020';

/** What a provenance is checked against: the rule set, its text and its register (each reading's title by its id). */
export interface ProvenanceRules {
  system: string;
  /** undefined where the project keeps no text of the rule set: a section is then held to be named, as no text can be searched */
  text: string | undefined;
  readings: ReadonlyMap<string, { title: string }>;
}

/**
 * Whether a section names one heading of the text: as the text prints it, by its number where it
 * has one ("7.3.15 Bunker Busting", "8.1 Breaking Point Table" for "8.1 Breaking Point Table
 * (infantry)"), or as a heading and the part of it meant ("Deployment: Deploy").
 */
export function headingResolves(rules: ProvenanceRules, section: string): boolean {
  if (rules.text === undefined) return section.trim() !== '';
  if (isHeading(rules.text, section)) return true;
  const numbered = /^(\d+(?:\.\d+)*)\s/.exec(section);
  if (numbered) return isHeading(rules.text, numbered[1]!);
  return section.includes(': ') && isHeading(rules.text, section.slice(0, section.lastIndexOf(': ')));
}

/**
 * Whether a block's section names the text: one heading, or several as the data joins them
 * ("Objectives; Minefields"), or a run of numbered ones ("7.3.5 Direct Fire to 7.3.14 Smoke").
 */
export function sectionResolves(rules: ProvenanceRules, section: string): boolean {
  return section.split('; ').every((part) => {
    const run = /^(\d[\d.]*\s.*) to (\d[\d.]*\s.*)$/.exec(part);
    return run ? headingResolves(rules, run[1]!) && headingResolves(rules, run[2]!) : headingResolves(rules, part);
  });
}

/** What is wrong with a provenance, if anything: a section the text has no heading for, a reading its register lacks. */
export function provenanceProblem(rules: ProvenanceRules, source: Provenance | undefined): string | undefined {
  if (!source) return 'no provenance';
  if (source.reading !== undefined) {
    const [system, id] = source.reading.split('/');
    if (system !== rules.system) return `reading ${source.reading} of another rule set`;
    return rules.readings.has(id!) ? undefined : `reading ${source.reading} is no entry of the register`;
  }
  if (typeof source.section !== 'string' || !source.section.trim()) return 'no section';
  return headingResolves(rules, source.section) ? undefined : `section "${source.section}" is not a heading of the text`;
}

/** A rule's words against its provenance: the dagger where, and only where, it is muster's reading. */
function daggerProblem(text: string, source: Provenance | undefined): string | undefined {
  const reading = source?.reading !== undefined;
  if (text.includes(DAGGER) && !reading) return 'a dagger where the provenance is the text';
  if (!text.includes(DAGGER) && reading) return 'a reading printed without its dagger';
  return undefined;
}

/** Every problem of a document: its blocks' sections, its cards and their rule lines. */
export function documentProblems(rules: ProvenanceRules, doc: DocumentNode | BookletNode): string[] {
  if ('kind' in doc && doc.kind === 'booklet') return doc.parts.flatMap((part) => documentProblems(rules, part.doc).map((p) => `${part.short}: ${p}`));
  const node = doc as DocumentNode;
  const problems: string[] = [];
  for (const sheet of node.sheets) {
    for (const block of sheet.blocks) {
      const where = `${sheet.title} › ${block.title}`;
      if (typeof block.section !== 'string' || !block.section.trim()) problems.push(`${where}: no section`);
      else if (!sectionResolves(rules, block.section)) problems.push(`${where}: section "${block.section}" is not a heading of the text`);
      if (sheet.role === 'rolls' && block.kind === 'table') problems.push(...printedRollProblems(rules, block).map((p) => `${where}: ${p}`));
    }
  }
  for (const deck of node.decks ?? []) {
    for (const card of deck.cards) {
      const where = `${deck.title} › ${card.front.title}`;
      const problem = provenanceProblem(rules, card.front.source);
      if (problem) problems.push(`${where}: ${problem}`);
      if (!Array.isArray(card.front.rules)) problems.push(`${where}: no rule lines`);
      for (const rule of card.front.rules ?? []) {
        if (typeof rule !== 'object' || rule === null) {
          problems.push(`${where}: a rule line "${String(rule)}" with no provenance`);
          continue;
        }
        const line = provenanceProblem(rules, rule.source) ?? daggerProblem(rule.text, rule.source);
        if (line) problems.push(`${where} › "${rule.text}": ${line}`);
      }
    }
  }
  return problems;
}

/** Every problem of a result's roll log: each roll's source, and a dagger in what it decided only where that source is a reading. */
export function rollProblems(rules: ProvenanceRules, rolls: readonly { purpose: string; decided: string; source?: Provenance }[]): string[] {
  return rolls.flatMap((roll, i) => {
    const problem = provenanceProblem(rules, roll.source) ?? (roll.decided.includes(DAGGER) && roll.source?.reading === undefined ? 'a dagger where the provenance is the text' : undefined);
    return problem ? [`roll ${i + 1} (${roll.purpose}): ${problem}`] : [];
  });
}

/**
 * The roll log as a packet prints it: every row's Rule cell names, for each procedure its dice
 * followed, a section of the text ("§ Deployment") or a reading of the register by its title
 * with the dagger.
 */
export function printedRollProblems(rules: ProvenanceRules, block: TableBlock): string[] {
  if (block.columns[2]?.label !== ROLL_COLUMNS.decided) return ['the roll log has no column for the rule each roll followed'];
  const titles = new Set([...rules.readings.values()].map((r) => `${r.title}${DAGGER}`));
  return block.rows.flatMap((row) => {
    const { number, rule } = rollLogRow(row);
    const unresolved = rule
      .split('; ')
      .filter((part) => (part.startsWith('§\u00a0') ? !headingResolves(rules, part.slice(2)) : !titles.has(part)));
    return rule.trim() === '' ? [`roll ${number}: no rule`] : unresolved.map((part) => `roll ${number}: "${part}" is neither a heading of the text nor a reading of the register`);
  });
}