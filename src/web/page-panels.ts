/**
 * The page's panels beside the form, each made when first needed and lent what it needs of the
 * page: the force builder (every rule set with forces), the campaign panel (rule sets with a
 * campaign) and the table mode (rule sets with a table part).
 */
import { PLAYER_FOLDER, type PageFiles } from './page-files.js';
import type { PageRun } from './page-io.js';
import type { Form, Product } from './form.js';
import { ForceBench } from './force-builder.js';
import type { BrowserStore, KeptForce, Shelf } from './browser-shelf.js';
import { FORCE_FILE } from './kit/force-model.js';
import type { PageParts } from './kit/page-parts.js';
import { CampaignPanel, type CampaignProbe } from './campaign-page.js';
import { TablePanel, type TableProbe } from './table-mode.js';
import type { TableGame } from './table-game.js';
import { packetOfForm, packetOfLink } from './packet-link.js';
import { offerPacket } from './packet-offer.js';
import type { KeptCampaign } from './kept-campaigns.js';
import type { ForceDraft } from './force-draft.js';
import { shellLine } from './form.js';
import { save } from './product-run.js';
import type { RuleSets } from './rule-sets.js';
import type { RuleSetChoices } from './rule-set-choices.js';
import type { PageForm } from './page-form.js';
import type { GivenForces } from './given-forces.js';
import { pagePartsFor } from '../systems/page-registry.js';

const $ = (id: string) => document.getElementById(id)!;

/** What the panels are lent of the page. */
export interface PanelsHost {
  files: PageFiles;
  /** the command line in the page's worker, as given */
  run(argv: string[]): Promise<PageRun>;
  /** an argv with the house rules in use */
  house(argv: string[]): string[];
  rules: RuleSets;
  choices: RuleSetChoices;
  form: PageForm;
  forces: GivenForces;
  store: BrowserStore;
  /** resolves when the browser's store waits on another tab */
  storeWaits: Promise<void>;
  publicUrl: string | undefined;
  version: string;
  /** prints the form's product (the builder's roster and cards) */
  print(): void;
  /** the last PDF made is no longer what the form prints */
  forget(): void;
  sync(): void;
  /** for the browser tests: the campaign's or the table's state as it changes */
  probe(panel: 'campaign', probe: CampaignProbe | undefined): void;
  probe(panel: 'table', probe: TableProbe | undefined): void;
}

export class PagePanels {
  private builder: ForceBench | undefined;
  private campaign: CampaignPanel | undefined;
  private table: TablePanel | undefined;
  private kept: Shelf<KeptForce> | undefined;

  constructor(private readonly host: PanelsHost) {}

  /** The first screen's lists of what this browser keeps. */
  showKept(): Promise<unknown> {
    return Promise.all([this.forceBuilder().showKept(), this.campaignPanel().showKept(), this.tablePanel().showKept()]);
  }

  /** The product's panel opened on the rule set. */
  async open(product: Product, system: string, parts: PageParts): Promise<void> {
    if (product === 'force') await this.forceBuilder().open(system);
    if (product === 'campaign') await this.campaignPanel().open(system);
    if (product === 'table' && parts.tableMode) await this.tablePanel().open(system, parts.tableMode);
  }

  /** The force the builder's address carries for a rule set (packed as "Make a link" packs it). */
  builderAddress(system: string): string | undefined {
    return this.builder?.addressValue(system);
  }

  /** The argv the page's print buttons run for a campaign: the next game's packet, or the booklet. */
  campaignArgv(system: string): string[] {
    return this.campaignPanel().printArgv(system);
  }

  /**
   * A run of the form is back: a campaign's print may change its state (a next turn that sets
   * its assaults), and one packet made is offered beside it to play at the table, with the
   * seed its dice came from.
   */
  async ran(form: Form, result: PageRun, seed: string | undefined): Promise<void> {
    const { files, rules } = this.host;
    if (form.product === 'campaign') await this.campaignPanel().printed(result);
    const reads = form.product === 'scenario' && result.code === 0 && seed !== undefined && (await pagePartsFor(form.system)).tableMode?.fromPacket !== undefined;
    const given = () => this.host.forces.filesFor(form).map((f) => ({ name: f, yaml: new TextDecoder().decode(files.read(`${PLAYER_FOLDER}/${f}`, Number.MAX_SAFE_INTEGER).bytes) }));
    offerPacket(reads ? packetOfForm(form, { declared: rules.declared, textUnits: rules.textUnits }, seed, given()) : undefined, {
      made: (asked) => this.tablePanel().packetMade(asked),
      play: (asked) => this.tablePanel().playPacket(asked),
    });
  }

