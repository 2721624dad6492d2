import { afterEach, describe, expect, it } from 'vitest';
import { muster, pdfPageCount } from '../helpers/cli.js';
import { purePrint } from '../helpers/pure-run.js';
import { workdirs } from '../helpers/fixtures.js';

/** Printing only what is needed: `tokens --only/--without/--count` and `cards --list`. */
const workdir = workdirs(afterEach);

interface TokenDoc {
  drawings?: { title: string }[];
  tokenSheets?: { title: string; tokens: { front: { label: string } }[] }[];
}
interface CardDoc {
  decks: { title: string; cards: unknown[] }[];
}

async function doc<T>(args: string[]): Promise<T> {
  const out = await muster([...args, '--format', 'json'], workdir());
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as T;
}

async function refused(args: string[], message: RegExp): Promise<void> {
  const out = await muster(args, workdir());
  expect(out.code).toBe(2);
  expect(out.stderr).toMatch(message);
  expect(out.stdout).toBe('');
}

const labels = (d: TokenDoc) => (d.tokenSheets ?? []).flatMap((s) => s.tokens.map((t) => t.front.label));
const titles = (d: TokenDoc) => (d.drawings ?? []).map((x) => x.title);

describe('tokens bof --only, --without, --count', () => {
  it('--only markers: the token sheet alone; --only tracks: the three tracks alone', async () => {
    const all = await doc<TokenDoc>(['tokens', 'bof']);
    const markers = await doc<TokenDoc>(['tokens', 'bof', '--only', 'markers']);
    expect(labels(markers)).toEqual(labels(all));
    expect(markers.drawings ?? []).toEqual([]);
    const tracks = await doc<TokenDoc>(['tokens', 'bof', '--only', 'tracks']);
    expect(tracks.tokenSheets).toEqual([]);
    expect(titles(tracks)).toEqual([expect.stringMatching(/^Combat Score, side A/), expect.stringMatching(/^Combat Score, side B/), expect.stringMatching(/^Action Point Counter/)]);
  });
  it('--without templates keeps everything else, in the same order', async () => {
    const all = await doc<TokenDoc>(['tokens', 'bof']);
    const rulers = await doc<TokenDoc>(['tokens', 'bof', '--only', 'rulers']);
    const templates = await doc<TokenDoc>(['tokens', 'bof', '--only', 'templates']);
    const without = await doc<TokenDoc>(['tokens', 'bof', '--without', 'templates']);
    expect(labels(without)).toEqual(labels(all));
    expect(titles(without)).toEqual(titles(all).filter((t) => !titles(templates).includes(t)));
    expect(titles(rulers).length).toBeGreaterThan(0);
    expect(titles(templates).length).toBeGreaterThan(0);
    // the parts together are the whole product
    const parts = await doc<TokenDoc>(['tokens', 'bof', '--only', 'tracks,rulers,templates']);
    expect(titles(parts)).toEqual(titles(all));
  });
  it('fewer pages when parts are left out', async () => {
    // made once a worker, as other files print them
    const all = pdfPageCount(await purePrint(['tokens', 'bof']));
    const markers = pdfPageCount(await purePrint(['tokens', 'bof', '--only', 'markers']));
    expect(markers).toBeLessThan(all);
    expect(markers).toBeGreaterThan(0);
  });
  it('--count ID=N prints N of that token (0 leaves it out); the others keep their count', async () => {
    const all = await doc<TokenDoc>(['tokens', 'bof', '--only', 'markers']);
    const counted = await doc<TokenDoc>(['tokens', 'bof', '--only', 'markers', '--count', 'suppressed=20', '--count', 'objective=0']);
    const count = (d: TokenDoc, label: string) => labels(d).filter((l) => l === label).length;
    expect(count(all, 'Suppressed')).toBe(8);
    expect(count(counted, 'Suppressed')).toBe(20);
    expect(count(counted, 'Objective')).toBe(0);
    expect(count(counted, 'Injured')).toBe(count(all, 'Injured'));
  });
  it('refuses unknown parts with the allowed ones and the close match, exit 2', async () => {
    await refused(['tokens', 'bof', '--only', 'markrs'], /--only "markrs": unknown part "markrs": did you mean markers.*markers, tracks, rulers, templates/);
    await refused(['tokens', 'bof', '--without', 'templats'], /--without "templats": unknown part .*did you mean templates/);
    await refused(['tokens', 'bof', '--only', 'markers', '--without', 'markers'], /--only and --without leave nothing to print; the parts are markers, tracks, rulers or templates/);
    await refused(['tokens', 'bof', '--count', 'suppressed=101'], /--count "suppressed=101": a whole number from 0 to 100/);
    await refused(['tokens', 'bof', '--count', 'supressed=3'], /--count "supressed=3": unknown token "supressed": did you mean suppressed/);
    await refused(['tokens', 'bof', '--count', 'suppressed'], /--count "suppressed": give a token and how many, as ID=N/);
    await refused(['tokens', 'bof', '--only', 'tracks', '--count', 'suppressed=3'], /--count: the token sheet \(markers\) is left out/);
    await refused(['tokens', 'bof', '--events', '--only', 'markers'], /--only: --events prints the whole Random Event & Effect deck/);
  });
});

