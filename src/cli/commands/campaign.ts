import type { TerrainLevel } from '../../engine/terrain.js';
import path from 'node:path';
import { MAX_SIDE_NAME_LENGTH } from '../../data/limits.js';
import { loadRulesDb } from '../../data/load.js';
import { checkInterrupted, DataError, GenerateError, UsageError } from '../../errors.js';
import { changeText, changeWords, keptStatePath, keptStateText, splitChanges, undoChange, withChanges, MAX_CHANGES, type KeptState, type StateChange } from '../../data/state-file.js';
import { manifestFor, moduleFor } from '../../systems/registry.js';
import { takeOptions } from '../rule-set-options.js';
import type { SharedOption } from '../../systems/manifest.js';
import type { CampaignRequest, CampaignResponse, RuleSetModule } from '../../systems/module.js';
import { emitDocument, outputFile, STDOUT } from '../emit.js';
import type { CliIo, RunInput } from '../io.js';
import { MAX_STATE_BYTES, readStateBytes, replaceState } from '../state-store.js';
import { shellOption } from '../shell-word.js';
import { dataInputs, refuseControlChars, resolveFrom, unitsOf, warnOn, type ProductArgs } from '../options.js';
import { cardPrint, printSettings, type CutArgs } from '../print-options.js';
import { TOOL_VERSION } from '../version.js';

export interface CampaignArgs extends ProductArgs, CutArgs {
  action: 'new' | 'record' | 'next' | 'status' | 'booklet' | 'undo' | 'history';
  state?: string;
  /** undo: go back to just after this change of the history (0: before the first kept) */
  to?: number;
  names?: string;
  force?: string | string[];
  strict?: boolean;
  terrain?: TerrainLevel;
  /** --all-cards: every unit card of a kept force in a game after the first, not only the changed */
  allCards?: boolean;
  /** the rule sets' own options (their manifests'), by camelCase key */
  [own: string]: unknown;
}

/** The sides' names and, where a side has more than one, every player, side A's first. */
interface NamesGiven {
  names: { a: string; b: string };
  players?: { name: string; side: 'a' | 'b' }[];
  /** the sides' own names were given ("Allies=Anna,Ben:Axis=Carl,Dora"), or are the players' own (one a side) */
  sidesNamed: boolean;
}

/**
 * --names: two names, side A's first; in a solo campaign (where the rule set has one) the
 * player's alone, side B being the enemy. Where the rule set's campaign takes more players
 * (its manifest's `players`), up to that many: the sides split by a colon ("Anna,Ben:Carl"),
 * or without one in halves, side A the larger; a side's own name before an equals sign
 * ("Allies=Anna,Ben:Axis=Carl,Dora").
 */
