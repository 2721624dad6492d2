/**
 * The page (issue 17): a form over the command line. Every button builds the argv the command
 * line would take and calls the same run(argv, io) with the page's io, so the words, the checks
 * and the PDF bytes are the command line's. The form lives in the address
 * (#/bof/tables?paper=letter&units=in), so a link reproduces a product.
 */
import { PLAYER_FOLDER, playerFiles, type Manifest, type PageFiles } from './page-files.js';
import type { PageRun, PageRunOptions } from './page-io.js';
import { RUN_WORKER_URL } from './run-protocol.js';
import { WorkerRunner, type WorkerLike } from './worker-runner.js';
import { defaultOf, OPTION_ORDER, argvFor, shellLine, countsFrom, countsOption, deckName, formFromHash, hashFor, leftOut, ownOptions, partsFromListing, partsOptions, tickedParts, type Declarations, type DeclaredOption, type TextUnits, type Form, type Part, type Product } from './form.js';
import { ownField } from './own-fields.js';
import { ForceBench } from './force-builder.js';
import { BrowserStore } from './browser-shelf.js';
import { FORCE_B_PARAM, forceFromLinkValue, forceInHash, forceLinkValue, withForces } from './force-link.js';
import { FORCE_FILE } from './kit/force-model.js';
import type { Listed } from './kit/force-ui.js';
import { playerWords } from './player-words.js';
import { keepOffline } from './offline.js';
import { pagePartsFor } from '../systems/page-registry.js';
import { CampaignPanel, type CampaignProbe } from './campaign-page.js';
import { HousePanel, type HouseProbe } from './house-rules.js';
import { TablePanel, type TableProbe } from './table-mode.js';
import type { TableGame } from './table-game.js';
import { packetOfForm, packetOfLink } from './packet-link.js';
import { offerPacket } from './packet-offer.js';
import type { KeptCampaign } from './kept-campaigns.js';
import type { KeptForce } from './browser-shelf.js';
import type { ForceDraft } from './force-draft.js';
import { binaryString } from '../vocab/binary-string.js';
import { PAPER_SPECS, PAPERS } from '../doc/model.js';

interface SystemInfo {
  id: string;
  name: string;
  rulesVersion: string;
  blurb: string;
  products: string[];
  /** the units its text measures in: --units left out */
  units: string;
  /** the options a product takes beyond the common ones, as `muster systems` lists them */
  takes: Partial<Record<string, string[]>>;
  /** its own options by product, as its manifest declares them: the form's fields for them */
  options: Partial<Record<string, DeclaredOption[]>>;
  /** what its scenarios may be, as its manifest declares (absent: it rolls none) */
  play?: { modes: string[]; players: number[] };
  /** a campaign of more than one player a side: the players in all, and a side at most (absent: one a side) */
  campaignPlayers?: { most: number; perSide: number };
}
interface Named {
  id: string;
  name: string;
}
/** What the form offers for one rule set, from `muster list <system> ... --format json`. */
interface Choices {
  kinds: Set<string>;
  nations: Named[];
  doctrines: Named[];
  scenarios: Named[];
  battles: Named[];
  lists: Named[];
  /** the copies `cards --list` takes (an army list's deck, a player colour's) */
  decks: Named[];
  /** the token kinds `tokens --count ID=N` takes, with the sheet's count and the part that prints them */
  tokens: TokenKind[];
  /** the parts `tokens --only` and `--without` take */
  parts: Part[];
}
interface TokenKind extends Named {
  count: number;
  part: string;
}

const PRODUCTS: Record<Product, string> = {
  tables: 'Quick-reference tables',
  cards: 'Unit cards',
  tokens: 'Tokens, tracks and templates',
  scenario: 'Scenario packet',
  force: 'Build a force',
  campaign: 'Campaign',
  table: 'At the table (play mode)',
  calibrate: 'Two-sided printing check',
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let files: PageFiles;
/** where others reach this page, if the server or the build says: a roster printed here carries a link to its force there */
let publicUrl: string | undefined;
/** muster's version, as the build wrote it into the page's list of files */
let version = '';
let systems: SystemInfo[] = [];
/** the rule sets as the build listed them: the list without house rules */
let builtSystems: SystemInfo[] = [];
/** the rule set the form opens on where a link names none: the registry's first, as the build wrote it */
let opensOn = '';
/** the house rules the list of rule sets was made with (HousePanel.inUse), undefined for none */
let systemsWith: string | undefined;
/** each rule set's own options by product: what a link may carry and the form's fields */
let declared: Declarations = {};
/** each rule set's text units: the --units its products print in when the form leaves it */
let textUnits: TextUnits = {};
const choices = new Map<string, Choices>();
/** the player's force files by input name (side A, side B), already in files at /player/NAME */
const forces: Record<'forceA' | 'forceB', string | undefined> = { forceA: undefined, forceB: undefined };
/** the last PDF made, kept so "Download PDF" after a preview saves the packet that was shown */
let last: { key: string; bytes: Uint8Array; name: string; seed: string | undefined } | undefined;
let running: AbortController | undefined;
let previewUrl: string | undefined;
/** the rule set whose lists the form's selects hold */
let shapedFor: string | undefined;
let builder: ForceBench | undefined;

/** For the browser test: what the page produced last. */
declare global {
  interface Window {
    muster: { ready: boolean; warmed?: boolean; pending?: number; last?: { name: string; base64: string; code: number; stderr: string; argv: string[] }; campaign?: CampaignProbe; house?: HouseProbe; offline?: boolean; table?: TableProbe; store?: 'kept' | 'nothing' | 'waiting' | 'superseded' };
  }
}
window.muster = { ready: false };

/**
 * How long after the page is ready its worker warms itself (run-protocol.ts WarmRequest) if the
 * player has asked for nothing: a print asked for within that time is not held up by it, and
 * one asked for after it takes about half as long (bench/page.js: 145-149 ms against 312-316).
 */
const WARM_AFTER_MS = 250;

/**
 * The worker that runs the command line (run-worker.ts), started by the HTML's first script
 * (start-worker.ts) so that it comes while this script does. Its news waits until the runner
 * below listens.
 */
const runWorker = (globalThis as { musterWorker?: Worker }).musterWorker ?? new Worker(RUN_WORKER_URL);
/** The list of muster's files, asked for at once (the HTML has already asked: see build-web.js). */
const manifestFetched = fetch('files/index.json').then(async (response) => {
  if (!response.ok) throw new Error(`files/index.json: ${response.status} ${response.statusText}`);
  return (await response.json()) as Manifest;
});
// an error here is boot's to tell
manifestFetched.catch(() => undefined);
/** The command line, run in the page's worker on the player's folder as it is now. */
let runner: WorkerRunner;
const runCommand = (argv: readonly string[], options?: Omit<PageRunOptions, 'fetchFile'>): Promise<PageRun> => runner.run(argv, options);

/** A file's bytes, the progress bar showing the kilobytes come in. */
async function fetchShowing(url: string, label: string, size: number): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  const kb = (n: number) => Math.round(n / 1024);
  const bytes = new Uint8Array(size);
  let done = 0;
  showProgress(label, 0, kb(size), 'kB');
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (done + read.value.byteLength > size) throw new Error(`${url}: more than the ${size} bytes listed; reload the page`);
    bytes.set(read.value, done);
    done += read.value.byteLength;
    showProgress(label, kb(done), kb(size), 'kB');
  }
  return done === size ? bytes : bytes.subarray(0, done);
}

