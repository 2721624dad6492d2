/**
 * The rule sets the form offers, as `muster systems --format json` lists them: the build's, or
 * the list the house rules in use make (a rule set they give whole joins it while they are used).
 */
import type { Declarations, DeclaredOption, TextUnits } from './form.js';

export interface SystemInfo {
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

export class RuleSets {
  /** the rule sets the form offers now */
  list: SystemInfo[] = [];
  /** each rule set's own options by product: what a link may carry and the form's fields */
  declared: Declarations = {};
  /** each rule set's text units: the --units its products print in when the form leaves it */
  textUnits: TextUnits = {};
  /** the house rules the list was made with (HousePanel.inUse), undefined for none */
  madeWith: string | undefined;

  constructor(
    private readonly select: HTMLSelectElement,
    /** the rule sets as the build listed them: the list without house rules */
    readonly built: SystemInfo[],
    /** the rule set the form opens on where a link names none: the registry's first, as the build wrote it */
    readonly opensOn: string,
  ) {
    this.show(built, undefined);
  }

  /** The rule sets the form offers: the build's, or the list the house rules in use make. */
  show(list: SystemInfo[], madeWith: string | undefined): void {
    this.list = list;
    this.madeWith = madeWith;
    this.declared = Object.fromEntries(list.map((s) => [s.id, s.options]));
    this.textUnits = Object.fromEntries(list.map((s) => [s.id, s.units]));
    this.select.replaceChildren(...list.map((s) => new Option(s.name, s.id)));
  }

  find(id: string): SystemInfo | undefined {
    return this.list.find((s) => s.id === id);
  }

  name(id: string): string {
    return this.find(id)?.name ?? id;
  }

  /** The rule set a form of `id` shows: that one where it is offered, else the one the page opens on, else the first. */
  shown(id: string): SystemInfo {
    return this.find(id) ?? this.find(this.opensOn) ?? this.list[0]!;
  }
}
