/**
 * The page put together once muster's files are listed: the form (page-form.ts: its fields made
 * from the command table and the rule sets' manifests), the force files it prints with
 * (given-forces.ts), printing (product-run.ts), the panels beside it (page-panels.ts: builder,
 * campaign, table) and the house rules (house-rules.ts), around the worker that runs the
 * command line. The address and the command line shown follow the form.
 */
import type { Manifest, PageFiles } from './page-files.js';
import type { PageRun, PageRunOptions } from './page-io.js';
import type { WorkerRunner } from './worker-runner.js';
import { argvFor, formFromHash, hashFor, shellLine, type Form, type Product } from './form.js';
import { forceInHash, withForces } from './force-link.js';
import type { BrowserStore } from './browser-shelf.js';
import type { CampaignProbe } from './campaign-page.js';
import { HousePanel } from './house-rules.js';
import type { TableProbe } from './table-mode.js';
import type { PageParts } from './kit/page-parts.js';
import { RuleSets, type SystemInfo } from './rule-sets.js';
import { RuleSetChoices } from './rule-set-choices.js';
import { PageForm, type FormHost } from './page-form.js';
import { GivenForces } from './given-forces.js';
import { ProductRun } from './product-run.js';
import { PagePanels } from './page-panels.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The page once muster's files are listed: the form, and what prints and keeps beside it. */
export class MusterPage implements FormHost {
  readonly house: HousePanel;
  readonly rules: RuleSets;
  readonly choices: RuleSetChoices;
  readonly forces: GivenForces;
  readonly form: PageForm;
  readonly runs: ProductRun;
  readonly panels: PagePanels;
  private following: Promise<void> = Promise.resolve();

  constructor(
    files: PageFiles,
    private readonly runner: WorkerRunner,
    built: SystemInfo[],
    private readonly manifest: Manifest,
    store: BrowserStore,
    /** resolves when the browser's store waits on another tab */
    storeWaiting: Promise<void>,
  ) {
    // house rules: a data folder the player adds, checked by `validate --data`, used once valid when chosen
    this.house = new HousePanel({
      run: (argv) => this.run(argv),
      files: () => files,
      systems: () => this.rules.list.map((s) => s.id),
      changed: (report) => {
        this.runs.forget();
        // the probe is set once the form follows the house rules: a test waits for it to see the list made again
        // (a list the house rules in use cannot make leaves the form as it was)
        void this.followHouse()
          .catch(() => undefined)
          .then(() => {
            if (report) window.muster.house = report;
            this.sync();
          });
      },
    });
    this.rules = new RuleSets($('system'), built, manifest.opensOn ?? '');
    this.choices = new RuleSetChoices((argv) => this.run(this.house.argv(argv)));
    this.forces = new GivenForces(files);
    this.form = new PageForm($('form'), this.rules, this.choices, this);
    this.runs = new ProductRun(
      {
        run: (argv, options) => this.run(argv, options),
        read: () => this.form.read(),
        argvOf: (form) => this.argvOf(form),
        linkOf: (form) => this.pageHash(form),
        ran: (form, result, seed) => this.panels.ran(form, result, seed),
      },
      (last) => (window.muster.last = last),
    );
    this.panels = new PagePanels({
      files,
      run: (argv) => this.run(argv),
      house: (argv) => this.house.argv(argv),
      rules: this.rules,
      choices: this.choices,
      form: this.form,
      forces: this.forces,
      store,
      storeWaits: storeWaiting,
      publicUrl: manifest.publicUrl,
      version: manifest.version,
      print: () => void this.runs.make('pdf', false),
      forget: () => this.runs.forget(),
      sync: () => this.sync(),
      probe: (panel: 'campaign' | 'table', probe: CampaignProbe | TableProbe | undefined) => Object.assign(window.muster, { [panel]: probe }),
    });
  }

  /** The command line, run in the page's worker on the player's folder as it is now. */
  run(argv: readonly string[], options?: Omit<PageRunOptions, 'fetchFile'>): Promise<PageRun> {
    return this.runner.run(argv, options);
  }

  shaped(product: Product): void {
    this.forces.shaped(product);
  }

  open(product: Product, system: string, parts: PageParts): Promise<void> {
    return this.panels.open(product, system, parts);
  }