/** What the store notice says, by what is wrong with what this browser keeps. */
const STORE_NOTICES = {
  nothing:
    'This browser keeps nothing for this page (a private window, or storage for sites turned off): forces, campaigns and games made here are gone when the tab closes or reloads. Download each one to keep it; the page asks before you leave with something not downloaded.',
  waiting:
    'Waiting for muster open in another tab: it holds what this browser keeps, and this newer muster cannot use it until that tab lets go. Reload or close the other muster tab.',
  superseded:
    'A newer muster was opened in another tab. What this browser keeps is safe, but this tab can keep nothing more: download anything you changed here, then reload this page.',
} as const;

function showStoreNotice(kind: keyof typeof STORE_NOTICES | undefined): void {
  const notice = $('store-notice');
  notice.hidden = kind === undefined;
  $('store-notice-words').textContent = kind ? STORE_NOTICES[kind] : '';
  $('store-reload').hidden = kind !== 'superseded';
  window.muster.store = kind ?? 'kept';
}

/** The browser's IndexedDB, if it has one it lets this page use (some throw on the very asking). */
function browserIndexedDb(): IDBFactory | undefined {
  try {
    return window.indexedDB ?? undefined;
  } catch {
    return undefined;
  }
}

/** Resolves when the store waits on another tab: the page goes on without it meanwhile. */
let storeWaits: () => void = () => undefined;
const storeWaiting = new Promise<void>((resolve) => (storeWaits = resolve));
/** What the page keeps in this browser: forces, campaigns and games, shared with its other tabs. */
const store = new BrowserStore(browserIndexedDb(), {
  blocked() {
    showStoreNotice('waiting');
    storeWaits();
  },
  unblocked() {
    showStoreNotice(undefined);
  },
  superseded() {
    showStoreNotice('superseded');
  },
});

async function boot(): Promise<void> {
  const manifest = await manifestFetched;
  files = playerFiles(manifest);
  // for the browser tests: the worker has warmed itself (WARM_AFTER_MS)
  runner = new WorkerRunner(runWorker as unknown as WorkerLike, files, (news) => {
    if (news.type === 'warmed') window.muster.warmed = true;
  });
  // muster's own files, fetched here while the worker's script comes, then handed to it
  const pack = fetchShowing(manifest.pack.url, 'Loading muster', manifest.pack.size);
  // for the browser tests: the runs the page has asked for and not had back
  Object.defineProperty(window.muster, 'pending', { get: () => runner.pending, enumerable: true });
  publicUrl = manifest.publicUrl;
  version = manifest.version;
  $('version').textContent = `version ${version}`;
  // the build's listing, the same as the worker's: the rule sets show while the files still come
  if (!manifest.systems) runner.give(manifest, await pack);
  builtSystems = manifest.systems ? (manifest.systems as SystemInfo[]) : (await runJson<{ systems: SystemInfo[] }>(['systems', '--format', 'json'])).systems;
  opensOn = manifest.opensOn ?? '';
  showSystems(builtSystems);
  // the papers --paper takes, from the one list the command line's choices come from too
  $<HTMLSelectElement>('paper').replaceChildren(...PAPERS.map((paper) => new Option(PAPER_SPECS[paper].name, paper)));
  if (manifest.systems) runner.give(manifest, await pack);
  await restoreLink(location.hash);
  // the kept lists wait for the browser's store; an older muster holding it in another tab
  // (storeWaiting) does not hold the page up: the lists fill when it lets go
  const keptShown = Promise.all([forceBuilder().showKept(), campaignPanel().showKept(), tablePanel().showKept()]);
  await Promise.race([keptShown, storeWaiting]);
  const keeps = await Promise.race([store.keeps(), storeWaiting.then(() => undefined)]);
  if (keeps !== undefined) showStoreNotice(keeps ? undefined : 'nothing');
  $('store-reload').addEventListener('click', () => location.reload());
  hideProgress();
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-format]')) button.disabled = false;
  window.muster.ready = true;
  // a print asked for at once goes first; a player still choosing gets a warm first print
  setTimeout(() => runner.warm(), WARM_AFTER_MS);
  keepOffline('serviceWorker' in navigator ? navigator.serviceWorker : undefined, {
    kept: () => {
      $('offline').hidden = false;
      window.muster.offline = true;
    },
    newBuild: (use) => {
      $('new-build').hidden = false;
      $('use-new-build').onclick = use;
    },
  }).catch(() => {
    // kept or not, the page works online as before: nothing to tell the player
  });
}

/** The rule sets the form offers: the build's, or the list the house rules in use make. */
function showSystems(list: SystemInfo[]): void {
  systems = list;
  declared = Object.fromEntries(systems.map((s) => [s.id, s.options]));
  textUnits = Object.fromEntries(systems.map((s) => [s.id, s.units]));
  $<HTMLSelectElement>('system').replaceChildren(...systems.map((s) => new Option(s.name, s.id)));
}

