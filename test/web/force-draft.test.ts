// The force being built, kept as it is typed (issue 52), in Node over a shelf in memory: one
// draft a rule set, saved only when it changed, the newest of quick changes written; two tabs
// on one draft never lay one's typing over the other's unsaid; the address's packing. The
// page in chromium: drafts-in-chromium.test.ts.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryShelf } from '../../src/web/browser-shelf.js';
import { DRAFT_NAME, DraftKeeper, draftWords, firstForce, type DraftState, type ForceDraft } from '../../src/web/force-draft.js';
import { addressValue } from '../../src/web/force-address.js';
import { forceFromLinkValue } from '../../src/web/force-link.js';
import { MAX_FORCE_LINK_CHARS } from '../../src/data/limit-values.js';
import { playerProblems } from '../helpers/player-words.js';

const EMPTY = 'points: 500\nunits: []\n';

describe('a builder’s draft', () => {
  it('is kept once per rule set under the one draft name, only when the force changed, never listed by a name of the player’s', async () => {
    const shelf = memoryShelf<ForceDraft>();
    const told: [string, DraftState][] = [];
    const keeper = new DraftKeeper(shelf, (system, state) => told.push([system, state]));
    expect(await keeper.read('openfire', EMPTY)).toBeUndefined();
    // the new force as it opens: nothing to keep
    await keeper.save('openfire', EMPTY, '');
    expect(await shelf.all()).toEqual([]);
    await keeper.save('openfire', 'name: A\n', 'A');
    await keeper.save('openfire', 'name: A\n', 'A');
    await keeper.save('bof', 'name: B\n', 'B');
    expect(await shelf.all()).toEqual([
      { system: 'openfire', name: DRAFT_NAME, yaml: 'name: A\n', title: 'A', revision: 1 },
      { system: 'bof', name: DRAFT_NAME, yaml: 'name: B\n', title: 'B', revision: 1 },
    ]);
    // the shelf in memory keeps for the tab alone: said so
    expect(told).toEqual([
      ['openfire', { state: 'tab', yaml: 'name: A\n', revision: 1 }],
      ['bof', { state: 'tab', yaml: 'name: B\n', revision: 1 }],
    ]);
  });

  it('writes the newest of changes made before the store answered, not each of them', async () => {
    const shelf = memoryShelf<ForceDraft>();
    const keeper = new DraftKeeper(shelf);
    await keeper.read('bof', '');
    const saves = ['n', 'na', 'nam', 'name'].map((yaml) => keeper.save('bof', yaml, yaml));
    await Promise.all(saves);
    await keeper.settled();
    // four keys before the store answered: one write, of the last
    expect(await shelf.get('bof', DRAFT_NAME)).toMatchObject({ yaml: 'name', revision: 1 });
    await keeper.save('bof', 'named', 'named');
    expect(await shelf.get('bof', DRAFT_NAME)).toMatchObject({ yaml: 'named', revision: 2 });
  });

  it('two tabs: the one whose copy is older stops keeping over the other’s, says so, and takes the draft over only when asked', async () => {
    const shelf = memoryShelf<ForceDraft>();
    const states = { one: [] as DraftState[], two: [] as DraftState[] };
    const one = new DraftKeeper(shelf, (_, s) => states.one.push(s));
    const two = new DraftKeeper(shelf, (_, s) => states.two.push(s));
    await one.read('fireteam', '');
    await two.read('fireteam', '');
    await one.save('fireteam', 'name: typed in tab one\n', 'typed in tab one');
    // tab two read the draft before tab one kept it: its save is refused, never laid over tab one's
    await two.save('fireteam', 'name: typed in tab two\n', 'typed in tab two');
    expect(states.two).toEqual([{ state: 'moved-on', theirs: { system: 'fireteam', name: DRAFT_NAME, yaml: 'name: typed in tab one\n', title: 'typed in tab one', revision: 1 } }]);
    expect(two.stopped('fireteam')).toBe(true);
    // typing on in tab two keeps nothing more over it
    await two.save('fireteam', 'name: typed in tab two, more\n', '');
    expect(await shelf.get('fireteam', DRAFT_NAME)).toMatchObject({ yaml: 'name: typed in tab one\n' });
    expect(states.two).toHaveLength(1);
    // the player chose tab two's force: it is the draft, and tab two keeps it as typed from then on
    await two.takeOver('fireteam', 'name: typed in tab two, more\n', 'typed in tab two, more');
    await two.save('fireteam', 'name: tab two again\n', 'tab two again');
    expect(await shelf.get('fireteam', DRAFT_NAME)).toMatchObject({ yaml: 'name: tab two again\n', revision: 3 });
    expect(two.stopped('fireteam')).toBe(false);
    // and now tab one's copy is the older: refused in its turn
    await one.save('fireteam', 'name: tab one again\n', 'tab one again');
    expect(states.one.at(-1)).toMatchObject({ state: 'moved-on' });
    expect(await shelf.get('fireteam', DRAFT_NAME)).toMatchObject({ yaml: 'name: tab two again\n' });
  });

  it('a draft kept while the store could not answer is not laid over either', async () => {
    const shelf = memoryShelf<ForceDraft>();
    await new DraftKeeper(shelf).save('bof', 'name: before\n', 'before');
    // the store held by another tab: reading waits, and the builder opens without the draft
    const held = { ...shelf, get: () => new Promise<never>(() => undefined) };
    const states: DraftState[] = [];
    const late = new DraftKeeper(held, (_, s) => states.push(s));
    expect(await late.read('bof', '', Promise.resolve())).toBeUndefined();
    await late.save('bof', 'name: after\n', 'after');
    expect(states).toMatchObject([{ state: 'moved-on' }]);
    expect(await shelf.get('bof', DRAFT_NAME)).toMatchObject({ yaml: 'name: before\n' });
  });

  it('says what the player needs to know, and nothing while all is well', () => {
    expect(draftWords(undefined)).toBeUndefined();
    expect(draftWords({ state: 'kept', yaml: 'x', revision: 1 })).toBeUndefined();
    expect(draftWords({ state: 'moved-on', theirs: { system: 'bof', name: DRAFT_NAME, yaml: '', title: '' } })).toEqual({
      said: 'This force is being built in another tab too, and that tab kept its own since this one: this tab no longer keeps over it, so neither is lost. What you build here stays in this tab’s address (a reload of this tab brings it back).',
      action: { label: 'Keep this tab’s force instead', does: 'take-over' },
    });
    expect(draftWords({ state: 'not-kept', message: "this browser's storage for the page is full" })?.said).toBe(
      "This browser did not keep the force as you typed it: this browser's storage for the page is full. The page’s address still holds it; download the force file to be sure of it.",
    );
    const all = [
      draftWords({ state: 'moved-on', theirs: { system: 'bof', name: DRAFT_NAME, yaml: '', title: '' } }),
      draftWords({ state: 'not-kept', message: 'the browser refused to keep it' }),
      draftWords(undefined, { title: '' }),
    ];
    expect(playerProblems(all.flatMap((w) => [w!.said, w!.action?.label ?? '']))).toEqual([]);
    expect(draftWords(undefined, { title: '' })?.said).toBe('The force in the address replaced the force you were building here.');
    expect(draftWords({ state: 'kept', yaml: '', revision: 1 }, { title: ' Zug Brandt ' })).toEqual({
      said: 'The force in the address replaced the force you were building here (“Zug Brandt”).',
      action: { label: 'Back to the force you were building', does: 'back' },
    });
  });
});