  /** The force built in the page's builder for a rule set: built where the builder shows this rule set's and its check counted a unit. */
  builtForce(system: string): { file: string; name: string; points: number | null } | undefined {
    const report = this.builder?.state.system === system ? this.builder.state.report : undefined;
    if (!report || report.entries.length === 0 || !this.host.files.has(`${PLAYER_FOLDER}/${FORCE_FILE}`)) return undefined;
    return { file: FORCE_FILE, name: report.name, points: report.points };
  }

  /** The force builder, lent the page's command line and its folder. */
  forceBuilder(): ForceBench {
    const { host } = this;
    this.builder ??= new ForceBench($('builder'), {
      run: (argv) => host.run(argv),
      writeForce(text) {
        host.files.add(`${PLAYER_FOLDER}/${FORCE_FILE}`, new TextEncoder().encode(text));
        host.forget();
      },
      save,
      print: () => host.print(),
      async toScenario() {
        host.forces.takeBuilt(true);
        host.forget();
        await host.form.turnTo(host.form.read().system, 'scenario');
        $('forceA').focus();
      },
      shelf: this.keptForces(),
      publicUrl: () => host.publicUrl,
      keptList: $('kept-list'),
      systemName: (id) => host.rules.name(id),
      openBuilder: (system) => host.form.turnTo(system, 'force'),
      drafts: host.store.shelf<ForceDraft>('drafts'),
      storeWaits: host.storeWaits,
      addressChanged: () => host.sync(),
    });
    return this.builder;
  }

  /** The campaign panel: the command line's `campaign` on the page's copy of the state. */
  campaignPanel(): CampaignPanel {
    const { host } = this;
    this.campaign ??= new CampaignPanel(host.files, {
      run: (argv) => host.run(host.house(argv)),
      shown: (argv) => shellLine(host.house(argv)),
      save,
      lists: (system) => host.choices.names(system, 'lists'),
      list: (system, args) => host.choices.listing(system, args),
      takes: (system) => host.rules.find(system)?.takes['campaign'] ?? [],
      perSide: (system) => host.rules.find(system)?.campaignPlayers?.perSide ?? 1,
      builtForce: (system) => this.builtForce(system),
      read: (name) => (host.files.has(`${PLAYER_FOLDER}/${name}`) ? host.files.read(`${PLAYER_FOLDER}/${name}`, Number.MAX_SAFE_INTEGER).bytes : undefined),
      switchSystem: (system) => host.form.turnTo(system, 'campaign'),
      changed: () => {
        host.forget();
        host.probe('campaign', this.campaign?.probe);
        host.sync();
      },
      shelf: host.store.shelf<KeptCampaign>('campaigns'),
      keptList: $('kept-campaign-list'),
      systemName: (id) => host.rules.name(id),
    });
    return this.campaign;
  }

  /** The table mode: a game in play, kept in the browser per game. */
  tablePanel(): TablePanel {
    const { host } = this;
    this.table ??= new TablePanel({
      run: (argv) => host.run(host.house(argv)),
      async withFile(name, bytes, work) {
        const at = `${PLAYER_FOLDER}/${name}`;
        host.files.add(at, bytes);
        try {
          return await work();
        } finally {
          host.files.remove(at);
        }
      },
      builtForce: (system) => {
        const built = this.builtForce(system);
        const bytes = built && host.files.read(`${PLAYER_FOLDER}/${built.file}`, Number.MAX_SAFE_INTEGER).bytes;
        return built && bytes ? { bytes, name: built.name } : undefined;
      },
      keptForces: async (system) => (await this.keptForces().all()).filter((f) => f.system === system),
      shelf: host.store.shelf<TableGame>('games'),
      keptList: $('kept-game-list'),
      systemName: (id) => host.rules.name(id),
      sheetLine(id) {
        const system = host.rules.find(id);
        return `${system?.name ?? id} · ${system?.rulesVersion ?? ''} · muster ${host.version}`;
      },
      openTable: (system) => host.form.turnTo(system, 'table'),
      packetOfLink: (link, system) => packetOfLink(link, { declared: host.rules.declared, textUnits: host.rules.textUnits }, system),
      changed: () => host.probe('table', this.table?.probe),
    });
    return this.table;
  }

  private keptForces(): Shelf<KeptForce> {
    return (this.kept ??= this.host.store.shelf<KeptForce>('forces'));
  }
}