/**
 * The form after the house rules in use change: a rule set they give whole (a folder of data
 * alone, as `--data` gives one on the command line) joins the list while they are used, and
 * every list the form offers is made again with them. A rule set that leaves the list leaves
 * the form on the one it opens on.
 */
let followingHouse: Promise<void> = Promise.resolve();
function followHouse(): Promise<void> {
  const follow = async () => {
    const key = house.inUse();
    if (key === systemsWith) return;
    const current = read();
    const list = key === undefined ? builtSystems : (await runJson<{ systems: SystemInfo[] }>(house.argv(['systems', '--format', 'json']))).systems;
    systemsWith = key;
    choices.clear();
    listed.clear();
    shapedFor = undefined;
    ownFieldsFor = undefined;
    showSystems(list);
    await restore(current);
  };
  followingHouse = followingHouse.then(follow, follow);
  return followingHouse;
}

/** A listing the page reads, run as the command line would (its JSON on stdout). */
async function runJson<T>(argv: string[]): Promise<T> {
  const result = await runCommand(argv);
  if (result.code !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T;
}

async function choicesFor(system: string): Promise<Choices> {
  const known = choices.get(system);
  if (known) return known;
  // with the house rules in use: they may add names, or give the rule set itself
  const listing = await runJson<{ kinds: { id: string }[] }>(house.argv(['list', system, '--format', 'json']));
  const kinds = new Set(listing.kinds.map((k) => k.id));
  const names = async (what: string) => (kinds.has(what) ? (await runJson<Named[]>(house.argv(['list', system, what, '--format', 'json']))).map(({ id, name }) => ({ id, name })) : []);
  const found: Choices = {
    kinds,
    nations: await names('nations'),
    doctrines: await names('doctrines'),
    scenarios: kinds.has('modes') ? await names('modes') : await names('scenarios'),
    battles: await names('battles'),
    lists: await names('lists'),
    decks: [],
    tokens: [],
    parts: [],
  };
  if (kinds.has('decks')) {
    const decks = await runJson<{ details: { copies?: string[] } }[]>(house.argv(['list', system, 'decks', '--format', 'json']));
    const copies = [...new Set(decks.flatMap((d) => d.details.copies ?? []))];
    found.decks = copies.map((copy) => ({ id: deckName(copy), name: copy }));
  }
  if (kinds.has('tokens')) {
    const tokens = await runJson<{ id: string; name: string; details: { count: number; part?: string } }[]>(house.argv(['list', system, 'tokens', '--format', 'json']));
    found.tokens = tokens.map((t) => ({ id: t.id, name: t.name, count: t.details.count, part: t.details.part ?? 'markers' }));
    found.parts = partsFromListing((await runCommand(house.argv(['list', system, 'tokens']))).stdout);
  }
  choices.set(system, found);
  return found;
}

/** The parts of the rule set's tokens, one checkbox each, all ticked (neither --only nor --without). */
function fillParts(parts: readonly Part[]): void {
  $('parts').replaceChildren(
    ...parts.map((part) => {
      const row = document.createElement('div');
      row.className = 'field check';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.id = `part-${part.id}`;
      box.value = part.id;
      box.checked = true;
      const label = document.createElement('label');
      label.htmlFor = box.id;
      label.textContent = part.name.charAt(0).toUpperCase() + part.name.slice(1);
      row.append(box, label);
      return row;
    }),
  );
}

/** A number for each token kind, blank for the sheet's count (--count ID=N), grouped by the part that prints it. */
function fillCounts(tokens: readonly TokenKind[], parts: readonly Part[]): void {
  const twice = new Set(tokens.filter((t, i) => tokens.findIndex((u) => u.name === t.name) !== i).map((t) => t.name));
  const groups = [...new Set(tokens.map((t) => t.part))];
  $('counts').replaceChildren(
    ...groups.flatMap((group) => {
      const heading = document.createElement('h2');
      heading.className = 'sub';
      heading.textContent = parts.find((p) => p.id === group)?.name ?? group;
      const list = document.createElement('div');
      list.className = 'counts';
      list.append(
        ...tokens
          .filter((t) => t.part === group)
          .map((token) => {
            const field = document.createElement('div');
            field.className = 'field';
            const input = document.createElement('input');
            input.type = 'number';
            input.inputMode = 'numeric';
            input.min = '0';
            input.max = '100';
            input.step = '1';
            input.id = `count-${token.id}`;
            input.dataset['token'] = token.id;
            input.placeholder = String(token.count);
            const label = document.createElement('label');
            label.htmlFor = input.id;
            label.textContent = twice.has(token.name) ? `${token.name} (${token.id})` : token.name;
            field.append(label, input);
            return field;
          }),
      );
      return groups.length > 1 ? [heading, list] : [list];
    }),
  );
}

/** the rule set's words for its options' empty fields (its page part's) */
let ownHelp: Readonly<Record<string, string>> = {};

/** each option field's own placeholder, before a rule set's words replace it */
const ownPlaceholders = new WeakMap<HTMLInputElement, string>();

/** The rule set's words in the empty option fields, the fields' own elsewhere. */
function showOptionHelp(help: Readonly<Record<string, string>>): void {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[data-option]')) {
    if (!ownPlaceholders.has(input)) ownPlaceholders.set(input, input.placeholder);
    input.placeholder = help[input.dataset['option']!] ?? ownPlaceholders.get(input)!;
  }
}

const partBoxes = () => [...document.querySelectorAll<HTMLInputElement>('#parts input[type=checkbox]')];
const partIds = () => partBoxes().map((b) => b.value);
const countInputs = () => [...document.querySelectorAll<HTMLInputElement>('#counts input[data-token]')];

function fillSelect(id: string, entries: Named[], first: string): void {
  const select = $<HTMLSelectElement>(id);
  select.replaceChildren(new Option(first, ''), ...entries.map((e) => new Option(e.name, e.id)));
}