function parseNames(text: string | undefined, solo?: { option: string; enemy: string; given: boolean }, players?: { most: number; perSide: number }): NamesGiven {
  if (text === undefined) return { names: { a: 'Side A', b: 'Side B' }, sidesNamed: false };
  refuseControlChars('--names', text);
  const halves = text.split(':');
  const more = players ? `; or up to ${players.most} players, ${players.perSide} a side, the sides split by a colon: "Anna,Ben,Carl:Dora,Emil,Fritz"` : '';
  if (halves.length > 2) throw new UsageError(`--names "${text}": one colon at most, between side A's players and side B's, like "Anna,Ben:Carl,Dora"`);
  const sideParts = halves.map((half) => {
    const named = /^([^=]*)=(.*)$/.exec(half);
    return { own: named ? named[1]!.trim() : undefined, names: (named ? named[2]! : half).split(',').map((p) => p.trim()) };
  });
  const all = sideParts.flatMap((p) => p.names);
  const own = sideParts.map((p) => p.own);
  if (solo?.given) {
    if (all.length !== 1 || !all[0] || halves.length > 1 || own[0] !== undefined) throw new UsageError(`--names "${text}": a solo campaign has one player; give your name alone, such as --names Anna`);
    return { names: { a: all[0], b: solo.enemy }, sidesNamed: true };
  }
  const soloHint = solo ? ` (a solo campaign, --${solo.option}, takes your name alone)` : '';
  if (all.some((p) => p === '') || own.some((o) => o === '')) throw new UsageError(`--names "${text}": a name is empty; give each player's name between the commas${halves.length > 1 ? ', and each side at least one' : ''}`);
  const long = [...all, ...own.filter((o): o is string => o !== undefined)].find((p) => [...p].length > MAX_SIDE_NAME_LENGTH);
  if (long) throw new UsageError(`--names: "${long}" is ${[...long].length} characters; each ${players && all.length > 2 ? "player's" : "side's"} name may have at most ${MAX_SIDE_NAME_LENGTH}`);
  if (!players || all.length <= 2) {
    if (all.length !== 2 || (halves.length === 2 && sideParts.some((p) => p.names.length !== 1))) {
      throw new UsageError(`--names "${text}": give two names separated by a comma, like "Red,Blue"${soloHint}${more}`);
    }
    return { names: { a: own[0] ?? all[0]!, b: own[1] ?? all[1]! }, sidesNamed: true };
  }
  if (all.length > players.most) throw new UsageError(`--names "${text}": ${all.length} players; a campaign has at most ${players.most}, ${players.perSide} a side`);
  if (own.some((o) => o !== undefined) && halves.length < 2) throw new UsageError(`--names "${text}": a side's own name goes before its players, each side split by a colon: "Allies=Anna,Ben:Axis=Carl,Dora"`);
  // without a colon, in halves: side A the first half, one more where the count is odd
  const sides = halves.length === 2 ? sideParts.map((p) => p.names) : [all.slice(0, Math.ceil(all.length / 2)), all.slice(Math.ceil(all.length / 2))];
  for (const [i, of] of sides.entries()) {
    if (of.length > players.perSide) throw new UsageError(`--names "${text}": side ${'AB'[i]} has ${of.length} players; a side has at most ${players.perSide}`);
  }
  const seen = new Map<string, string>();
  for (const name of all) {
    // a player is named in record's options (Anna:Pak 40): his name tells him from the others, and from a side's a: and b:
    if (/^[ab]$/i.test(name)) throw new UsageError(`--names: "${name}" is how record names a side (a:, b:); give the player a name of his own`);
    const had = seen.get(name.toLowerCase());
    if (had !== undefined) throw new UsageError(`--names: "${name}" is given twice${had !== name ? ` (as "${had}")` : ''}; each player's name tells him apart`);
    seen.set(name.toLowerCase(), name);
  }
  const list = [...sides[0]!.map((name) => ({ name, side: 'a' as const })), ...sides[1]!.map((name) => ({ name, side: 'b' as const }))];
  return { names: { a: own[0] ?? 'Side A', b: own[1] ?? 'Side B' }, players: list, sidesNamed: own.some((o) => o !== undefined) };
}

/**
 * What each action does with the state file: makes it, changes it (under its lock: `next`
 * may, where it sets a turn's battles), only reads it, or reads it when given.
 */
const STATE_USE = { new: 'create', record: 'change', next: 'change', status: 'read', booklet: 'optional', undo: 'change', history: 'read' } as const;
/** Actions that print no document: -o means nothing to them. */
const NO_DOCUMENT = new Set(['new', 'record', 'status', 'undo', 'history']);
/** Actions on the changes a state file keeps, the same for every rule set: no manifest lists them. */
const ON_CHANGES = new Set(['undo', 'history']);

/**
 * `muster campaign <system> new|record|next|status|booklet|undo|history`. A change of the state file is
 * one read-modify-write under the file's lock; the new state is checked to read back before
 * it is written whole (temporary file, then rename), with the state before it kept byte for
 * byte as FILE.bak. Every change after `new` is kept in the file with the state before it
 * (data/state-file.ts, `changes`), the same for every rule set: `status` names the last, and
 * `undo` takes it back, itself a change, so an undo right after an undo puts the change back;
 * `history` lists them and `undo --to N` goes back over every change after the Nth.
 */