  /** The address and the command line shown follow the form. */
  sync(): void {
    const form = this.form.read();
    const hash = this.pageHash(form);
    if (location.hash !== hash) history.replaceState(null, '', hash);
    $('command').textContent = shellLine(this.argvOf(form));
  }

  /** The command line of the form: a campaign's print, the house rules when in use. */
  argvOf(form: Form): string[] {
    const { declared } = this.rules;
    // the two-sided check is the same sheet for every rule set: no house rules
    if (form.product === 'calibrate') return argvFor(form, declared);
    if (form.product === 'campaign') return this.house.argv([...this.panels.campaignArgv(form.system), ...argvFor(form, declared).slice(2)]);
    const argv = argvFor(form, declared, this.forces.filesFor(form));
    if (form.product === 'force' && this.manifest.publicUrl) argv.push('--public-url', this.manifest.publicUrl);
    return this.house.argv(argv);
  }

  /**
   * The page's address for a form: its options, and the force files it prints with packed after
   * `#` (never sent to a server), so the link opens the same forces and packet elsewhere. The
   * builder's address carries its force as it is built (a reload opens it); a campaign keeps its forces in its state.
   */
  pageHash(form: Form): string {
    const hash = hashFor(form, this.rules.declared);
    if (form.product === 'force') return withForces(hash, { a: this.panels.builderAddress(form.system) });
    if (form.product === 'campaign' || form.product === 'table') return hash;
    return this.forces.inLink(hash, form);
  }

  /** The form a link gives, and the force it carries opened in the builder (over the one being built before, its draft). */
  async restoreLink(hash: string): Promise<void> {
    const form = formFromHash(hash, this.rules.declared, this.rules.textUnits, this.rules.opensOn);
    if (form.product === 'force') this.panels.forceBuilder().fromAddress(forceInHash(hash));
    await this.form.restore(form);
    if (form.product === 'force' || form.product === 'campaign' || form.product === 'table') return;
    this.forces.fromLink(hash);
    this.runs.forget();
    this.sync();
  }

  /**
   * The form after the house rules in use change: a rule set they give whole (a folder of data
   * alone, as `--data` gives one on the command line) joins the list while they are used, and
   * every list the form offers is made again with them. A rule set that leaves the list leaves
   * the form on the one it opens on.
   */
  followHouse(): Promise<void> {
    const follow = async () => {
      const key = this.house.inUse();
      if (key === this.rules.madeWith) return;
      const current = this.form.read();
      const list = key === undefined ? this.rules.built : (await runJson<{ systems: SystemInfo[] }>(this, this.house.argv(['systems', '--format', 'json']))).systems;
      this.choices.clear();
      this.form.forget();
      this.rules.show(list, key);
      await this.form.restore(current);
    };
    this.following = this.following.then(follow, follow);
    return this.following;
  }

  /** The form's controls, buttons and address, each answered. */
  listen(): void {
    const form = $<HTMLFormElement>('form');
    form.addEventListener('submit', (event) => event.preventDefault());
    this.house.attach();
    form.addEventListener('change', async (event) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement;
      if (target.id === 'forceA' || target.id === 'forceB') {
        await this.forces.choose(target as HTMLInputElement);
        this.runs.forget();
        return this.sync();
      }
      if (target.id === 'system') {
        // the builder's force.yaml is the force of the rule set it was built for: not another's side A
        this.forces.takeBuilt(false);
        return this.form.turnTo(target.value, this.form.read().product);
      }
      if (target.id === 'product') return this.form.restore(this.form.read());
      // a choice that changes what else the form offers (a solo game, a folded deck, a print shop, a rule set's own)
      if (this.form.shapes(target)) await this.form.shape(this.form.read());
      this.sync();
    });
    form.addEventListener('input', () => this.sync());
    for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-format]')) {
      button.addEventListener('click', () => void this.runs.make(button.dataset['format'] as 'pdf' | 'json' | 'md', button.dataset['download'] === 'yes'));
    }
    $('stop').addEventListener('click', () => this.runs.stop());
    window.addEventListener('hashchange', () => {
      if (location.hash !== hashFor(this.form.read(), this.rules.declared)) void this.restoreLink(location.hash);
    });
  }
}

/** A listing the page reads, run as the command line would (its JSON on stdout). */
export async function runJson<T>(page: { run(argv: string[]): Promise<PageRun> }, argv: string[]): Promise<T> {
  const result = await page.run(argv);
  if (result.code !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T;
}
