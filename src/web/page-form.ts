/**
 * The form as the player sees it: the rule set, the product and the fields that apply to them,
 * read into a Form (form.ts: what a link holds and the command line it stands for) and set
 * from one. The shared options' fields come from the command table (shared-fields.ts), a rule
 * set's own from its manifest (own-fields.ts); what shows is what-shows.ts's.
 */
import { defaultOf, leftOut, ownOptions, type Form, type Product } from './form.js';
import { FIELD_OPTIONS, PRINT_OPTIONS } from './page-options.js';
import { placeSharedFields } from './shared-fields.js';
import { OwnFields } from './own-fields.js';
import { TokenFields } from './token-fields.js';
import { SHAPED_BY, showOnly, whatShows } from './what-shows.js';
import { LISTS, type Named, type RuleSetChoices } from './rule-set-choices.js';
import type { RuleSets } from './rule-sets.js';
import type { PageParts } from './kit/page-parts.js';
import { pagePartsFor } from '../systems/page-registry.js';

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

/** What the form asks of the page around it. */
export interface FormHost {
  /** the form was shaped for a product: the page's parts beside the fields follow (the force fields' words) */
  shaped(product: Product): void;
  /** the product's own panel opened on the rule set: the builder, the campaign, the table */
  open(product: Product, system: string, parts: PageParts): Promise<void>;
  /** the address and the command line shown follow the form */
  sync(): void;
}

export class PageForm {
  /** the rule set whose lists the form's selects hold */
  private shapedFor: string | undefined;
  private readonly own: OwnFields;
  private readonly tokens: TokenFields;

  constructor(
    private readonly root: HTMLFormElement,
    private readonly rules: RuleSets,
    private readonly choices: RuleSetChoices,
    private readonly host: FormHost,
  ) {
    placeSharedFields(root);
    this.own = new OwnFields($('own-fields'), root);
    this.tokens = new TokenFields($('parts'), $('counts'));
  }

  /** The choice made in this control changes what else the form shows: the form is shaped again. */
  shapes(control: HTMLElement): boolean {
    return SHAPED_BY.includes(control.dataset['option'] ?? '') || this.own.shapesForm(control);
  }

  /** Every list made again at the next shape (the house rules in use changed). */
  forget(): void {
    this.shapedFor = undefined;
    this.own.forget();
  }