export async function runCampaign(args: CampaignArgs, io: CliIo): Promise<number> {
  const use = STATE_USE[args.action];
  if (use !== 'optional' && !args.state) throw new UsageError(`campaign ${args.action} needs --state FILE (the campaign's JSON file)`);
  if (args.out !== undefined && NO_DOCUMENT.has(args.action)) {
    throw new UsageError(`-o/--out: campaign ${args.action} writes no document${args.action === 'status' ? ' (its --format json goes to standard output)' : ' (it changes the --state file only)'}; leave -o out`);
  }
  const stateFile = args.state !== undefined ? resolveState(args.state, io.cwd) : undefined;
  if (use === 'create' && stateFile) await io.outputs.prepare(stateFile, '--state', false);
  const print = cardPrint(args);
  const seed = args.seed !== undefined && args.seed.trim() !== '' ? args.seed : io.freshSeed();
  if (seed.length > 200) throw new UsageError('--seed: at most 200 characters');

  const db = await loadRulesDb({ dataDirs: args.data.map((d) => resolveFrom(io.cwd, d)), only: args.system });
  const system = db.system(args.system);
  const manifest = manifestFor(system.info.id);
  if (!manifest?.campaign || !system.info.products.includes('campaign')) throw new UsageError(`rule set "${system.info.id}" has no campaigns yet`);
  const forces = args.force === undefined ? [] : [args.force].flat().map(String);
  const shared: SharedOption[] = [];
  if (args.names !== undefined) shared.push('names');
  if (forces.length > 0) shared.push('force');
  if (args.strict) shared.push('strict');
  const options = takeOptions(manifest, system.info.name, 'campaign', { args, shared });
  const solo = manifest.campaign.solo;
  const given = parseNames(args.names, solo && { ...solo, given: options[solo.option] === true }, manifest.campaign.players);
  const names = given.names;
  const players = given.players;
  if (forces.some((f) => f.trim() === '')) throw new UsageError('--force: give the path of a force file, such as --force my-company.yaml');
  if (forces.length > 0 && args.action !== 'new') throw new UsageError(`--force: a campaign takes its forces when it starts (campaign ${system.info.id} new --force FILE); campaign ${args.action} uses the forces its state keeps`);
  if (players && forces.length > players.length) throw new UsageError(`--force given ${forces.length} times for ${players.length} players: give one force file for each player at most, in the order of --names`);
  if (!players && forces.length > 2) throw new UsageError(`--force given ${forces.length} times: give one force file for side A, and another for side B${manifest.campaign.players ? ' (or one for each player, with more players in --names)' : ''}`);
  const forceFiles = forces.map((f) => resolveFrom(io.cwd, f));
  if (ON_CHANGES.has(args.action)) {
    const given = [...(args.names !== undefined ? ['--names'] : []), ...Object.keys(options).map((name) => `--${name}`)];
    const alone = args.action === 'undo' ? 'give it --state alone, or --state and --to N (a number campaign history lists)' : 'give it --state alone';
    if (given.length > 0) throw new UsageError(`${given.join(', ')}: not for campaign ${args.action}, which works on the changes the state file keeps; ${alone}`);
  }
  if (args.to !== undefined && args.action !== 'undo') throw new UsageError(`--to: for campaign undo alone (undo --to N goes back to just after change N of campaign history); campaign ${args.action} takes no --to`);
  if (args.action !== 'undo' && args.action !== 'history' && !manifest.campaign.actions.includes(args.action)) {
    throw new UsageError(`campaign ${args.action}: ${system.info.name} campaigns take ${manifest.campaign.actions.join(', ')}`);
  }
  const module = await moduleFor(system.info.id);
  if (!module?.campaign) throw new UsageError(`rule set "${system.info.id}" has no campaigns yet`);
  const progress = args.quiet || args.action !== 'booklet' ? undefined : io.progress;

  const inputs: RunInput[] = [...dataInputs(args.data, io.cwd), ...forceFiles.map((file) => ({ path: file, what: 'a --force file' }))];
  if (stateFile) {
    for (const [suffix, what] of [['', 'the campaign state'], ['.bak', "the campaign state's backup"], ['.lock', "the campaign state's lock"]] as const) {
      inputs.push({ path: `${stateFile}${suffix}`, what });
    }
  }
  const emitOptions = {
    format: args.format,
    out: args.out,
    quiet: args.quiet,
    pageProgress: true,
    inputs,
    allowMissingGlyphs: args.allowMissingGlyphs,
    print: printSettings(args),
    defaultName: `${system.info.id}-campaign-${args.action}-${seed.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40)}`,
    house: system.houses.map((h) => h.name),
  };
  if (!NO_DOCUMENT.has(args.action) && args.out !== undefined && args.out !== STDOUT) {
    // a refused -o is said before the state is touched
    await io.outputs.prepare(outputFile(args.out, io.cwd), '-o/--out', false);
    await io.outputs.refuseInputs(outputFile(args.out, io.cwd), '-o/--out', inputs);
  }

  if ((args.action === 'new' || (args.action === 'booklet' && !stateFile)) && !args.quiet) io.stderr.write(`Seed: ${seed}\n`);
  // `next` changes a state only where it sets a turn's assaults: a plain `next` reads, and so
  // works in a folder it may not write a lock into
  const changes = use === 'create' || (use === 'change' && (args.action !== 'next' || (manifest.campaign.nextChangesWith !== undefined && options[manifest.campaign.nextChangesWith] !== undefined)));
  const step = async () => {
    let bytes: Uint8Array | undefined;
    if (use === 'create' && stateFile && (await io.outputs.exists(stateFile))) {
      throw new UsageError(`--state ${args.state}: a campaign file is already there; choose another name or remove it first (nothing was changed)`);
    }
    if (use !== 'create' && stateFile) bytes = readStateBytes(io.files, stateFile, `muster campaign ${system.info.id} new --state ${args.state}`);
    const backup = stateFile && (await io.outputs.exists(`${stateFile}.bak`)) ? `${stateFile}.bak` : undefined;
    // the changes the file keeps are the command line's: the module reads the state alone
    const kept = bytes && stateFile ? splitChanges(bytes, stateFile, 'campaign state', backup) : undefined;
    const request: Omit<CampaignRequest, 'action'> = {
      system,
      state: kept && stateFile ? { file: stateFile, bytes: kept.bytes, backup } : undefined,
      seed,
      names: args.names === undefined || !given.sidesNamed ? undefined : names,
      ...(players ? { players } : {}),
      forceFiles,
      strict: args.strict ?? false,
      options,
      ...(args.terrain !== undefined ? { terrain: args.terrain } : {}),
      ...(args.allCards ? { allCards: true } : {}),
      onWarning: warnOn(io, args.quiet),
      print,
      units: unitsOf(args, system.info),
      paper: args.paper,
      toolVersion: TOOL_VERSION,
    };
    const undoCommand = `muster campaign ${system.info.id} undo ${shellOption('state', args.state ?? '')}`;
    if (args.action === 'history') return changeHistory(kept!, args.state!, undoCommand);
    if (args.action === 'undo') {
      const undone = await undoTo(module, request, kept!, args.state!, undoCommand, args.to);
      checkInterrupted(io.signal);
      await replaceState(stateFile!, bytes, undone.stateText!, io);
      return undone;
    }
    progress?.start(9, 'Rolling the rungs');
    let response = await module.campaign!({
      ...request,
      action: args.action,
      onProgress: (done) => {
        checkInterrupted(io.signal);
        progress?.tick(done);
      },
    });
    progress?.stop();
    checkInterrupted(io.signal);
    if (args.action === 'status' && kept) response = withLastChange(response, kept, undoCommand);
    // the documents first: if they cannot be written, the state is left as it was
    if (response.docs) await emitDocument(response.docs, emitOptions, io);
    if (response.booklet) await emitDocument(response.booklet, emitOptions, io);
    if (response.stateText !== undefined && stateFile && changes) {
      // `new` starts the file; a change of it is kept with the state before it
      const change = kept?.state && { change: changeText(response.change ?? args.action), state: kept.state };
      const text = change ? withChanges(response.stateText, [...kept.changes, change], MAX_STATE_BYTES) : response.stateText;
      await replaceState(stateFile, bytes, text, io);
    }
    return response;
  };
  const response = stateFile && changes ? await io.outputs.locked(stateFile, step) : await step();
  if (response.stateText !== undefined && !changes) throw new GenerateError('the campaign changed its state without its lock; nothing was written');
  // a booklet of a saved campaign rolls with the campaign's own seed, known once it is read
  if (args.action === 'booklet' && stateFile && response.seed && !args.quiet) io.stderr.write(`Seed: ${response.seed}\n`);
  if (response.docs || response.booklet) {
    if (response.message && !args.quiet) io.stderr.write(`${response.message}\n`);
    return 0;
  }
  if (args.format === 'json' && response.json !== undefined) io.stdout.write(`${JSON.stringify(response.json, null, 2)}\n`);
  // the history is what was asked for: a listing, as muster list prints one
  else if (args.action === 'history' && response.message) io.stdout.write(`${response.message}\n`);
  else if (response.message && !args.quiet) io.stderr.write(`${response.message}\n`);
  return 0;
}

