// The page's form is fed by the rule sets' declarations (issue 25): every option a rule set
// declares for its cards, tokens or scenario has a field on the page, set there it shows in the
// command line the page displays, a link carries it, and the page prints what the command line
// prints with it. The options come from the manifests, not from this file.
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { DECLARED } from '../helpers/declared.js';
import { CHROMIUM, produce, runBrowserTests, settled, shots, usePageServer, type PageServer, cliPdf, openPage, followLink, useFileTab } from '../helpers/page.js';
import { MANIFESTS } from '../../src/systems/registry.js';
import { pagePartsFor } from '../../src/systems/page-registry.js';
import { addedRuleSetKind, sampled } from '../helpers/sample.js';
import type { RuleSetOption } from '../../src/systems/manifest.js';
import { argvFor, formFromHash, hashFor, type Form } from '../../src/web/form.js';
import { proves, provesAgain } from '../helpers/page-kinds.js';

/** The products whose own options are fields of the form (a campaign's are its panel's). */
const FORM_PRODUCTS = ['cards', 'tokens', 'scenario'] as const;
const declared = MANIFESTS.flatMap((m) => FORM_PRODUCTS.flatMap((product) => (m[product]?.options ?? []).map((option) => ({ system: m.id, product, option, modes: m.scenario?.modes ?? [] }))));

/** A value the option takes, as its field would hold it. */
function sample(option: RuleSetOption): string {
  if (option.choices) return option.choices.at(-1)!;
  return option.type === 'boolean' ? 'yes' : option.type === 'number' ? '2' : 'x';
}

/** What kind of field an option makes: a choice, a number, a flag or a text, and of one value or several. */
function fieldKind(option: RuleSetOption): string {
  return `${option.choices ? 'choice' : option.type === 'boolean' ? 'flag' : option.type}${option.array ? ' repeated' : ''}`;
}

/**
 * The kinds of a declared option's field, for drawing a sample of them: its product, its kind of
 * field, the mode it is for, and each way its rule set's page part shapes it beyond its
 * declaration (a list `muster list` fills, one a side, a deck instead of the sheets, the sheets' alone).
 */
const ownFields = new Map(await Promise.all(MANIFESTS.map(async (m) => [m.id, (await pagePartsFor(m.id)).ownFields ?? {}] as const)));
function optionKinds({ system, product, option }: (typeof declared)[number]): string[] {
  const shape = ownFields.get(system)?.[option.name] ?? {};
  return [`product=${product}`, `field=${fieldKind(option)}`, ...(option.mode ? [`for mode=${option.mode}`] : []), ...Object.keys(shape).map((how) => `shaped=${how}`), ...addedRuleSetKind(system)];
}

describe('the form of each rule set’s own options', () => {
  it('has options to show', () => {
    expect(declared.length).toBeGreaterThan(5);
  });

  it.each(declared.map((d) => [`${d.system} ${d.product} --${d.option.name}`, d] as const))('%s: a label in a player’s words, in the link and the argv', (_, { system, product, option, modes }) => {
    expect(option.label.length).toBeGreaterThan(3);
    expect(option.label.length).toBeLessThan(45);
    expect(option.label).toMatch(/^[A-Zm]/);
    if (option.mode) expect(modes).toContain(option.mode);
    const form: Form = { system, product, options: { [option.name]: sample(option), paper: 'letter' } };
    const argv = argvFor(form, DECLARED);
    expect(argv.slice(0, 2)).toEqual([product, system]);
    expect(argv).toContain(`--${option.name}`);
    if (option.type !== 'boolean') expect(argv[argv.indexOf(`--${option.name}`) + 1]).toBe(sample(option));
    expect(formFromHash(hashFor(form, DECLARED), DECLARED)).toEqual(form);
    // left out when empty, or for a flag when not set
    expect(argvFor({ system, product, options: {} }, DECLARED)).toEqual([product, system]);
    if (option.type === 'boolean') expect(formFromHash(`#/${system}/${product}?${option.name}=no`, DECLARED).options).toEqual({});
  });

  it('ignores in a link an option the rule set does not declare for the product', () => {
    const elsewhere = declared.find((d) => !declared.some((e) => e.system !== d.system && e.option.name === d.option.name) && d.product === 'scenario')!;
    const other = MANIFESTS.find((m) => m.id !== elsewhere.system && m.scenario)!;
    expect(formFromHash(`#/${other.id}/scenario?${elsewhere.option.name}=${sample(elsewhere.option)}&seed=club`, DECLARED).options).toEqual({ seed: 'club' });
  });
});