describe('the force in the page’s address', () => {
  it('packs the force as "Make a link" does; leaves out a new force and one too large for a link', () => {
    const yaml = 'name: 2nd Platoon\nnation: us\npoints: 500\nunits:\n  - unit: us-rifle-squad\n';
    expect(forceFromLinkValue(addressValue(yaml, EMPTY)!)).toEqual({ yaml });
    expect(addressValue(EMPTY, EMPTY)).toBeUndefined();
    expect(addressValue(undefined, EMPTY)).toBeUndefined();
    // text that packs badly: past what a link to muster carries, so the draft alone keeps it
    let noise = '';
    for (let i = 0; noise.length < 2 * MAX_FORCE_LINK_CHARS; i++) noise += createHash('sha256').update(String(i)).digest('hex');
    expect(addressValue(`name: ${noise}\n`, EMPTY)).toBeUndefined();
  });
});

describe('which force a builder opens with', () => {
  const EMPTY_DRAFT = { system: 'bof', name: DRAFT_NAME, title: '', yaml: EMPTY, revision: 4 };
  const DRAFT = { system: 'bof', name: DRAFT_NAME, title: 'Zug', yaml: 'name: Zug\n', revision: 7 };
  it('the address’s force, over a draft: it is what the player opened', () => {
    expect(firstForce(true, DRAFT, EMPTY, undefined)).toBe('address');
    expect(firstForce(true, undefined, EMPTY, undefined)).toBe('address');
    // a draft another tab kept since this tab kept its own
    expect(firstForce(true, DRAFT, EMPTY, 6)).toBe('address');
  });

  it('the draft where the address gives no force, a new force where there is none', () => {
    expect(firstForce(false, DRAFT, EMPTY, undefined)).toBe('draft');
    expect(firstForce(false, EMPTY_DRAFT, EMPTY, undefined)).toBe('new');
    expect(firstForce(false, undefined, EMPTY, undefined)).toBe('new');
  });

  it('the draft, where this tab reloaded with the draft it kept last: its address may be a key behind', () => {
    expect(firstForce(true, DRAFT, EMPTY, 7)).toBe('draft');
    expect(firstForce(true, EMPTY_DRAFT, EMPTY, 4)).toBe('address');
  });
});