/**
 * `history`: every change the file keeps, oldest first and numbered from 1, each with its words;
 * 0 is the state before the first of them. `undo --to N` goes back to just after change N.
 */
function changeHistory(kept: KeptState, typed: string, undoCommand: string): CampaignResponse {
  const listed = kept.changes.map((change, i) => ({ number: i + 1, change: changeWords(change) }));
  const json = { changes: listed, current: listed.length, keeps: MAX_CHANGES };
  if (listed.length === 0) {
    return { json, message: `--state ${typed} keeps no changes yet: muster keeps each change made after the campaign starts (its last ${MAX_CHANGES}), so that undo can take it back.` };
  }
  const width = String(listed.length).length;
  const lines = [
    `Changes kept in ${typed}, oldest first (the last ${MAX_CHANGES} are kept):`,
    `  ${'0'.padStart(width)}  before ${listed[0]!.change}`,
    ...listed.map(({ number, change }) => `  ${String(number).padStart(width)}  ${change}`),
    `Now: just after change ${listed.length}. To go back to just after change N (itself a change, so undo takes it back): ${undoCommand} --to N`,
  ];
  return { json, message: lines.join('\n') };
}

/**
 * `undo`: the state kept before the last change becomes the state again, checked first by the
 * rule set's own reading (a hand-edited kept state is refused with its field, nothing written);
 * the state it replaces is kept in turn, so the next undo puts the change back.
 */