describe.skipIf(!runBrowserTests)('the rule sets’ own options in chromium', () => {
  let served: PageServer;
  usePageServer((started) => (served = started));

  const open = (hash = '') => openPage(served, hash);
  // One tab for the file's tests, led from link to link (a link restores the whole form); a
  // link is opened in a tab of its own where a fresh load is the point
  let page: Page;
  useFileTab(open, (opened) => (page = opened));
  const follow = (hash: string, command: string) => followLink(page, hash, command);

  const command = (page: Page) => page.$eval('#command', (e) => e.textContent);
  const visible = (page: Page, selector: string) => page.$eval(selector, (e) => e.closest('[hidden]') === null);

  /** The control of an option: the one made from the declaration (side A's of one a side). */
  async function controlOf(page: Page, name: string): Promise<string> {
    if (await page.$(`#own-${name}-a`)) return `#own-${name}-a`;
    return (await page.$(`#own-${name}`)) ? `#own-${name}` : `[data-option="${name}"]`;
  }

  /** Sets a control as a player does: the last choice of a select (both selects of a pair), ticks a box, types a value. */
  async function setControl(page: Page, selector: string, value: string): Promise<void> {
    const kind = await page.$eval(selector, (e) => (e instanceof HTMLSelectElement ? 'select' : (e as HTMLInputElement).type));
    if (kind === 'checkbox') await page.click(selector);
    else if (kind === 'select') {
      const options = await page.$eval(selector, (e) => [...(e as HTMLSelectElement).options].map((o) => o.value));
      await page.select(selector, options.includes(value) ? value : options.at(-1)!);
      if (selector.endsWith('-a')) await page.select(`${selector.slice(0, -2)}-b`, options.at(-1)!);
    } else await page.type(selector, value);
  }

  proves('every option a field')('shows a field for every option each rule set declares for each product, and the command line takes it', async () => {
    // Every option under MUSTER_DEEP=1; by default one of each product, kind of field, mode and
    // shape a page part gives (optionKinds), the form's code for its field being the same for the rest
    let previous: string | undefined;
    for (const { system, product, option } of sampled(declared, optionKinds)) {
      const link = `#/${system}/${product}${option.mode ? `?mode=${option.mode}` : ''}`;
      await page.evaluate((hash) => {
        location.hash = hash;
      }, link);
      // restored: the command is this product's, with neither this option nor the one set before
      await page.waitForFunction(
        (words, names) => {
          const text = document.querySelector('#command')?.textContent ?? '';
          return text.includes(words) && names.every((name) => !text.includes(`--${name} `) && !text.endsWith(`--${name}`));
        },
        { timeout: 10_000 },
        ` ${product} ${system}`,
        [option.name, ...(previous ? [previous] : [])],
      );
      previous = option.name;
      const selector = await controlOf(page, option.name);
      expect(await page.$(selector), `${system} ${product} --${option.name}`).not.toBeNull();
      expect(await visible(page, selector), `${system} ${product} --${option.name} shown`).toBe(true);
      const before = await command(page);
      expect(before).not.toContain(`--${option.name}`);
      await setControl(page, selector, sample(option));
      await page.waitForFunction((name) => document.querySelector('#command')?.textContent?.includes(`--${name}`), { timeout: 10_000 }, option.name);
      expect(await page.evaluate(() => location.hash), `${system} ${product} --${option.name} in the link`).toContain(`${option.name}=`);
    }
  }, 300_000);

  proves('every option a field')('offers an option only where the rule set declares it, and one said to be for solo only in solo', async () => {
    await follow('#/bof/scenario', 'muster scenario bof');
    const enemy = declared.find((d) => d.option.mode)!;
    await follow(`#/${enemy.system}/scenario`, `muster scenario ${enemy.system}`);
    expect(await visible(page, `#own-${enemy.option.name}`)).toBe(false);
    const scenarioOptions = new Set(declared.filter((d) => d.product === 'scenario' && !d.option.mode).map((d) => d.option.name));
    // every other rule set that rolls scenarios under MUSTER_DEEP=1; by default enough of them that
    // each option's field is seen both where its rule set declares it and where another does not
    const others = sampled(
      MANIFESTS.filter((m) => m.id !== enemy.system && m.scenario),
      (m) => [...[...scenarioOptions].map((name) => `${name} ${(m.scenario!.options ?? []).some((o) => o.name === name) ? 'declared' : 'not declared'}`), ...addedRuleSetKind(m.id)],
    );
    for (const m of others) {
      await page.select('#system', m.id);
      await page.select('#product', 'scenario');
      await page.waitForFunction((id) => document.querySelector('#command')?.textContent === `muster scenario ${id}`, { timeout: 10_000 }, m.id);
      expect(await page.$(`#own-${enemy.option.name}`)).toBeNull();
      const own = (m.scenario!.options ?? []).map((o) => o.name);
      // a field of every rule set's own option of its scenarios, but one for solo alone, shows only where it is declared
      for (const name of scenarioOptions) {
        const field = `[data-own="${name}"]`;
        expect((await page.$(field)) !== null && (await visible(page, field)), `${m.id} ${name}`).toBe(own.includes(name));
      }
    }
  }, 120_000);

  // Cheapest packet first: Blaze Away!'s is 32 pages, the others' six or seven
  const runs: { hash: string; set: [name: string, value: string][]; argv: string[] }[] = [
    { hash: '#/openfire/scenario?seed=club', set: [['minefields', '2']], argv: ['scenario', 'openfire', '--minefields', '2', '--seed', 'club'] },
    { hash: '#/bof/scenario?mode=solo&seed=club', set: [['enemy', 'buy']], argv: ['scenario', 'bof', '--mode', 'solo', '--enemy', 'buy', '--seed', 'club'] },
    { hash: '#/blazeaway/scenario?seed=club', set: [['barrage', 'none'], ['buildings', 'wood=2']], argv: ['scenario', 'blazeaway', '--barrage', 'none', '--buildings', 'wood=2', '--seed', 'club'] },
  ];
  /**
   * Each run's PDF is held byte for byte against the command line's. What the page prints with an
   * option is the command line's own run of the argv the page shows (each run's argv is checked):
   * the first run in every run of the suite, the others under MUSTER_DEEP=1 (page-kinds.ts).
   */
  const printsAsTheCommandLine = async (run: (typeof runs)[number]) => {
    const { hash, set, argv } = run;
    // restored from the link: its command, none of the options the run before set
    const setNames = new Set(set.map(([name]) => `--${name}`));
    await follow(hash, `muster ${argv.filter((word, i) => !setNames.has(word) && !setNames.has(argv[i - 1]!)).join(' ')}`);
    for (const [name, value] of set) await setControl(page, await controlOf(page, name), value);
    expect(await command(page)).toBe(`muster ${argv.join(' ')}`);
    await page.screenshot({ path: path.join(shots, `web-own-options-${argv[1]}.png`), fullPage: true });
    const made = await produce(page, 'Preview');
    expect(made.code, made.stderr).toBe(0);
    expect(made.argv.slice(0, -2)).toEqual(argv);
    expect(Buffer.compare(Buffer.from(made.base64, 'base64'), await cliPdf(argv))).toBe(0);
    // the link gives the same form again
    const again = await open(`#${(await page.evaluate(() => location.hash)).slice(1)}`);
    expect(await command(again)).toBe(`muster ${argv.join(' ')}`);
    await again.close();
  };
  const printTitle = 'prints $argv as the command line runs it, the PDF byte for byte the command line’s in the sample';
  proves('prints as the command line', 'a link restores the form').each(runs.slice(0, 1))(printTitle, printsAsTheCommandLine, 180_000);
  provesAgain('prints as the command line').each(runs.slice(1))(printTitle, printsAsTheCommandLine, 180_000);

  proves('every option a field')('shows an option’s answer in words where it writes no file (a unit’s cost worked out)', async () => {
    const words = declared.find((d) => d.product === 'cards' && d.option.type === 'string' && !['doctrine'].includes(d.option.name))!;
    await follow(`#/${words.system}/cards`, `muster cards ${words.system}`);
    await page.type(`#own-${words.option.name}`, 'de-rifleman');
    const made = await produce(page, 'Preview');
    expect(made.code, made.stderr).toBe(0);
    expect(await page.$eval('#messages', (e) => e.textContent)).toMatch(/cost 2/);
  }, 120_000);
});

describe.skipIf(runBrowserTests)('the rule sets’ own options in chromium (skipped)', () => {
  it.skip(`needs ${CHROMIUM} (apt-get install chromium), or CI set to make it required`, () => undefined);
});