/** the rule set and product whose own options the generated fields are */
let ownFieldsFor: string | undefined;

/**
 * A field for each of the rule set's own options of the product that the page has no field of
 * its own for (its selects of battles, lists and doctrines, the event cards' box, the track's
 * number), in declaration order; made again when the rule set or the product changes.
 */
function fillOwnFields(system: SystemInfo, product: Product, own: readonly DeclaredOption[]): void {
  const key = `${system.id}/${product}`;
  if (ownFieldsFor === key) return;
  ownFieldsFor = key;
  // the page's field of a shared option (the nation cards narrow to) is not one of the rule set's: an own option of that name gets a field of its own
  const handMade = (name: string) => !OPTION_ORDER.includes(name) && document.querySelector(`#product-fields [data-show="${name}"]`) !== null;
  $('own-fields').replaceChildren(...own.filter((o) => !handMade(o.name)).map((o) => ownField(o)));
  showOptionHelp(ownHelp);
}

/** Shows the controls that apply to the rule set and product, and nothing else. */
async function shape(form: Form): Promise<void> {
  const system = systems.find((s) => s.id === form.system) ?? systems[0]!;
  const c = await choicesFor(system.id);
  const parts = await pagePartsFor(system.id);
  const buildsForces = parts.forceBuilder !== undefined;
  const atTable = parts.tableMode !== undefined;
  const players = (system.play?.players ?? [2]).map(String);
  // the lists are filled when the rule set changes, so a choice made stays made
  if (shapedFor !== system.id) {
    shapedFor = system.id;
    const offered = [...system.products, ...(buildsForces ? ['force'] : []), ...(atTable ? ['table'] : []), 'calibrate'];
    const products = (offered.filter((p) => p in PRODUCTS) as Product[]).map((p) => new Option(PRODUCTS[p], p));
    $<HTMLSelectElement>('product').replaceChildren(...products);
    $('blurb').textContent = system.blurb;
    fillSelect('nation', c.nations, 'every nation');
    fillSelect('doctrine', c.doctrines, 'every doctrine');
    fillSelect('scenario', c.scenarios, 'rolled');
    fillSelect('battle', c.battles, 'rolled');
    fillSelect('listA', c.lists, 'drawn');
    fillSelect('listB', c.lists, 'drawn');
    fillSelect('list', c.decks, 'every deck');
    fillParts(c.parts);
    fillCounts(c.tokens, c.parts);
    ownHelp = parts.optionHelp ?? {};
    showOptionHelp(ownHelp);
    $<HTMLSelectElement>('players').replaceChildren(...players.map((p) => new Option(p, p)));
  }
  const product = (system.products.includes(form.product) || (form.product === 'force' && buildsForces) || (form.product === 'table' && atTable) || form.product === 'calibrate' ? form.product : system.products[0]) as Product;
  // what the rule set declares its product takes: its own options, and the shared ones beyond the common
  const own = ownOptions(declared, system.id, product);
  const declares = (name: string) => own.some((o) => o.name === name);
  const takes = (name: string) => (system.takes[product] ?? []).includes(`--${name}`);
  fillOwnFields(system, product, own);
  const tokens = product === 'tokens';
  const events = declares('events') && (form.options['events'] ?? 'no') === 'yes';
  const sheet = tokens && !events;
  $<HTMLSelectElement>('product').value = product;
  const shown: Record<string, boolean> = {
    nation: takes('nation') && !declares('nation') && c.nations.length > 0,
    doctrine: declares('doctrine') && c.doctrines.length > 0,
    mode: product === 'scenario' && c.kinds.has('modes'),
    scenario: product === 'scenario' && c.scenarios.length > 0,
    players: product === 'scenario' && players.length > 1 && form.options['mode'] !== 'solo',
    battle: declares('battle') && c.battles.length > 0,
    lists: declares('lists') && c.lists.length > 0,
    count: product === 'scenario',
    // a campaign's next packet and booklet lay terrain as a scenario does
    terrain: product === 'scenario' || product === 'campaign',
    list: product === 'cards' && c.decks.length > 0,
    events: declares('events'),
    parts: sheet && c.parts.length > 1,
    counts: sheet && c.tokens.length > 0,
    sizes: sheet,
    'max-score': sheet && declares('max-score'),
    // a force file where the rule set's product takes one: Open Fire's cards print its lists without
    forceA: takes('force') && (product === 'cards' || product === 'scenario' || sheet),
    forceB: takes('force') && product === 'scenario' && form.options['mode'] !== 'solo',
    cut: product !== 'tables' && product !== 'calibrate',
    // --shop: a card deck for a print shop's press
    shop: product === 'cards' || product === 'force',
    // --layout: wherever a deck of cards is printed; folded, the printer's two-sided settings do not apply
    decklayout: ['cards', 'force', 'scenario', 'campaign'].includes(product) || (product === 'tokens' && form.options['events'] === 'yes'),
    // --cards: how a force's models get their cards, wherever a force's cards are printed
    forcecards: product === 'force' || product === 'scenario' || product === 'campaign' || (product === 'cards' && takes('force')),
    duplex: product !== 'tables' && form.options['layout'] !== 'fold',
    units: product !== 'calibrate',
    inks: product !== 'calibrate',
    glyphs: product !== 'calibrate',
    formats: product !== 'calibrate',
    house: product !== 'calibrate',
    builder: product === 'force',
    dice: product !== 'force' && product !== 'campaign' && product !== 'calibrate',
    campaign: product === 'campaign',
    table: product === 'table',
    printing: product !== 'table',
  };
  // the table mode prints nothing of muster's: no paper, no dice, no house rules, no command line
  if (product === 'table') for (const name of ['cut', 'shop', 'decklayout', 'forcecards', 'duplex', 'units', 'inks', 'glyphs', 'formats', 'house', 'dice']) shown[name] = false;
  // a print shop's file has the shop's own card, bleed and cut, a card a page, each with its back:
  // no sheets to lay out
  shown['backs'] = shown['inks'] === true;
  if (shown['shop'] && form.options['shop']) for (const name of ['cut', 'decklayout', 'duplex', 'backs']) shown[name] = false;
  for (const [name, show] of Object.entries(shown)) {
    for (const el of document.querySelectorAll<HTMLElement>(`[data-show="${name}"]`)) el.hidden = !show;
  }
  // a shop that takes images gets them in a zip: there is no PDF to preview
  const images = shown['shop'] === true && form.options['shop'] === 'mpc';
  document.querySelector<HTMLButtonElement>('button[data-format="pdf"][data-download="yes"]')!.textContent = images ? 'Download images (zip)' : 'Download PDF';
  document.querySelector<HTMLButtonElement>('button[data-format="pdf"][data-download="no"]')!.hidden = images;
  const empty = $('preview-empty');
  empty.textContent = (images ? empty.dataset['images'] : empty.dataset['words']) ?? '';
  // an option said to be for one mode ("solo: ...") is shown in that mode alone
  for (const field of document.querySelectorAll<HTMLElement>('#own-fields [data-mode]')) field.hidden = field.dataset['mode'] !== (form.options['mode'] ?? 'versus');
  shown['own'] = [...document.querySelectorAll<HTMLElement>('#own-fields [data-own]')].some((f) => !f.hidden);
  $('forceA-label').textContent = product === 'scenario' ? 'Force file, side A (solo: yours)' : tokens ? 'Force file (tokens for its models)' : 'Force file';
  $('forceA-built').hidden = forces.forceA !== FORCE_FILE;
  $('product-fields').hidden = !Object.entries(shown).some(([n, s]) => s && !['cut', 'shop', 'backs', 'decklayout', 'forcecards', 'duplex', 'units', 'inks', 'glyphs', 'formats', 'house', 'builder', 'dice', 'campaign', 'table', 'printing'].includes(n));
  document.querySelector('main')!.classList.toggle('building', product === 'force');
  document.querySelector('main')!.classList.toggle('at-table', product === 'table');
  document.documentElement.classList.toggle('at-table', product === 'table');
  if (product === 'force') await forceBuilder().open(system.id);
  if (product === 'campaign') await campaignPanel().open(system.id);
  if (product === 'table' && parts.tableMode) await tablePanel().open(system.id, parts.tableMode);
}

