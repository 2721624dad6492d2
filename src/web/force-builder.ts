/**
 * The force builder in the page (issue 17). The bench owns what every rule set shares: after
 * each change the force is written as YAML to /player/force.yaml and `muster check <system>
 * --force force.yaml --format json` runs on it; its total goes in the sticky bar and its problems,
 * in its words, beside the rows their `where` names; load and download the force file, print its
 * roster and cards, take it into a scenario. Each rule set's builder (its page part, beside
 * its module) draws its own fields from its pick-lists (`muster list`).
 */
import type { PageRun } from './page-io.js';
import { FORCE_FILE, forceFileTooLarge, problemsByRow, rowKey, type CheckReport, type Problem } from './kit/force-model.js';
import { literally, noteWords, refusalWords, whereWords, type PageLabels } from './player-words.js';
import { el, pts, type Bench, type Listed, type RuleSetBuilder, type Summary } from './kit/force-ui.js';
import { pagePartsFor } from '../systems/page-registry.js';
import { keptName, MovedOnError, type KeptForce, type Shelf, type ShelfChange } from './browser-shelf.js';
import { drawKeptList } from './kept-list.js';
import { forceFromLinkValue, forceLink } from './force-link.js';
import { BuilderDrafts } from './builder-drafts.js';
import type { DraftState, ForceDraft } from './force-draft.js';

/** What the page lends the builder: the command line, the player's folder, printing, saving. */
export interface BuilderHost {
  run(argv: string[]): Promise<PageRun>;
  writeForce(text: string): void;
  save(bytes: Uint8Array, name: string, type: string): void;
  print(): void;
  toScenario(): void;
  /** where forces are kept in the browser, and the list of them on the first screen */
  shelf: Shelf<KeptForce>;
  /** where others reach this page, if the server or the build says */
  publicUrl?(): string | undefined;
  keptList: HTMLElement;
  /** a rule set's name, for the list */
  systemName(system: string): string;
  /** the page turned to a rule set's builder */
  openBuilder(system: string): Promise<void>;
  /** where each rule set's force being built is kept as it is typed (not listed: no kept force) */
  drafts: Shelf<ForceDraft>;
  /** resolves when the browser's store waits on another tab */
  storeWaits?: Promise<void>;
  /** the page's address to follow the force (its `force=` from addressValue) */
  addressChanged(): void;
}

/** What the test reads: the force written and what `check` said of it. */
export interface BuilderState {
  settled: boolean;
  system: string;
  yaml: string;
  code?: number;
  report?: CheckReport;
  stderr?: string;
  /** how many times `check` ran, and rows were drawn: a test counts the work a force costs */
  checks: number;
  rowsDrawn: number;
  /** how the draft stood after its last save, and the force it kept */
  draft?: DraftState['state'];
  draftYaml?: string;
}

declare global {
  interface Window {
    musterForce?: BuilderState;
  }
}

