// Every printed rule traced (issue 49): every product of every rule set the registry declares,
// built as the command line builds it (its quick-reference sheets; its cards and tokens, alone
// and with each example force a rule set takes; its scenario packets, versus and solo, for
// each of its scenarios and with each of its own options; its campaign booklets and a
// campaign's own rolls), is walked whole.
// Every roll, card, card rule line and block names where it comes from: a heading of the rule
// set's text, or an entry of its register of readings; and the dagger stands exactly where
// that is a reading. The checker itself is shown to catch a document that breaks each of these.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import type { BookletNode, DocumentNode } from '../../src/doc/model.js';
import type { RollRecord } from '../../src/engine/tables.js';
import { manifestFor, MODULE_IDS, moduleFor } from '../../src/systems/registry.js';
import { muster } from '../helpers/cli.js';
import { rollThroughModule } from '../helpers/module-scenario.js';
import { documentProblems, rollProblems, type ProvenanceRules } from '../helpers/provenance.js';
import { knownRulesText, RULES_TEXTS } from '../helpers/rules-texts.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'muster-provenance-'));
const db = await loadRulesDb({ dataDirs: [] });
const listed = JSON.parse((await muster(['systems', '--format', 'json'], dir)).stdout) as { systems: { id: string; products: string[] }[] };
const PRINT = { width: 63, height: 88, bleed: 3, marks: true, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
/** the example forces a player copies with `muster examples` (the house rule set and house rules are data folders, not forces) */
const EXAMPLE_FORCES = fg.sync('examples/**/*.yaml', { cwd: ROOT, ignore: ['examples/house-*/**'] }).sort();

function rulesOf(id: string): ProvenanceRules {
  return { system: id, text: knownRulesText(id), readings: db.system(id).readings };
}

async function json<T>(args: string[]): Promise<T> {
  const run = await muster([...args, '--format', 'json'], dir);
  expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  return JSON.parse(run.stdout) as T;
}

/** A card deck and roster for a force file, where the rule set takes the file; undefined where it refuses it. */
async function forceCards(id: string, file: string): Promise<DocumentNode | undefined> {
  const module = await moduleFor(id);
  if (!module?.cards) return undefined;
  const forceFile = path.join(ROOT, file);
  try {
    const result = await module.cards({ system: db.system(id), forceFile, forceText: readFileSync(forceFile, 'utf8'), strict: false, options: {}, print: PRINT, units: 'cm', paper: 'a4', toolVersion: '0' });
    return result.kind === 'document' ? result.doc : undefined;
  } catch {
    return undefined;
  }
}

const ids = listed.systems.map((s) => s.id);
const has = (id: string, product: string) => listed.systems.find((s) => s.id === id)!.products.includes(product);

describe('every product of every rule set traces every rule it prints or rolls', () => {
  it('covers every rule set with code of its own, and holds each to its text where the project keeps it', () => {
    expect(ids).toEqual(expect.arrayContaining([...MODULE_IDS]));
    // a rule set's tables name the text they stand in; every such text the project keeps is the
    // rule set's to be held to (one it does not keep, a club's own, leaves its sections held to be named)
    for (const id of ids) {
      const kept = [...new Set([...db.system(id).tables.values()].map((t) => t.source))].filter((file) => existsSync(path.join(ROOT, '../shared/rules', file)));
      for (const file of kept) expect(RULES_TEXTS[id] ?? [], `${id}: ${file}, in test/helpers/rules-texts.ts`).toContain(file);
    }
  });

  it.each(ids)('%s: quick-reference sheets', async (id) => {
    const doc = await json<DocumentNode>(['tables', id]);
    expect(doc.sheets.length).toBeGreaterThan(0);
    expect(documentProblems(rulesOf(id), doc)).toEqual([]);
  });

  it.each(ids.filter((id) => has(id, 'cards')))('%s: cards', async (id) => {
    const doc = await json<DocumentNode>(['cards', id]);
    const cards = (doc.decks ?? []).flatMap((d) => d.cards);
    expect(cards.length).toBeGreaterThan(0);
    expect(documentProblems(rulesOf(id), doc)).toEqual([]);
  });

  it.each(ids.filter((id) => has(id, 'tokens')))('%s: tokens', async (id) => {
    expect(documentProblems(rulesOf(id), await json<DocumentNode>(['tokens', id]))).toEqual([]);
  });

  it('each example force: its roster, cards and tokens with every rule set that takes it', async () => {
    const taken = new Map<string, string[]>();
    for (const file of EXAMPLE_FORCES) {
      for (const id of ids.filter((s) => has(s, 'cards'))) {
        const doc = await forceCards(id, file);
        if (!doc) continue;
        taken.set(file, [...(taken.get(file) ?? []), id]);
        expect(doc.decks?.flatMap((d) => d.cards).length, `${id} ${file}`).toBeGreaterThan(0);
        expect(documentProblems(rulesOf(id), doc), `${id} cards --force ${file}`).toEqual([]);
        if (has(id, 'tokens') && manifestFor(id)?.tokens?.takes?.includes('force')) {
          expect(documentProblems(rulesOf(id), await json<DocumentNode>(['tokens', id, '--force', path.join(ROOT, file)])), `${id} tokens --force ${file}`).toEqual([]);
        }
      }
    }
    // every example is some rule set's force
    expect(EXAMPLE_FORCES.filter((file) => !taken.has(file))).toEqual([]);
  });

  it.each(ids.filter((id) => has(id, 'scenario')))('%s: scenario packets, versus and solo, for each scenario, and every roll of them', async (id) => {
    const system = db.system(id);
    const steps = (await moduleFor(id))!.scenario!;
    const manifest = manifestFor(id)!.scenario!;
    const names = steps.names ? (await steps.names(system)).map((s) => s.id) : [undefined];
    const rules = rulesOf(id);
    let rolls = 0;
    const check = async (asked: Parameters<typeof rollThroughModule>[1], what: string) => {
      for (const { result, packet } of await rollThroughModule(system, { terrain: 'normal', ...asked })) {
        const where = `${id} ${what} ${result.scenario.id} seed ${result.seed}`;
        rolls += result.rolls.length;
        expect(rollProblems(rules, result.rolls as RollRecord[]), where).toEqual([]);
        expect(documentProblems(rules, packet), where).toEqual([]);
      }
    };
    for (const mode of manifest.modes) {
      // solo rolls its own scenario from its table; a name is asked of versus alone
      for (const scenario of mode === 'solo' ? [undefined] : names) {
        await check({ seed: `traced-${mode}-${scenario ?? 'any'}`, count: mode === 'solo' ? 3 : 1, mode, players: mode === 'solo' ? 1 : 2, ...(scenario ? { scenario } : {}) }, mode);
      }
    }
    // the rule set's own options, each as its manifest shows it (a choice, the example, the most), roll what they add
    for (const option of manifest.options ?? []) {
      const values = option.choices ?? (option.type === 'boolean' ? [true] : option.type === 'number' ? [option.range?.max ?? Number(option.example)] : option.example ? [option.example.replace(/^e\.g\. /, '')] : []);
      for (const value of values) {
        const mode = option.mode ?? 'versus';
        await check({ seed: `traced-${option.name}-${String(value)}`, mode, players: mode === 'solo' ? 1 : 2, options: { [option.name]: value } }, `--${option.name} ${String(value)}`);
      }
    }
    expect(rolls).toBeGreaterThan(0);
  });

  it.each(ids.filter((id) => has(id, 'campaign')))('%s: campaign booklets, and the rolls a campaign keeps', async (id) => {
    const rules = rulesOf(id);
    const solo = manifestFor(id)!.campaign!.solo !== undefined;
    for (const extra of solo ? [[], ['--solo']] : [[]]) {
      const booklet = await json<BookletNode | DocumentNode>(['campaign', id, 'booklet', '--seed', 'traced', '--terrain', 'normal', ...extra]);
      expect(documentProblems(rules, booklet), `${id} booklet ${extra.join(' ')}`).toEqual([]);
      const state = path.join(dir, `${id}${extra.join('')}.json`);
      await json(['campaign', id, 'new', '--seed', 'traced', '--state', state, ...extra]);
      const kept = JSON.parse(readFileSync(state, 'utf8')) as { rolls?: RollRecord[] };
      expect(rollProblems(rules, kept.rolls ?? []), `${id} new ${extra.join(' ')}`).toEqual([]);
    }
  });
});

describe('the checker', () => {
  const rules = rulesOf('bof');
  const block = (section: string) => ({ kind: 'text' as const, title: 'Block', section, width: 'full' as const, paragraphs: ['x'] });
  const doc = (over: Partial<DocumentNode>): DocumentNode => ({
    meta: { title: 't', systemId: 'bof', systemName: 'Burst of Fire', rulesVersion: 'v', toolVersion: '0', paper: 'a4', units: 'cm', words: { footer: '', pageNumber: '', scaleBar: '' } },
    sheets: [],
    ...over,
  });
  const card = (front: object) => ({ id: 'c', front: { title: 'Card', subtitle: '', accent: '#000000', stats: [], lines: [], footer: { left: '', right: '' }, ...front }, back: { title: '', subtitle: '', accent: '#000000', icon: 'star' as const } });
  // a card as a builder might make one: some of them wrong on purpose, so not typed as the model's
  const deck = (front: object) => ({ decks: [{ title: 'Deck', print: PRINT, cards: [card(front)] }] }) as unknown as Partial<DocumentNode>;

  it('passes a document whose every rule is traced', () => {
    const good = doc({
      sheets: [{ title: 'S', blocks: [block('Deployment'), block('Game setup; Deployment'), block('Deployment: zones')] }],
      ...deck({ source: { reading: 'bof/arsenal-stats' }, rules: [{ text: 'Turret: fires in a 90° arc.', source: { section: 'Arc of fire' } }, { text: 'Water-cooled: never overheats.\u2020', source: { reading: 'bof/arsenal-stats' } }] }),
    });
    expect(documentProblems(rules, good)).toEqual([]);
  });

  it('catches a block whose section is no heading of the text, and one with none', () => {
    expect(documentProblems(rules, doc({ sheets: [{ title: 'S', blocks: [block('Setting up the table'), block('')] }] }))).toEqual(['S › Block: section "Setting up the table" is not a heading of the text', 'S › Block: no section']);
  });

  it('catches a card with no provenance, a wrong section, a reading the register lacks, and a rule line with none', () => {
    expect(documentProblems(rules, doc(deck({ rules: [] })))).toEqual(['Deck › Card: no provenance']);
    expect(documentProblems(rules, doc(deck({ source: { section: 'Unit statistics' }, rules: [] })))).toEqual(['Deck › Card: section "Unit statistics" is not a heading of the text']);
    expect(documentProblems(rules, doc(deck({ source: { reading: 'bof/made-up' }, rules: [] })))).toEqual(['Deck › Card: reading bof/made-up is no entry of the register']);
    expect(documentProblems(rules, doc(deck({ source: { reading: 'fireteam/set-up' }, rules: [] })))).toEqual(['Deck › Card: reading fireteam/set-up of another rule set']);
    expect(documentProblems(rules, doc(deck({ source: { section: 'Unit stats' }, rules: ['Moves 10 cm.'] })))).toEqual(['Deck › Card: a rule line "Moves 10 cm." with no provenance']);
  });

  it('catches a dagger on a rule line the text gives, and a reading printed without its dagger', () => {
    const source = { section: 'Unit stats' };
    expect(documentProblems(rules, doc(deck({ source, rules: [{ text: 'Turret: 90°.\u2020', source: { section: 'Arc of fire' } }] })))).toEqual(['Deck › Card › "Turret: 90°.\u2020": a dagger where the provenance is the text']);
    expect(documentProblems(rules, doc(deck({ source, rules: [{ text: 'Never overheats.', source: { reading: 'bof/arsenal-stats' } }] })))).toEqual(['Deck › Card › "Never overheats.": a reading printed without its dagger']);
  });

  it('catches a roll with a wrong section, an unknown reading, no source, or a dagger where the source is the text', () => {
    const roll = (source: unknown, decided = '9'): RollRecord => ({ purpose: 'force morale: a', dice: '1D6', faces: [4], total: 4, decided, source: source as RollRecord['source'] });
    expect(rollProblems(rules, [roll({ section: 'How to determine force morale' })])).toEqual([]);
    expect(rollProblems(rules, [roll({ section: 'Force morale' }), roll({ reading: 'bof/made-up' }), roll(undefined), roll({ section: 'Game setup' }, 'Probing\u2020')])).toEqual([
      'roll 1 (force morale: a): section "Force morale" is not a heading of the text',
      'roll 2 (force morale: a): reading bof/made-up is no entry of the register',
      'roll 3 (force morale: a): no provenance',
      'roll 4 (force morale: a): a dagger where the provenance is the text',
    ]);
  });

  it('catches a real packet given a wrong section in a copy: in its roll log and on its printed roll sheet', async () => {
    const system = db.system('bof');
    const { result, packet } = (await rollThroughModule(system, { seed: 'checker' }))[0]!;
    expect(rollProblems(rules, result.rolls as RollRecord[])).toEqual([]);
    expect(documentProblems(rules, packet)).toEqual([]);
    const rolls = structuredClone(result.rolls as RollRecord[]);
    rolls[0] = { ...rolls[0]!, source: { section: 'Setting up a game' } };
    expect(rollProblems(rules, rolls)).toEqual([`roll 1 (${rolls[0].purpose}): section "Setting up a game" is not a heading of the text`]);
    const copy = structuredClone(packet);
    const sheet = copy.sheets.find((s) => s.role === 'rolls')!;
    const table = sheet.blocks[0]!;
    if (table.kind !== 'table') throw new Error('the roll sheet is a table');
    table.rows[0]![2] = [{ text: `${table.rows[0]![2]![0]!.text}` }, { text: '§\u00a0Setting up a game', style: 'italic' }];
    table.rows[1]![2] = [{ text: `${table.rows[1]![2]![0]!.text}` }, { text: 'A reading nobody wrote\u2020', style: 'italic' }];
    expect(documentProblems(rules, copy)).toEqual([
      `Every roll › ${table.title}: roll 1: "§\u00a0Setting up a game" is neither a heading of the text nor a reading of the register`,
      `Every roll › ${table.title}: roll 2: "A reading nobody wrote\u2020" is neither a heading of the text nor a reading of the register`,
    ]);
  });
});