/** The table mode (rule sets with a table part): a game in play, kept in the browser per game. */
let table: TablePanel | undefined;
let forceShelf: ReturnType<typeof store.shelf<KeptForce>> | undefined;
function keptForceShelf() {
  return (forceShelf ??= store.shelf<KeptForce>('forces'));
}
function tablePanel(): TablePanel {
  table ??= new TablePanel({
    run: (argv) => runCommand(house.argv(argv)),
    async withFile(name, bytes, work) {
      const at = `${PLAYER_FOLDER}/${name}`;
      files.add(at, bytes);
      try {
        return await work();
      } finally {
        files.remove(at);
      }
    },
    builtForce(system) {
      const built = builtForce(system);
      const bytes = built && files.read(`${PLAYER_FOLDER}/${built.file}`, Number.MAX_SAFE_INTEGER).bytes;
      return built && bytes ? { bytes, name: built.name } : undefined;
    },
    keptForces: async (system) => (await keptForceShelf().all()).filter((f) => f.system === system),
    shelf: store.shelf<TableGame>('games'),
    keptList: $('kept-game-list'),
    systemName: (id) => systems.find((s) => s.id === id)?.name ?? id,
    sheetLine(id) {
      const system = systems.find((s) => s.id === id);
      return `${system?.name ?? id} · ${system?.rulesVersion ?? ''} · muster ${version}`;
    },
    async openTable(system) {
      const current = read();
      await restore({ system, product: 'table', options: pick(current.options, PRINT_KEYS) });
    },
    packetOfLink: (link, system) => packetOfLink(link, { declared, textUnits }, system),
    changed() {
      window.muster.table = table?.probe;
    },
  });
  return table;
}

/** The force built in the page's builder for a rule set: built where the builder shows this rule set's and its check counted a unit. */
function builtForce(system: string): { file: string; name: string; points: number | null } | undefined {
  const report = builder?.state.system === system ? builder.state.report : undefined;
  if (!report || report.entries.length === 0 || !files.has(`${PLAYER_FOLDER}/${FORCE_FILE}`)) return undefined;
  return { file: FORCE_FILE, name: report.name, points: report.points };
}

/** The campaign panel (rule sets with a campaign): the command line's `campaign` on the page's copy of the state. */
let campaign: CampaignPanel | undefined;
function campaignPanel(): CampaignPanel {
  campaign ??= new CampaignPanel(files, {
    run: (argv) => runCommand(house.argv(argv)),
    shown: (argv) => shellLine(house.argv(argv)),
    save,
    lists: async (system) => (await choicesFor(system)).lists,
    list: (system, args) => campaignListing(system, args),
    takes: (system) => systems.find((s) => s.id === system)?.takes['campaign'] ?? [],
    perSide: (system) => systems.find((s) => s.id === system)?.campaignPlayers?.perSide ?? 1,
    builtForce,
    read: (name) => (files.has(`${PLAYER_FOLDER}/${name}`) ? files.read(`${PLAYER_FOLDER}/${name}`, Number.MAX_SAFE_INTEGER).bytes : undefined),
    async switchSystem(system) {
      const current = read();
      await restore({ system, product: 'campaign', options: pick(current.options, PRINT_KEYS) });
    },
    changed() {
      last = undefined;
      window.muster.campaign = campaign?.probe;
      sync();
    },
    shelf: store.shelf<KeptCampaign>('campaigns'),
    keptList: $('kept-campaign-list'),
    systemName: (id) => systems.find((s) => s.id === id)?.name ?? id,
  });
  return campaign;
}

/** `muster list <system> ...args --format json` for the campaign panel's choices, each asked once; [] where it lists nothing. */
const listed = new Map<string, Promise<Listed[]>>();
function campaignListing(system: string, args: readonly string[]): Promise<Listed[]> {
  const key = [system, ...args].join('\u0000');
  let found = listed.get(key);
  if (!found) {
    found = runCommand(house.argv(['list', system, ...args, '--format', 'json'])).then((r) => (r.code === 0 ? (JSON.parse(r.stdout) as Listed[]) : []));
    listed.set(key, found);
  }
  return found;
}