/** The builder's fieldset: one rule set's fields shown at a time, the bar and the actions shared. */
export class ForceBench implements Bench {
  /** each rule set's builder, made when it is first shown; undefined: the rule set has none */
  private readonly builders = new Map<string, Promise<RuleSetBuilder | undefined>>();
  private active: RuleSetBuilder | undefined;
  private readonly cache = new Map<string, Promise<Listed[]>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private report: CheckReport | undefined;
  private waiting: (() => void)[] = [];
  readonly state: BuilderState = { settled: true, system: '', yaml: '', checks: 0, rowsDrawn: 0 };
  /** the kept force this builder's force was opened from or last kept as, and the revision it had then */
  private keptFrom: { system: string; name: string; revision: number | undefined } | undefined;
  /** the force file as last downloaded or kept for good: leaving with another asks first where nothing is kept */
  private safeYaml = '';
  /** the force the address gives, waiting for its rule set's builder to show (undefined: none) */
  private addressed: { value: string | undefined } | undefined;
  private readonly drafts: BuilderDrafts;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: BuilderHost,
  ) {
    window.musterForce = this.state;
    this.drafts = new BuilderDrafts(
      root,
      {
        drafts: host.drafts,
        storeWaits: host.storeWaits,
        rewriteAddress: () => host.addressChanged(),
        probe: (draft) => Object.assign(this.state, { draft: draft.state, draftYaml: 'yaml' in draft ? draft.yaml : undefined }),
      },
      (yaml, words) => this.active!.load(yaml, words),
    );
    this.$('fb-print').addEventListener('click', () => void this.whenChecked().then(() => this.host.print()));
    this.$('fb-download').addEventListener('click', () => this.download());
    this.$('fb-scenario').addEventListener('click', () => void this.whenChecked().then(() => this.host.toScenario()));
    this.$('fb-load').addEventListener('change', () => void this.load(this.$<HTMLInputElement>('fb-load')));
    this.$('fb-new').addEventListener('click', () => void this.renew());
    this.$('fb-keep').addEventListener('click', () => void this.keep());
    this.$('fb-link').addEventListener('click', () => void this.link());
    host.shelf.onChange((change) => void this.changedElsewhere(change));
    window.addEventListener('beforeunload', (event) => {
      // where the browser keeps nothing, a force built and not downloaded is lost on leaving
      const yaml = this.active?.yaml();
      if (!this.host.shelf.keeps && this.report && this.report.entries.length > 0 && yaml !== undefined && yaml !== this.safeYaml) event.preventDefault();
    });
  }

  /** A link with the force in it, shown to copy (and copied where the browser allows). */
  private async link(): Promise<void> {
    if (!this.active) return;
    const text = this.$<HTMLInputElement>('fb-link-text');
    // the page's public address where one is configured: a link to 127.0.0.1 opens nothing elsewhere
    text.value = forceLink(this.host.publicUrl?.() ?? location.href, this.active.system, this.active.yaml());
    this.$('fb-link-box').hidden = false;
    text.select();
    await navigator.clipboard?.writeText(text.value).catch(() => undefined);
  }

  /** A new, empty force: its address at once. */
  private async renew(): Promise<void> {
    await this.active?.reset();
    this.setNotes([]);
    this.drafts.addressNow();
  }

  /**
   * What the page's address gives the builder next shown: a link's `force=` value, or none
   * (the builder then shows its draft when first shown). The address wins over the draft.
   */
  fromAddress(value: string | undefined): void {
    this.addressed = { value };
  }

  /** The `force=` the page's address carries for a rule set's builder: its force as last followed. */
  addressValue(system: string): string | undefined {
    return this.drafts.addressValue(system);
  }

  /** The force a link carries (its `force=` value) loaded into the builder open now; why not, if it did not open. */
  private async openLinked(value: string): Promise<string[] | undefined> {
    const found = forceFromLinkValue(value);
    if ('refused' in found) return [found.refused, 'The builder keeps the force it had.'];
    try {
      await this.active!.load(found.yaml, 'the force in the link');
    } catch (error) {
      return [`The force in the link was not opened: ${(error as Error).message}`, 'The builder keeps the force it had.'];
    }
    return undefined;
  }

  /** The force kept in the browser under the name given (the force's own name if none), replacing one of that name. */
  private async keep(): Promise<void> {
    const active = this.active;
    if (!active) return;
    const said = this.$('fb-keep-said');
    const asked = keptName(this.$<HTMLInputElement>('fb-keep-name').value.trim() || active.forceName());
    if ('refused' in asked) {
      said.textContent = asked.refused;
      return;
    }
    const existing = await this.host.shelf.get(active.system, asked.name).catch(() => undefined);
    const from = this.keptFrom?.system === active.system && this.keptFrom.name === asked.name ? this.keptFrom : undefined;
    const yaml = active.yaml();
    let kept: KeptForce;
    try {
      // over the copy this force was opened from, if it is that one; keeping under another kept force's name replaces it, as said
      kept = await this.host.shelf.put({ name: asked.name, system: active.system, yaml, revision: from ? from.revision : existing?.revision }, 'if-unchanged');
    } catch (error) {
      if (error instanceof MovedOnError) {
        // pressed again, it replaces the newer copy: the player has been told
        this.keptFrom = { system: active.system, name: asked.name, revision: error.stored.revision };
        said.textContent = `Another tab kept a newer “${asked.name}” since this one was opened here: nothing was replaced. Press “Keep it” again to replace it with this force, or open the other from “Kept in this browser”.`;
        return;
      }
      said.textContent = `This browser did not keep it: ${(error as Error).message}. Download the force file instead.`;
      return;
    }
    this.keptFrom = { system: kept.system, name: kept.name, revision: kept.revision };
    if (this.host.shelf.keeps) this.safeYaml = yaml;
    this.$<HTMLInputElement>('fb-keep-name').value = asked.name;
    // the list first: the words say it is listed there, so it is by the time they show
    await this.showKept();
    said.textContent = this.host.shelf.keeps
      ? `${existing ? 'Replaced' : 'Kept'} “${asked.name}” in this browser: it is listed under “Kept in this browser”, Forces.`
      : `Kept “${asked.name}” in this tab only: this browser keeps nothing for this page, so it is gone when the tab closes or reloads. Download the force file to keep it.`;
  }

  /** Another tab kept or removed a force: the list follows, and the player is told if it is the one open here. */
  private async changedElsewhere(change: ShelfChange): Promise<void> {
    await this.showKept();
    const from = this.keptFrom;
    if (!from || from.system !== change.system || from.name !== change.name) return;
    const stored = await this.host.shelf.get(change.system, change.name).catch(() => undefined);
    if (stored?.revision === from.revision) return;
    this.$('fb-keep-said').textContent = stored
      ? `“${from.name}” was kept anew in another tab. The force here is as you left it: open the other from “Kept in this browser”, or press “Keep it” twice to replace it with this one.`
      : `“${from.name}” was removed in another tab. The force here is as you left it: press “Keep it” to keep it again.`;
  }

  /** The forces kept in the browser, each to open in its builder or to remove; the list hidden when there are none. */
  async showKept(): Promise<void> {
    drawKeptList(this.host.keptList, await this.host.shelf.all().catch(() => []), {
      prefix: 'kept',
      systemName: (id) => this.host.systemName(id),
      open: (force) => void this.openKept(force),
      remove: (force) => void this.removeKept(force),
    });
  }

  private async openKept(force: KeptForce): Promise<void> {
    await this.host.openBuilder(force.system);
    if (this.active?.system !== force.system) return;
    await this.active.load(force.yaml, `“${force.name}”, kept in this browser`);
    this.drafts.addressNow();
    this.keptFrom = { system: force.system, name: force.name, revision: force.revision };
    this.safeYaml = this.active.yaml();
    this.$<HTMLInputElement>('fb-keep-name').value = force.name;
    this.$('fb-keep-said').textContent = '';
    this.root.scrollIntoView();
  }

  private async removeKept(force: KeptForce): Promise<void> {
    try {
      await this.host.shelf.remove(force.system, force.name);
    } catch (error) {
      this.$('fb-keep-said').textContent = `“${force.name}” was not removed: ${(error as Error).message}.`;
      return;
    }
    await this.showKept();
    this.$('fb-keep-said').textContent = `Removed “${force.name}” from this browser.`;
  }

  private $<T extends HTMLElement>(id: string): T {
    return this.root.querySelector<T>(`#${id}`)!;
  }

  private builderFor(system: string): Promise<RuleSetBuilder | undefined> {
    let found = this.builders.get(system);
    if (!found) {
      found = pagePartsFor(system).then((parts) => {
        if (!parts.forceBuilder) return undefined;
        const box = el('div', { id: `fb-${system}`, hidden: true });
        this.$('fb-fields').append(box);
        return parts.forceBuilder(this, box);
      });
      this.builders.set(system, found);
    }
    return found;
  }

  /**
   * Shows the rule set's builder: its pick-lists, its force written and checked. The first time
   * in this tab, the force the address gives, else the one being built before (its draft).
   */
  async open(system: string): Promise<void> {
    const builder = await this.builderFor(system);
    const linked = this.addressed?.value;
    this.addressed = undefined;
    if (!builder) return;
    const switched = builder !== this.active;
    if (switched) await this.show(builder);
    const first = !this.drafts.shown(system);
    if (!switched && !first && linked === undefined) return;
    const opening = linked === undefined ? undefined : () => this.openLinked(linked);
    const refused = first ? await this.drafts.firstShown(builder, opening) : await opening?.();
    if (refused) this.setNotes(refused, true);
    this.changed();
    this.drafts.addressNow();
  }

  private async show(builder: RuleSetBuilder): Promise<void> {
    const system = builder.system;
    this.active = builder;
    Object.assign(this.state, { system, code: undefined, report: undefined, stderr: undefined, settled: false });
    this.report = undefined;
    for (const b of this.root.querySelectorAll<HTMLElement>('#fb-fields > *')) b.hidden = b !== builder.box;
    this.$('fb-check-command').textContent = `muster check ${system} --force ${FORCE_FILE}`;
    this.$('fb-scenario').hidden = builder.noScenario !== null;
    this.$('fb-scenario-note').textContent = builder.noScenario ?? '';
    this.$('fb-scenario-note').hidden = builder.noScenario === null;
    this.setNotes([]);
    await builder.open();
    this.drafts.switched(builder);
  }

  list(system: string, args: string[]): Promise<Listed[]> {
    const key = [system, ...args].join('\u0000');
    let found = this.cache.get(key);
    if (!found) {
      found = this.host.run(['list', system, ...args, '--format', 'json']).then((r) => (r.code === 0 ? (JSON.parse(r.stdout) as Listed[]) : []));
      this.cache.set(key, found);
    }
    return found;
  }

  setNotes(notes: string[], refused = false): void {
    const labels = this.active ? this.labels() : undefined;
    this.$('fb-notes').replaceChildren(...notes.map((n) => el('li', { textContent: labels ? noteWords(n, labels) : n })));
    this.$('fb-notes-box').hidden = notes.length === 0;
    this.$('fb-notes-box').className = refused ? 'refused' : '';
  }

  rowDrawn(): void {
    this.state.rowsDrawn++;
  }

  /** The force changed: written now, checked once the player pauses (300 ms). */
  changed(): void {
    if (!this.active) return;
    this.state.yaml = this.active.yaml();
    this.host.writeForce(this.state.yaml);
    this.drafts.changed(this.active, this.state.yaml);
    this.state.settled = false;
    this.generation++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check();
    }, 300);
  }

  private async check(): Promise<void> {
    const generation = ++this.generation;
    const yaml = this.state.yaml;
    const system = this.active!.system;
    this.state.checks++;
    const result = await this.host.run(['check', system, '--force', FORCE_FILE, '--format', 'json']);
    if (generation !== this.generation) return;
    this.report = result.stdout.trim().startsWith('{') ? (JSON.parse(result.stdout) as CheckReport) : undefined;
    Object.assign(this.state, { yaml, code: result.code, report: this.report, stderr: result.stderr });
    this.reshow();
    this.state.settled = this.timer === undefined;
    if (this.state.settled) for (const done of this.waiting.splice(0)) done();
  }

  /** Waits for the check due, so a print takes the force as it stands. */
  private whenChecked(): Promise<void> {
    if (this.state.settled) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * The builder's own words for a key of the force file, from what it has drawn: a row's heading
   * ("Unit 3") and a control's label ("Count"), the control found by its id's ending (each rule
   * set's builder names a field's control after the file's key: fb-count-2, ft-core).
   */
  private labels(): PageLabels {
    const box = this.active!.box;
    const rowOf = (key: string) => box.querySelector<HTMLElement>(`[data-row="${CSS.escape(key)}"]`) ?? undefined;
    const own = (node: Element, row: HTMLElement | undefined) => (node.closest('[data-row]') ?? undefined) === row;
    return {
      row: (key) => {
        const row = rowOf(key);
        if (!row) return undefined;
        const heading = [...row.querySelectorAll('.row-head strong')].find((node) => own(node, row));
        return heading?.textContent?.trim() || undefined;
      },
      field: (key, name) => {
        const row = key === undefined ? undefined : rowOf(key);
        if (key !== undefined && !row) return undefined;
        const ending = new RegExp(`-${literally(name)}(?:-\\d+)*$`);
        const label = [...(row ?? box).querySelectorAll('label')].find((node) => ending.test(node.htmlFor) && own(node, row));
        return label?.textContent?.trim() || undefined;
      },
    };
  }

  /** The bar and the problems beside their rows, from the last check. */
  reshow(): void {
    const active = this.active;
    if (!active) return;
    const report = this.report;
    const stderr = this.state.stderr ?? '';
    const verdict = this.$('fb-verdict');
    const top = this.$('fb-problems');
    const bar = this.$('fb-bar');
    for (const list of active.box.querySelectorAll('.problems')) list.replaceChildren();
    for (const span of active.box.querySelectorAll('.row-points')) span.textContent = '';
    const summary: Summary = active.summary(report);
    this.$('fb-total').textContent = summary.total;
    if (!report) {
      const lines = this.state.code === undefined ? [] : refusalWords(stderr, this.labels());
      verdict.textContent = lines.length ? 'to put right before the force can be checked:' : '';
      top.replaceChildren(...lines.map((line) => el('li', { textContent: line })));
      bar.className = lines.length ? 'force-bar bad' : 'force-bar';
      return;
    }
    const labels = this.labels();
    const count = report.problems.length;
    verdict.textContent = count === 0 ? 'no problems' : `${count} problem${count === 1 ? '' : 's'}`;
    bar.className = count === 0 && summary.good ? 'force-bar good' : 'force-bar bad';
    const item = (p: Problem, where: boolean) => {
      const li = el('li', {}, el('span', { className: 'rule', textContent: `${where ? `${whereWords(p.where, labels)} ` : ''}(${p.rule}): ` }), p.message);
      li.dataset['where'] = p.where;
      return li;
    };
    // the rows by their key, found once: a look-up per problem would make the bench quadratic
    const rows = new Map<string, HTMLElement>();
    for (const row of active.box.querySelectorAll<HTMLElement>('[data-row]')) rows.set(row.dataset['row']!, row);
    const rowOf = (key: string) => (key === 'force' ? undefined : rows.get(key));
    const elsewhere: Problem[] = [];
    for (const [key, problems] of problemsByRow(report.problems)) {
      const list = rowOf(key)?.querySelector(':scope > ul.problems');
      if (list) list.replaceChildren(...problems.map((p) => item(p, false)));
      else elsewhere.push(...problems);
    }
    top.replaceChildren(...elsewhere.map((p) => item(p, true)));
    const byRow = new Map<string, { name: string; points: number | null }[]>();
    for (const entry of report.entries) {
      const key = rowKey(entry.where);
      const list = byRow.get(key);
      if (list) list.push(entry);
      else byRow.set(key, [entry]);
    }
    for (const [key, entries] of byRow) {
      const span = rowOf(key)?.querySelector('.row-points');
      if (!span || entries.every((e) => e.points === null)) continue;
      const sum = entries.reduce((n, e) => n + (e.points ?? 0), 0);
      span.textContent = `${entries.map((e) => e.name).join(', ')}: ${pts(sum)}`;
    }
  }

  private download(): void {
    if (!this.active) return;
    const slug = this.active.forceName().toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'force';
    const yaml = this.active.yaml();
    this.host.save(new TextEncoder().encode(yaml), `${slug}.yaml`, 'application/yaml');
    this.safeYaml = yaml;
  }

  private async load(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    if (!file || !this.active) return;
    input.value = '';
    // refused by its size before it is read, as the command line refuses it
    const tooLarge = forceFileTooLarge(file.size);
    const kept = 'The builder keeps the force it had.';
    if (tooLarge) {
      this.setNotes([`${file.name} was not loaded: ${tooLarge}`, kept], true);
      return;
    }
    const text = await file.text();
    try {
      await this.active.load(text, file.name);
      this.drafts.addressNow();
    } catch (error) {
      this.setNotes([`${file.name} was not loaded: ${(error as Error).message}`, kept], true);
    }
  }
}
