// No rules line without where it comes from (issue 49): every table and text block of every
// product every rule set declares names a section of its text (a reading's dagger names its
// register entry: reading-marks.test.ts). Read from the products as printed (--format json),
// with the rule sets and their products taken from `muster systems`, so a fifth rule set is
// held to it unasked.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { rollThroughModule } from '../helpers/module-scenario.js';
import { loadRulesDb } from '../../src/data/load.js';

const dir = mkdtempSync(path.join(tmpdir(), 'muster-sourced-'));
const listed = JSON.parse((await muster(['systems', '--format', 'json'], dir)).stdout) as { systems: { id: string; products: string[] }[] };
/** the products printed from a rule set's own data and dice; a campaign prints through its packets */
const PRINTED = ['tables', 'cards', 'tokens', 'scenario'];
const cases = listed.systems.flatMap((s) => s.products.filter((p) => PRINTED.includes(p)).map((p) => [s.id, p] as const));

/** The blocks of a document's sheets (drawings' shapes are pictures, not rules lines). */
function blocksOf(doc: { sheets?: { title: string; blocks: { kind: string; title?: string; section?: string }[] }[] }) {
  return (doc.sheets ?? []).flatMap((sheet) => sheet.blocks.map((block) => ({ sheet: sheet.title, block })));
}

describe('every block a product prints names its section', () => {
  it.each(cases)('%s %s', async (system, product) => {
    let doc: Parameters<typeof blocksOf>[0];
    if (product === 'scenario') {
      // a scenario's JSON is its rolled result: the packet is the module's document of it
      const rules = (await loadRulesDb({ dataDirs: [], only: system })).system(system);
      doc = (await rollThroughModule(rules, { seed: 'sourced' }))[0]!.packet;
    } else {
      const run = await muster([product, system, '--format', 'json'], dir);
      expect(run.code, run.stderr).toBe(0);
      doc = JSON.parse(run.stdout) as typeof doc;
    }
    const blocks = blocksOf(doc);
    // cards and tokens without a force print their decks and sheets alone
    if (product === 'tables' || product === 'scenario') expect(blocks.length).toBeGreaterThan(0);
    const unsourced = blocks.filter(({ block }) => (block.kind === 'table' || block.kind === 'text') && !block.section?.trim()).map(({ sheet, block }) => `${sheet}: ${block.title ?? block.kind}`);
    expect(unsourced, 'blocks with no section of the text').toEqual([]);
  });
});