describe('tokens from data: the same options, the sheets as parts', () => {
  it('blazeaway --only area-fire-templates prints that sheet alone', async () => {
    const only = await doc<TokenDoc>(['tokens', 'blazeaway', '--only', 'area-fire-templates']);
    expect((only.tokenSheets ?? []).map((s) => s.title)).toEqual(['Area fire templates (120 mm)']);
    const without = await doc<TokenDoc>(['tokens', 'blazeaway', '--without', 'markers,wire-strips']);
    expect((without.tokenSheets ?? []).map((s) => s.title)).toEqual(['Area fire templates (120 mm)', 'Minefields and hidden cards (50 mm)']);
  });
  it('--count on a data-only rule set', async () => {
    const id = await firstFireTeamToken();
    const all = await doc<TokenDoc>(['tokens', 'fireteam']);
    const out = await doc<TokenDoc>(['tokens', 'fireteam', '--count', `${id}=2`]);
    // patrol-a prints 6 on the standard sheet; the other tokens keep theirs
    expect(labels(all).length - labels(out).length).toBe(4);
  });
  it('refuses an unknown sheet, naming the allowed ones', async () => {
    await refused(['tokens', 'blazeaway', '--only', 'templ'], /--only "templ": unknown part "templ": did you mean area-fire-templates/);
    await refused(['tokens', 'fireteam', '--without', 'markers'], /--only and --without leave nothing to print; the parts are markers/);
  });
  it('muster list shows the part names a player types', async () => {
    for (const [system, part] of [['bof', 'templates'], ['blazeaway', 'area-fire-templates'], ['fireteam', 'markers']] as const) {
      const out = await muster(['list', system, 'tokens'], workdir());
      expect(out.code).toBe(0);
      expect(out.stdout.replace(/\s+/g, ' ')).toMatch(new RegExp(`Parts for --only and --without: .*${part}`));
    }
  });
});

async function firstFireTeamToken(): Promise<string> {
  const out = await muster(['list', 'fireteam', 'tokens', '--format', 'json'], workdir());
  const entries = JSON.parse(out.stdout) as { id: string; details: { count: number } }[];
  expect(entries[0]!).toMatchObject({ id: 'patrol-a', details: { count: 6 } });
  return entries[0]!.id;
}

describe('cards --list', () => {
  it('fireteam --list russians: the Russians decks alone', async () => {
    const all = await doc<CardDoc>(['cards', 'fireteam']);
    const russians = await doc<CardDoc>(['cards', 'fireteam', '--list', 'russians']);
    expect(russians.decks.map((d) => d.title).sort()).toEqual(['Russians fire teams', 'Russians reinforcements']);
    expect(all.decks.length).toBeGreaterThan(russians.decks.length);
    for (const deck of russians.decks) expect(deck.cards.length).toBe(all.decks.find((d) => d.title === deck.title)!.cards.length);
    // the words a player uses for a side name its decks too
    for (const other of ['soviet', 'Red Army']) expect(await doc<CardDoc>(['cards', 'fireteam', '--list', other])).toEqual(russians);
    expect((await doc<CardDoc>(['cards', 'fireteam', '--list', 'United States'])).decks.map((d) => d.title)).toEqual(['US fire teams']);
  });
  it('blazeaway --list red: the red order deck alone', async () => {
    const all = await doc<CardDoc>(['cards', 'blazeaway']);
    const red = await doc<CardDoc>(['cards', 'blazeaway', '--list', 'Red']);
    expect(all.decks).toHaveLength(2);
    expect(red.decks).toHaveLength(1);
    // red is the first copy: its deck is the first of the two, card for card
    expect(red.decks[0]).toEqual(all.decks[0]);
    const blue = await doc<CardDoc>(['cards', 'blazeaway', '--list', 'blue']);
    expect(blue.decks).toEqual([all.decks[1]]);
  });
  it('refuses an unknown deck with the allowed ones; bof and openfire point to --nation', async () => {
    await refused(['cards', 'fireteam', '--list', 'rusians'], /--list: unknown deck "rusians": did you mean russians\? Known: british, fallschirmjager, finns, russians, us, vehicles/);
    await refused(['cards', 'blazeaway', '--list', 'green'], /--list: unknown deck "green"; known: red, blue/);
    await refused(['cards', 'bof', '--list', 'germany'], /--list: Burst of Fire cards take no such option; its cards are one deck, narrowed by --nation/);
    await refused(['cards', 'openfire', '--list', 'soviet'], /--list: Open Fire cards take no such option; its unit, order and manoeuvre cards are one set, narrowed by --nation/);
    await refused(['cards', 'fireteam', '--list', 'russians', '--force', 'x.yaml'], /--list: with --force the cards are those of the force/);
  });
});