  /** The form as the controls show it: only the options that apply and differ from the defaults. */
  read(): Form {
    const system = $<HTMLSelectElement>('system').value;
    const product = $<HTMLSelectElement>('product').value as Product;
    const own = ownOptions(this.rules.declared, system, product);
    const options: Record<string, string> = {};
    for (const el of this.controls()) {
      if (el.closest<HTMLElement>('[hidden]')) continue;
      const name = el.dataset['option']!;
      const value = el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? 'yes' : 'no') : el.value.trim();
      // the fields still show the rule set they were shaped for when another is just chosen: a
      // value is that one's default or a choice (units left at centimetres for one rule set become another's inches)
      if (value !== '' && value !== leftOut(name, own, this.rules.textUnits[this.shapedFor ?? system])) options[name] = value;
    }
    Object.assign(options, this.tokens.read(!$('parts-box').hidden, !$('counts-box').hidden), this.own.readSides());
    return { system, product, options };
  }

  /** Sets the form's controls from a Form (a link, or the defaults). */
  async restore(form: Form): Promise<void> {
    const system = this.rules.shown(form.system).id;
    $<HTMLSelectElement>('system').value = system;
    await this.shape({ ...form, system });
    // a link is the whole form: what it leaves out is at its default (a choice left blank), as on a fresh page
    for (const el of this.controls()) {
      const name = el.dataset['option']!;
      if (el instanceof HTMLInputElement && el.type === 'file') continue;
      // a token count is no number of packets: the tokens' own fields take it
      const given = name === 'count' && form.product === 'tokens' ? undefined : form.options[name];
      // a box and a list show the default; a field left empty stands for it
      const value = given ?? (el instanceof HTMLInputElement && el.type !== 'checkbox' ? '' : defaultOf(name, this.rules.textUnits[system]));
      if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = value !== undefined && value !== 'no';
      else el.value = value ?? '';
    }
    if ($<HTMLSelectElement>('product').value === 'tokens') this.tokens.restore(form.options);
    this.own.restoreSides(form.options);
    this.host.sync();
  }

  /** The form turned to a rule set's product, its print settings and seed kept, its other choices not. */
  async turnTo(system: string, product: Product): Promise<void> {
    const options = this.read().options;
    await this.restore({ system, product, options: Object.fromEntries(Object.entries(options).filter(([name]) => PRINT_OPTIONS.includes(name))) });
  }

  /** Shows the controls that apply to the rule set and product, and nothing else. */
  async shape(form: Form): Promise<void> {
    const system = this.rules.shown(form.system);
    const parts = await pagePartsFor(system.id);
    const wanted = form.product;
    const product = (system.products.includes(wanted) || (wanted === 'force' && parts.forceBuilder) || (wanted === 'table' && parts.tableMode) || wanted === 'calibrate' ? wanted : system.products[0]) as Product;
    // what the rule set declares its product takes: its own options, and the shared ones beyond the common
    const own = ownOptions(this.rules.declared, system.id, product);
    const shapes = parts.ownFields ?? {};
    // every listing the form needs asked at once: the worker answers them one after another
    // without waiting on the page between them (a first visit's page is ready some 15% sooner
    // with chromium's CPU slowed 4x, BENCHMARKS.md)
    const [listedEntries, partList, tokens, ownListed] = await Promise.all([
      Promise.all(FIELD_OPTIONS.filter((o) => o.page.listed).map(async ({ name }) => [name, (await LISTS[name]?.(this.choices, system)) ?? []] as const)),
      this.choices.parts(system.id),
      this.choices.tokens(system.id),
      Promise.all(own.flatMap((option) => {
        const kind = shapes[option.name]?.listed?.kind;
        return kind ? [this.choices.names(system.id, kind).then((names) => [option.name, names] as const)] : [];
      })),
    ]);
    const listed = new Map<string, Named[]>(listedEntries);
    const ownLists = new Map<string, Named[]>(ownListed);
    // the lists are filled when the rule set changes, so a choice made stays made
    if (this.shapedFor !== system.id) {
      this.shapedFor = system.id;
      const offered = [...system.products, ...(parts.forceBuilder ? ['force'] : []), ...(parts.tableMode ? ['table'] : []), 'calibrate'];
      $<HTMLSelectElement>('product').replaceChildren(...(offered.filter((p) => p in PRODUCTS) as Product[]).map((p) => new Option(PRODUCTS[p], p)));
      $('blurb').textContent = system.blurb;
      for (const [name, entries] of listed) fillList(name, entries);
      this.tokens.fill(partList, tokens);
      this.own.showHelp(parts.optionHelp ?? {});
    }
    $<HTMLSelectElement>('product').value = product;
    this.own.fill(`${system.id}/${product}`, own, shapes, ownLists);
    const deck = this.own.deckInstead(form.options);
    const shown = whatShows({
      product,
      options: form.options,
      takes: system.takes[product] ?? [],
      own: own.map((o) => o.name),
      entries: (name) => listed.get(name)?.length ?? 0,
      modes: system.play?.modes.length ?? 0,
      deck,
      parts: partList.length,
      tokens: tokens.length,
    });
    showOnly(this.root.ownerDocument, shown);
    const ownShown = this.own.show(form.options['mode'] ?? 'versus', deck);
    // a shop that takes images gets them in a zip: there is no PDF to preview
    const images = shown['shop'] === true && form.options['shop'] === 'mpc';
    this.root.querySelector<HTMLButtonElement>('button[data-format="pdf"][data-download="yes"]')!.textContent = images ? 'Download images (zip)' : 'Download PDF';
    this.root.querySelector<HTMLButtonElement>('button[data-format="pdf"][data-download="no"]')!.hidden = images;
    const empty = $('preview-empty');
    empty.textContent = (images ? empty.dataset['images'] : empty.dataset['words']) ?? '';
    this.host.shaped(product);
    const fields = $('product-fields');
    fields.hidden = !ownShown && [...fields.querySelectorAll<HTMLElement>('[data-field], [data-show]')].every((el) => el.hidden);
    document.querySelector('main')!.classList.toggle('building', product === 'force');
    document.querySelector('main')!.classList.toggle('at-table', product === 'table');
    document.documentElement.classList.toggle('at-table', product === 'table');
    await this.host.open(product, system.id, parts);
  }

  /** The controls of the form that give an option. */
  private controls(): (HTMLInputElement | HTMLSelectElement)[] {
    return [...this.root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-option]')];
  }
}

/** A listed field's entries: the list's own first entry (the option left out), then the rule set's names. */
function fillList(name: string, entries: readonly Named[]): void {
  const none = FIELD_OPTIONS.find((o) => o.name === name)?.page.none;
  $<HTMLSelectElement>(name).replaceChildren(...(none === undefined ? [] : [new Option(none, '')]), ...entries.map((e) => new Option(e.name, e.id)));
}