/** House rules: a data folder the player adds, checked by `validate --data`, used once valid when chosen. */
const house = new HousePanel({
  run: (argv) => runCommand(argv),
  files: () => files,
  systems: () => systems.map((s) => s.id),
  changed(report) {
    last = undefined;
    // the probe is set once the form follows the house rules: a test waits for it to see the list made again
    // (a list the house rules in use cannot make leaves the form as it was)
    void followHouse()
      .catch(() => undefined)
      .then(() => {
        if (report) window.muster.house = report;
        sync();
      });
  },
});

/** The command line of the form: a campaign's print, the house rules when in use. */
function argvOf(form: Form): string[] {
  // the two-sided check is the same sheet for every rule set: no house rules
  if (form.product === 'calibrate') return argvFor(form, declared);
  if (form.product === 'campaign') return house.argv([...campaignPanel().printArgv(form.system), ...argvFor(form, declared).slice(2)]);
  const argv = argvFor(form, declared, forceFiles(form));
  if (form.product === 'force' && publicUrl) argv.push('--public-url', publicUrl);
  return house.argv(argv);
}


/** The force builder (every rule set with forces), lent the page's command line and its folder. */
function forceBuilder(): ForceBench {
  builder ??= new ForceBench($('builder'), {
    run: (argv) => runCommand(argv),
    writeForce(text) {
      files.add(`${PLAYER_FOLDER}/${FORCE_FILE}`, new TextEncoder().encode(text));
      last = undefined;
    },
    save,
    print: () => void make('pdf', false),
    async toScenario() {
      forces.forceA = FORCE_FILE;
      last = undefined;
      const current = read();
      await restore({ system: current.system, product: 'scenario', options: pick(current.options, PRINT_KEYS) });
      $('forceA').focus();
    },
    shelf: keptForceShelf(),
    publicUrl: () => publicUrl,
    keptList: $('kept-list'),
    systemName: (id) => systems.find((s) => s.id === id)?.name ?? id,
    async openBuilder(system) {
      const current = read();
      await restore({ system, product: 'force', options: pick(current.options, PRINT_KEYS) });
    },
    drafts: store.shelf<ForceDraft>('drafts'),
    storeWaits: storeWaiting,
    addressChanged: sync,
  });
  return builder;
}

/** The form a link gives, and the force it carries opened in the builder (over the one being built before, its draft). */
async function restoreLink(hash: string): Promise<void> {
  const form = formFromHash(hash, declared, textUnits, opensOn);
  if (form.product === 'force') forceBuilder().fromAddress(forceInHash(hash));
  await restore(form);
  if (form.product !== 'force' && form.product !== 'campaign' && form.product !== 'table') await linkedForces(hash);
}

/** The force files a product's link carries: in the page's folder as force-a.yaml and force-b.yaml, given to the product. */
async function linkedForces(hash: string): Promise<void> {
  const said: string[] = [];
  for (const [slot, param, name] of [['forceA', 'force', 'force-a.yaml'], ['forceB', FORCE_B_PARAM, 'force-b.yaml']] as const) {
    const value = forceInHash(hash, param);
    if (value === undefined) continue;
    const found = forceFromLinkValue(value);
    if ('refused' in found) {
      said.push(`${slot === 'forceA' ? 'Side A' : 'Side B'}: ${found.refused}`);
      continue;
    }
    files.add(`${PLAYER_FOLDER}/${name}`, new TextEncoder().encode(found.yaml));
    forces[slot] = name;
  }
  showLinkedForces(said);
  last = undefined;
  sync();
}

/** Beside the force file fields: which force came with the link, or why one did not. */
function showLinkedForces(refused: readonly string[] = []): void {
  const lines = [
    ...(forces.forceA === 'force-a.yaml' ? ['Side A: the force in the link (force-a.yaml); choose a file to use another.'] : []),
    ...(forces.forceB === 'force-b.yaml' ? ['Side B: the force in the link (force-b.yaml); choose a file to use another.'] : []),
    ...refused,
  ];
  $('forces-linked').textContent = lines.join('\n');
  $('forces-linked').hidden = lines.length === 0;
  $('forces-linked').className = refused.length > 0 ? 'hint messages failed' : 'hint';
}

/** Sets the form's controls from a Form (a link, or the defaults). */
async function restore(form: Form): Promise<void> {
  const system = [form.system, opensOn].find((id) => systems.some((s) => s.id === id)) ?? systems[0]!.id;
  set('system', system);
  await shape({ ...form, system });
  // a link is the whole form: what it leaves out is at its default (a choice left blank), as on a fresh page
  for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-option]')) {
    const name = el.dataset['option']!;
    if (el instanceof HTMLInputElement && el.type === 'file') continue;
    // a token count is no number of packets: the tokens' own list takes it
    const given = name === 'count' && form.product === 'tokens' ? undefined : form.options[name];
    // a box and a list show the default; a field left empty stands for it
    const value = given ?? (el instanceof HTMLInputElement && el.type !== 'checkbox' ? '' : defaultOf(name, textUnits[system]));
    if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = value !== undefined && value !== 'no';
    else el.value = value ?? '';
  }
  if ($<HTMLSelectElement>('product').value === 'tokens') {
    const ticked = tickedParts(partIds(), form.options);
    for (const box of partBoxes()) box.checked = ticked.includes(box.value);
    const counts = countsFrom(form.options['count']);
    for (const input of countInputs()) input.value = counts.get(input.dataset['token']!) ?? '';
  }
  const [a = '', b = ''] = (form.options['lists'] ?? '').split(',');
  set('listA', a);
  set('listB', b);
  sync();
}

function set(name: string, value: string): void {
  const id = document.getElementById(name) ? name : `own-${name}`;
  const el = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
  if (!el || (el.dataset['option'] === undefined && !['system', 'product', 'listA', 'listB'].includes(id))) return;
  if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = value !== 'no';
  else el.value = value;
}

