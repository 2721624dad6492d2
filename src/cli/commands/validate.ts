import { loadCardDecks } from '../../data/cards.js';
import { loadRulesDb } from '../../data/load.js';
import { loadTokenFolder } from '../../data/tokens.js';
import { buildQuickReference } from '../../doc/build-reference.js';
import { PAPER_SPECS } from '../../doc/model.js';
import { checkTemplate, listTemplates } from '../../doc/templates.js';
import { layoutDocument } from '../../layout/document-plan.js';
import { moduleFor } from '../../systems/registry.js';
import { buildDataCardDocument } from '../../doc/build-data-cards.js';
import { checkInterrupted } from '../../errors.js';
import { cardPrint } from '../print-options.js';
import { PAPERS, UNITS } from '../options.js';
import { fontStoreOf } from '../font-store.js';
import type { CliIo } from '../io.js';
import { resolveFrom } from '../options.js';
import { TOOL_VERSION } from '../version.js';
import { recordHouseChanges, type HouseChange } from '../../data/house.js';
import { houseReport, houseReportText } from '../house-report.js';
import { fingerprint } from '../../data/hash.js';
import type { DocumentNode } from '../../doc/model.js';
import type { FontStore } from '../../layout/fonts.js';

/**
 * `muster validate`: loads every data folder against its schema, parses every template, and
 * builds and lays out each product in every paper and unit, so a house-rule folder that
 * would break a sheet is caught here rather than at the printer.
 */
export async function runValidate(args: { data: string[]; format?: 'text' | 'json' }, io: CliIo): Promise<number> {
  const roots = args.data.map((d) => resolveFrom(io.cwd, d));
  // every entry a house file gives, whichever loader reads it: the change list at the end
  const changes: HouseChange[] = [];
  recordHouseChanges((change) => changes.push(change));
  try {
    return await validate(roots, args.format ?? 'text', changes, io);
  } finally {
    recordHouseChanges(undefined);
  }
}

async function validate(roots: string[], format: 'text' | 'json', changes: readonly HouseChange[], io: CliIo): Promise<number> {
  const db = await loadRulesDb({ dataDirs: roots });
  const fonts = fontStoreOf(io.files);
  const templates = listTemplates();
  for (const name of templates) checkTemplate(name);
  let tables = 0;
  let pages = 0;
  const extras: string[] = [];
  for (const system of db.systems) {
    tables += system.tables.size;
    const module = await moduleFor(system.info.id);
    // a rule set's data decks, module or not: their texts are templates, filled once in each
    // unit so that a slip in one shows here rather than at the printer
    const decks = system.info.products.includes('cards') ? await loadCardDecks(system) : [];
    for (const units of UNITS) {
      if (decks.length > 0) buildDataCardDocument(system.info, decks, { print: cardPrint({ duplex: 'long', backOffset: '0,0', bleed: 3, marks: 'crop' }), units, paper: 'a4', toolVersion: TOOL_VERSION });
    }
    if (module?.validate) extras.push(`${system.info.id}: ${await module.validate(system)}`);
    else {
      // products a rule set keeps as data alone
      const parts: string[] = [];
      if (decks.length > 0) parts.push(`${decks.reduce((n, d) => n + d.deck.copies.length * d.cards.reduce((c, card) => c + card.count, 0), 0)} cards`);
      if (system.info.products.includes('tokens')) parts.push(`${(await loadTokenFolder(system.dirs)).length} tokens`);
      if (parts.length > 0) extras.push(`${system.info.id}: ${parts.join(', ')}`);
    }
    if (system.sheets.length === 0) continue;
    for (const paper of PAPERS) {
      for (const units of UNITS) {
        // a pause between layouts lets Ctrl-C stop a long check
        await new Promise((resolve) => setImmediate(resolve));
        checkInterrupted(io.signal);
        const doc = buildQuickReference(system, { paper, units, toolVersion: TOOL_VERSION });
        const laidOut = pageCount(fonts, doc);
        pages += laidOut;
        // a sheet is meant to be one page (of A4 and Letter; A5 is half as large): say which one runs over, so it can be trimmed
        if (laidOut === doc.sheets.length || !PAPER_SPECS[paper].sheetOnOnePage) continue;
        for (const sheet of doc.sheets) {
          const own = pageCount(fonts, { ...doc, sheets: [sheet] });
          if (own > 1) io.stderr.write(`warning: ${system.info.id} sheet "${sheet.title}" takes ${own} pages on ${paper} in ${units}\n`);
        }
      }
    }
  }
  const house = houseReport(roots, db, changes);
  if (format === 'json') {
    const products = Object.fromEntries(extras.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
    const report = { ok: true, systems: db.systems.map((s) => s.info.id), tables, templates: templates.length, pages, products, house };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(
    `OK: ${db.systems.length} rule ${db.systems.length === 1 ? 'set' : 'sets'}, ${tables} tables, ` +
      `${templates.length} templates; sheets laid out on ${PAPERS.map((p) => PAPER_SPECS[p].name).join(', ')} in both units (${pages} pages).\n` +
      extras.map((line) => `${line}\n`).join('') +
      houseReportText(house, io.cwd),
  );
  return 0;
}

/**
 * The pages a document lays out on, remembered for the fonts by the document's whole content:
 * a process that validates again (the page's worker at each house-rules folder, the tests) lays
 * out again only the sheets whose data changed. Laying out is a pure function of the two, and
 * most of validate's time; a document that does not fit throws, and is not remembered.
 */
const PAGE_COUNTS = new WeakMap<FontStore, Map<string, number>>();
/** Enough for every sheet of a few rule sets on every paper in both units; the oldest go first. */
const REMEMBERED = 256;
function pageCount(fonts: FontStore, doc: DocumentNode): number {
  let known = PAGE_COUNTS.get(fonts);
  if (!known) PAGE_COUNTS.set(fonts, (known = new Map()));
  const key = fingerprint(JSON.stringify(doc));
  const count = known.get(key) ?? layoutDocument(fonts, doc).pages.length;
  known.delete(key);
  known.set(key, count);
  if (known.size > REMEMBERED) known.delete(known.keys().next().value!);
  return count;
}