async function undoTo(module: RuleSetModule, request: Omit<CampaignRequest, 'action'>, kept: KeptState, typed: string, undoCommand: string, to: number | undefined): Promise<CampaignResponse> {
  const count = kept.changes.length;
  if (count === 0 || !kept.state) {
    throw new UsageError(
      `campaign undo: --state ${typed} keeps no change to take back (muster keeps a campaign's last ${MAX_CHANGES} changes, from its start or from the first change this muster made to it); nothing was changed`,
    );
  }
  if (to !== undefined && !(Number.isInteger(to) && to >= 0 && to < count)) {
    const now = Number.isInteger(to) && to === count ? ` (${count} is where the campaign stands now: nothing to go back over)` : '';
    throw new UsageError(`--to ${to}: a change campaign history lists, a whole number from 0 to ${count - 1}${now}; nothing was changed`);
  }
  // the state kept with change N+1 is the state just after change N
  const index = to ?? count - 1;
  const last = kept.changes[index]!;
  const file = request.state!.file;
  const backupHint = request.state!.backup ? `; the state before the last change is in ${request.state!.backup}` : '';
  // the module's reading would blame the whole file for these ("is a campaign of rule set X",
  // "written by a newer muster"), where only the kept state is at fault
  const system = request.system.info.id;
  if (last.state['system'] !== system) {
    throw new DataError([
      { file, path: keptStatePath(index, 'system'), message: `is ${JSON.stringify(last.state['system'])}, but this is a campaign of rule set "${system}": a state kept among the changes is of the campaign's own rule set${backupHint}` },
    ]);
  }
  const version = last.state['version'];
  const current = kept.state['version'];
  if (typeof version === 'number' && typeof current === 'number' && version > current) {
    throw new DataError([
      { file, path: keptStatePath(index, 'version'), message: `is ${version}, newer than the campaign's own state (version ${current}): a state kept among the changes was written before the state after it, so its version is ${current} at most${backupHint}` },
    ]);
  }
  const stateText = keptStateText(last.state, request.toolVersion);
  let read: CampaignResponse;
  try {
    read = await module.campaign!({ ...request, action: 'status', state: { ...request.state!, bytes: new TextEncoder().encode(stateText) } });
  } catch (error) {
    if (error instanceof DataError) throw new DataError(error.problems.map((p) => ({ ...p, path: keptStatePath(index, p.path) })));
    // any other refusal of the kept state names it, not the file, as what cannot be gone back to
    if (error instanceof UsageError) {
      const prefix = `--state ${file}: `;
      const reason = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
      throw new DataError([{ file, path: keptStatePath(index, ''), message: `cannot be gone back to: ${reason}${backupHint}` }]);
    }
    throw error;
  }
  // a plain undo takes back the last change (an undo of an undo puts it back); --to N goes back over every change after N, one change of its own
  const change: StateChange =
    to === undefined ? undoChange(last, kept.state) : { change: changeText(to === 0 ? `went back to before ${changeWords(kept.changes[0]!)}` : `went back to just after change ${to}: ${changeWords(kept.changes[to - 1]!)}`), state: kept.state };
  const changes = [...kept.changes, change];
  const text = withChanges(stateText, changes, MAX_STATE_BYTES);
  const after: KeptState = { bytes: new TextEncoder().encode(stateText), state: last.state, changes };
  const status = withLastChange(read, after, undoCommand);
  const words = changeWords(changes[changes.length - 1]!);
  return { ...status, stateText: text, message: `${words.charAt(0).toUpperCase()}${words.slice(1)}. ${read.message ?? ''}`.trim() };
}

/** `status` with the last change named, and how to take it back (text and JSON). */
function withLastChange(response: CampaignResponse, kept: KeptState, undoCommand: string): CampaignResponse {
  const last = kept.changes[kept.changes.length - 1];
  const lastChange = last ? { change: changeWords(last), undo: undoCommand } : null;
  const json = typeof response.json === 'object' && response.json !== null && !Array.isArray(response.json) ? { ...response.json, lastChange } : response.json;
  // an undo's undo puts its change back
  const message = last ? `${response.message ?? ''}\nLast change: ${lastChange!.change}; to ${last.undo === 'took back' ? 'put' : 'take'} it back: ${undoCommand}`.trim() : response.message;
  return { ...response, json, message };
}

/** --state's path; a name ending in a slash is a folder, never a campaign file. */
function resolveState(state: string, cwd: string): string {
  if (state.trim() === '') throw new UsageError('--state: give the campaign\'s JSON file, such as campaign.json');
  if (/[\\/]$/.test(state)) throw new UsageError(`--state ${state}: names a folder; give the campaign's JSON file, such as ${state}campaign.json`);
  return path.resolve(cwd, state);
}