/** The form as the controls show it: only the options that apply and differ from the defaults. */
function read(): Form {
  const options: Record<string, string> = {};
  const system = $<HTMLSelectElement>('system').value;
  const product = $<HTMLSelectElement>('product').value as Product;
  const own = ownOptions(declared, system, product);
  for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-option]')) {
    if (el.closest<HTMLElement>('[hidden]')) continue;
    const name = el.dataset['option']!;
    const value = el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? 'yes' : 'no') : el.value.trim();
    // the fields still show the rule set they were shaped for when another is just chosen: a
    // value is that one's default or a choice (units left at centimetres for Burst of Fire become Fire Team's inches)
    if (value !== '' && value !== leftOut(name, own, textUnits[shapedFor ?? system])) options[name] = value;
  }
  if (!$('parts-box').hidden) Object.assign(options, partsOptions(partIds(), partBoxes().filter((b) => b.checked).map((b) => b.value)));
  if (!$('counts-box').hidden) {
    const counts = countsOption(new Map(countInputs().map((i) => [i.dataset['token']!, i.value])), countInputs().map((i) => i.dataset['token']!));
    if (counts) options['count'] = counts;
  }
  if (!$('lists-row').hidden) {
    const a = $<HTMLSelectElement>('listA').value;
    const b = $<HTMLSelectElement>('listB').value;
    if (a && b) options['lists'] = `${a},${b}`;
  }
  return { system, product, options };
}

function forceFiles(form: Form): string[] {
  if (form.product === 'force') return [FORCE_FILE];
  // a product (or rule set) that takes no force shows no force file: none is given
  if (document.getElementById('forceA')!.closest('[hidden]')) return [];
  const sideB = form.product === 'scenario' && form.options['mode'] !== 'solo';
  const names = [forces.forceA, sideB ? forces.forceB : undefined].filter((n): n is string => n !== undefined);
  return names;
}

/** Each force file given to a product, packed for a link once per file (name and bytes). */
const packedForces = new Map<string, { bytes: Uint8Array; value: string }>();
function packedForce(name: string | undefined): string | undefined {
  if (!name || !files.has(`${PLAYER_FOLDER}/${name}`)) return undefined;
  const bytes = files.read(`${PLAYER_FOLDER}/${name}`, Number.MAX_SAFE_INTEGER).bytes;
  if (!bytes) return undefined;
  const known = packedForces.get(name);
  if (known && known.bytes === bytes) return known.value;
  const value = forceLinkValue(new TextDecoder().decode(bytes));
  packedForces.set(name, { bytes, value });
  return value;
}

/**
 * The page's address for a form: its options, and the force files it prints with packed after
 * `#` (never sent to a server), so the link opens the same forces and packet elsewhere. The
 * builder's address carries its force as it is built (a reload opens it); a campaign keeps its forces in its state.
 */
function pageHash(form: Form): string {
  const hash = hashFor(form, declared);
  if (form.product === 'force') return withForces(hash, { a: builder?.addressValue(form.system) });
  if (form.product === 'campaign' || form.product === 'table') return hash;
  const [a, b] = [forces.forceA, forces.forceB];
  const given = forceFiles(form);
  return withForces(hash, { a: given.includes(a ?? '') ? packedForce(a) : undefined, b: given.includes(b ?? '') ? packedForce(b) : undefined });
}

/** The address and the command line shown follow the form. */
function sync(): void {
  const form = read();
  const hash = pageHash(form);
  if (location.hash !== hash) history.replaceState(null, '', hash);
  $('command').textContent = shellLine(argvOf(form));
}

function showProgress(label: string, done: number, total: number, unit = ''): void {
  const bar = $<HTMLProgressElement>('progress');
  bar.hidden = false;
  bar.max = Math.max(total, 1);
  bar.value = done;
  $('progress-label').textContent = `${label} ${done} of ${total}${unit ? ` ${unit}` : ''}`;
  $('status').hidden = false;
}

function hideProgress(): void {
  $('progress').hidden = true;
  $('progress-label').textContent = '';
  // an empty status panel says nothing: hidden until there are words
  if (!$('messages').textContent) $('status').hidden = true;
}

