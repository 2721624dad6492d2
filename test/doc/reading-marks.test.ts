// Every dagger muster prints names its reading (issue 49): the source marks a text only through
// markReading with a register's id ("bof/solo-bag-end"), a provenance naming one (markedBy,
// cardRule) or markDataReading with the data's words; no dagger is written by hand; every id named is in its rule set's register, and every
// entry of a register is named somewhere (a reading nothing prints or rolls is a stale entry).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { MANIFESTS } from '../../src/systems/registry.js';

const root = path.resolve(import.meta.dirname, '../..');
const db = await loadRulesDb({ dataDirs: [] });
const registers = new Map(db.systems.map((s) => [s.info.id, s.readings]));
const sources = fg.sync('src/**/*.ts', { cwd: root }).sort().map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
/** where the mark is defined, and the page that explains it: the places a dagger may be written */
const MARK_HOME = ['src/doc/model.ts', 'src/data/readings-doc.ts'];

/** The arguments of each call of `name` in a source, as written (a small reader of TypeScript's brackets, strings and templates). */
function callArguments(text: string, name: string): string[][] {
  /** the end of a quoted string opened at `i` */
  const skipString = (i: number, quote: string): number => {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === quote) return j;
    }
    return text.length;
  };
  /** the end of a template literal opened at `i`, its ${} read as code */
  const skipTemplate = (i: number): number => {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '`') return j;
      else if (text[j] === '$' && text[j + 1] === '{') j = readCode(j + 2, () => undefined);
    }
    return text.length;
  };
  /** code from `i` to the bracket that closes it (its index); `comma` told of each top-level comma */
  function readCode(i: number, comma: (at: number) => void): number {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const c = text[j]!;
      if (c === "'" || c === '"') j = skipString(j, c);
      else if (c === '`') j = skipTemplate(j);
      else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) return j;
        depth--;
      } else if (c === ',' && depth === 0) comma(j);
    }
    return text.length;
  }
  const calls: string[][] = [];
  for (let at = text.indexOf(`${name}(`); at !== -1; at = text.indexOf(`${name}(`, at + 1)) {
    if (/[\w$.]/.test(text[at - 1] ?? '') || /function\s+$/.test(text.slice(Math.max(0, at - 10), at))) continue;
    const open = at + name.length + 1;
    const commas: number[] = [];
    const close = readCode(open, (c) => commas.push(c));
    const bounds = [open - 1, ...commas, close];
    calls.push(bounds.slice(1).map((end, k) => text.slice(bounds[k]! + 1, end).trim()).filter(Boolean));
  }
  return calls;
}

/**
 * The reading ids a source names: in its marks, and in the provenance it gives a roll or a card
 * line (`{ reading: 'bof/solo-setup' }`, printed with the dagger by markedBy): [system or '*' for
 * any rule set's, id]. The mark's home marks whatever provenance it is given, so names none.
 */
function namedReadings(): { file: string; system: string; id: string }[] {
  const named: { file: string; system: string; id: string }[] = [];
  for (const { file, text } of sources) {
    if (MARK_HOME.includes(file)) continue;
    for (const m of text.matchAll(/\breading: '([a-z0-9-]+)\/([a-z0-9-]+)'/g)) named.push({ file, system: m[1]!, id: m[2]! });
    for (const m of text.matchAll(/\breading: `\$\{[^}`]+\}\/([a-z0-9-]+)`/g)) named.push({ file, system: '*', id: m[1]! });
    for (const args of callArguments(text, 'markReading')) {
      const reading = args[1] ?? '';
      const literal = /^'([a-z0-9-]+)\/([a-z0-9-]+)'$/.exec(reading);
      const anySystem = /^`\$\{[^}]+\}\/([a-z0-9-]+)`$/.exec(reading);
      if (literal) named.push({ file, system: literal[1]!, id: literal[2]! });
      else if (anySystem) named.push({ file, system: '*', id: anySystem[1]! });
      else named.push({ file, system: '?', id: reading });
    }
  }
  return named;
}

describe('every dagger names its reading', () => {
  it('no source writes the dagger by hand: it comes from markReading or markDataReading', () => {
    const byHand = sources.filter(({ file, text }) => !MARK_HOME.includes(file) && !file.startsWith('src/layout/') && !file.startsWith('src/render/') && (/\bREADING_MARK\b/.test(text) || text.includes('\u2020') || text.includes('\\u2020')));
    expect(byHand.map((s) => s.file)).toEqual([]);
  });

  it('every mark names an entry of its rule set’s register (every rule set’s with scenarios, where the rule set is the caller’s)', () => {
    const named = namedReadings();
    expect(named.length).toBeGreaterThan(20);
    // a mark for whichever rule set calls (a packet's terrain, the table mode) is reached from a
    // rule set's scenarios: every rule set with scenarios keeps its entry; one of data alone prints
    // its tables, cards and tokens, whose marks come from its own data
    const withScenarios = MANIFESTS.filter((m) => m.scenario).map((m) => registers.get(m.id) ?? new Map());
    const missing = named.filter(({ system, id }) => (system === '*' ? withScenarios.some((r) => !r.has(id)) : !registers.get(system)?.has(id))).map((n) => `${n.file}: ${n.system}/${n.id}`);
    expect(missing, 'marks naming no entry of a register (data/<system>/readings.yaml)').toEqual([]);
  });

  it('every data reading is marked with its words', () => {
    const calls = sources.flatMap(({ file, text }) => callArguments(text, 'markDataReading').map((args) => ({ file, args })));
    for (const { file, args } of calls) expect(args, file).toHaveLength(2);
  });

  it('every entry of a register is named by a mark, or by the data it decides', () => {
    const named = namedReadings();
    const data = fg.sync('data/**/*.{yaml,yml}', { cwd: root, ignore: ['data/*/readings.yaml'] }).map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');
    const unused: string[] = [];
    for (const [system, readings] of registers) {
      for (const id of readings.keys()) {
        const marked = named.some((n) => n.id === id && (n.system === system || n.system === '*'));
        const inData = new RegExp(`\\breadingId:\\s*${id}\\b`).test(data);
        if (!marked && !inData) unused.push(`${system}/${id}`);
      }
    }
    expect(unused, 'register entries nothing marks').toEqual([]);
  });

  it('a dagger a data table prints stands beside the note that says what it decides', () => {
    const unexplained: string[] = [];
    for (const system of db.systems) {
      for (const table of system.tables.values()) {
        const { note: _note, ...printed } = table;
        if (JSON.stringify(printed).includes('\u2020') && !table.note) unexplained.push(`${system.info.id}: ${table.id}`);
      }
    }
    expect(unexplained, 'tables whose cells carry the dagger with no note saying why').toEqual([]);
  });
});
