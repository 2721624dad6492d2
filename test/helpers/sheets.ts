import { expect } from 'vitest';
import type { SystemRules } from '../../src/data/load.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { fonts } from '../helpers/fonts.js';

/** Every paper with every unit, inches on Letter first as an American player prints. */
export const PRINT_SETTINGS = [
  ['a4', 'cm'],
  ['letter', 'in'],
  ['a4', 'in'],
  ['letter', 'cm'],
] as const;

/** Each of a rule set's quick-reference sheets fits one page, on both papers in both units. */
export function expectOnePagePerSheet(system: SystemRules): void {
  for (const [paper, units] of PRINT_SETTINGS) {
    const doc = buildQuickReference(system, { units, paper, toolVersion: '0' });
    expect(layoutDocument(fonts, doc).pages, `${paper} ${units}`).toHaveLength(doc.sheets.length);
  }
}

/** The sheets in inches as JSON, notes left out (they may quote the text's own units). */
export function sheetsInInchesWithoutNotes(system: SystemRules): string {
  return JSON.stringify(buildQuickReference(system, { units: 'in', paper: 'letter', toolVersion: '0' }), (key, value: unknown) => (key === 'note' ? undefined : value));
}