function save(bytes: Uint8Array, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function toBase64(bytes: Uint8Array): string {
  return btoa(binaryString(bytes));
}

const TYPES = { pdf: 'application/pdf', json: 'application/json', md: 'text/markdown', zip: 'application/zip' } as const;

/** Makes the product in a format: the PDF is previewed, and saved when `download` is set. */
async function make(format: 'pdf' | 'json' | 'md', download: boolean): Promise<void> {
  const form = read();
  // a shop that takes images (--shop mpc): the "PDF" is a zip of them
  const file = format === 'pdf' && form.options['shop'] === 'mpc' ? 'zip' : format;
  const out = `/out/muster.${file}`;
  const argv = [...argvOf(form), ...(format === 'pdf' ? [] : ['--format', format]), '-o', out];
  const key = argv.join('\u0000');
  const base = form.product === 'calibrate' ? 'calibrate' : `${form.system}-${form.product === 'force' ? 'cards' : form.product === 'campaign' ? `campaign-${argv[2]}` : form.product}`;
  if (format === 'pdf' && download && last?.key === key) {
    save(last.bytes, last.name, TYPES.pdf);
    return;
  }
  running?.abort();
  const controller = (running = new AbortController());
  setBusy(true);
  $('messages').textContent = '';
  $('seed-note').hidden = true;
  let result: PageRun;
  try {
    const how = { signal: controller.signal, progress: (label: string, done: number, total: number) => showProgress(label, done, total) };
    result = await runCommand(argv, how);
    // an option that answers in words and writes no file (a unit's cost worked out): the answer is shown
    if (result.code === 2 && /^muster: -o\/--out: .* writes no file; leave -o out/m.test(result.stderr)) {
      const answer = await runCommand(argv.slice(0, -2), how);
      result = { ...answer, stderr: answer.code === 0 ? answer.stdout : answer.stderr };
    }
  } catch (error) {
    result = { code: 1, stdout: '', stderr: `muster: ${(error as Error).message}\n`, written: new Map() };
  } finally {
    setBusy(false);
    hideProgress();
    if (running === controller) running = undefined;
  }
  // "Wrote /out/muster.pdf" names the page's own path: the player reads "muster.pdf ready"
  const messages = playerWords(result.stderr, out, formLabel).trim();
  $('messages').textContent = messages;
  $('messages').className = result.code === 0 ? 'messages' : 'messages failed';
  $('status').hidden = messages === '';
  // on a phone the form is long: bring the words into view
  if (messages) $('status').scrollIntoView({ block: 'nearest' });
  const bytes = result.written.get(out);
  const seed = /^Seed: (\S+)/m.exec(result.stderr)?.[1];
  const name = `${base}${seed ? `-${seed}` : ''}.${file}`;
  window.muster.last = { name, base64: bytes ? toBase64(bytes) : '', code: result.code, stderr: result.stderr, argv };
  // a campaign's print may change its state (a next turn that sets its assaults): the page's copy takes it
  if (form.product === 'campaign') await campaignPanel().printed(result);
  // one packet made: offered beside it to play at the table, with the seed its dice came from
  const reads = form.product === 'scenario' && result.code === 0 && seed !== undefined && (await pagePartsFor(form.system)).tableMode?.fromPacket !== undefined;
  const given = () => forceFiles(form).map((f) => ({ name: f, yaml: new TextDecoder().decode(files.read(`${PLAYER_FOLDER}/${f}`, Number.MAX_SAFE_INTEGER).bytes) }));
  offerPacket(reads ? packetOfForm(form, { declared, textUnits }, seed, given()) : undefined, { made: (asked) => tablePanel().packetMade(asked), play: (asked) => tablePanel().playPacket(asked) });
  if (result.code !== 0 || !bytes) return;
  if (seed && !form.options['seed'] && form.product !== 'campaign') {
    const link = $<HTMLAnchorElement>('seed-link');
    link.href = pageHash({ ...form, options: { ...form.options, seed } });
    $('seed-note').hidden = false;
  }
  if (file === 'pdf') {
    last = { key, bytes, name, seed };
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = URL.createObjectURL(new Blob([bytes as BlobPart], { type: TYPES.pdf }));
    // a phone's browser shows no PDF in a frame (a dark box): it is offered the PDF itself instead
    const framed = navigator.pdfViewerEnabled !== false;
    const frame = $<HTMLIFrameElement>('preview');
    frame.src = framed ? previewUrl : 'about:blank';
    frame.hidden = !framed;
    $<HTMLAnchorElement>('preview-link').href = previewUrl;
    $('preview-no-frame').hidden = framed;
    $('preview-open').hidden = false;
    $('preview-empty').hidden = true;
  }
  if (download) save(bytes, name, TYPES[file]);
}

/** The label of the form's control for an option ("seed" -> "Seed"), where the form has one. */
function formLabel(option: string): string | undefined {
  const control = document.querySelector<HTMLElement>(`[data-option="${CSS.escape(option)}"]`);
  return control?.id ? (document.querySelector(`label[for="${CSS.escape(control.id)}"]`)?.textContent?.trim() ?? undefined) : undefined;
}

function setBusy(busy: boolean): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-format]')) button.disabled = busy;
  $('stop').hidden = !busy;
  document.body.classList.toggle('busy', busy);
}

async function addForce(input: HTMLInputElement): Promise<void> {
  const slot = input.id as 'forceA' | 'forceB';
  const previous = forces[slot];
  // the builder's force.yaml stays: the builder owns it
  if (previous && previous !== FORCE_FILE) files.remove(`${PLAYER_FOLDER}/${previous}`);
  forces[slot] = undefined;
  showLinkedForces();
  $('forceA-built').hidden = forces.forceA !== FORCE_FILE;
  const file = input.files?.[0];
  if (file) {
    // the name the command line would see, made safe as one path segment (never the builder's)
    const safe = file.name.replace(/[^\w.-]+/g, '_');
    const name = `${slot === 'forceB' ? 'b-' : safe === FORCE_FILE ? 'a-' : ''}${safe}`;
    files.add(`${PLAYER_FOLDER}/${name}`, new Uint8Array(await file.arrayBuffer()));
    forces[slot] = name;
  }
  last = undefined;
  sync();
}

document.addEventListener('DOMContentLoaded', () => {
  const form = $<HTMLFormElement>('form');
  form.addEventListener('submit', (event) => event.preventDefault());
  house.attach();
  form.addEventListener('change', async (event) => {
    const target = event.target as HTMLElement;
    if (target.id === 'forceA' || target.id === 'forceB') return addForce(target as HTMLInputElement);
    if (target.id === 'mode' || target.id === 'events' || target.id === 'layout' || target.id === 'shop') {
      await shape(read());
      sync();
      return;
    }
    if (target.id === 'system' || target.id === 'product') {
      // the builder's force.yaml is the force of the rule set it was built for: not another's side A
      if (target.id === 'system' && forces.forceA === FORCE_FILE) forces.forceA = undefined;
      const current = read();
      await restore({ system: current.system, product: current.product, options: target.id === 'system' ? pick(current.options, PRINT_KEYS) : current.options });
      return;
    }
    sync();
  });
  form.addEventListener('input', () => sync());
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-format]')) {
    button.addEventListener('click', () => void make(button.dataset['format'] as 'pdf' | 'json' | 'md', button.dataset['download'] === 'yes'));
  }
  $('stop').addEventListener('click', () => running?.abort());
  window.addEventListener('hashchange', () => {
    if (location.hash !== hashFor(read(), declared)) void restoreLink(location.hash);
  });
  boot().catch((error: Error) => {
    $('messages').textContent = `muster could not start: ${error.message}`;
    $('messages').className = 'messages failed';
    $('status').hidden = false;
  });
});

/** Print settings carry over to another rule set; its own choices do not. */
const PRINT_KEYS = ['shop', 'layout', 'cards', 'paper', 'units', 'duplex', 'back-offset', 'bleed', 'marks', 'backs', 'ink', 'allow-missing-glyphs', 'seed'];
function pick(options: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(options).filter(([k]) => keys.includes(k)));
}
