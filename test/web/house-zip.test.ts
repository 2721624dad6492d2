// A house-rules zip in the page (issue 23, items 6 and 8): its directory is checked against the
// command line's limits before anything is unpacked, a zip that lies about its sizes is stopped
// while unpacking, and a folder that fails its check leaves the house rules in use untouched.
// Each crafted zip would take seconds and gigabytes if inflated whole; here each is refused at
// once (no timed assertion: the suite's time shows it).
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_FOLDER_ENTRIES } from '../../src/data/limits.js';
import { checkHouse, fileAndFolder, folderRefusal, houseFiles, HouseRefusal, HOUSE_PATH, MAX_HOUSE_BYTES, unzipHouse } from '../../src/web/house-rules.js';
import { PageFiles } from '../../src/web/page-files.js';
import type { PageRun } from '../../src/web/page-io.js';
import { claimSize } from '../helpers/zips.js';

const YAML = new TextEncoder().encode('tables: []\n');

const claim = claimSize;

function refusal(zip: Uint8Array): string {
  try {
    unzipHouse(zip);
  } catch (error) {
    expect(error).toBeInstanceOf(HouseRefusal);
    return (error as Error).message;
  }
  throw new Error('the zip was taken');
}

describe('a house-rules zip', () => {
  it('is read as before when it keeps to the limits', () => {
    const text = new TextEncoder().encode('x: 1\n'.repeat(2000));
    const files = unzipHouse(zipSync({ 'club/bof/tables/a.yaml': YAML, 'club/bof/tables/b.yaml': [text, { level: 0 }], 'club/empty/': new Uint8Array() }));
    expect(files.map((f) => [f.path, f.bytes.length])).toEqual([
      ['club/bof/tables/a.yaml', YAML.length],
      ['club/bof/tables/b.yaml', text.length],
    ]);
  });

  it('keeps a house.yaml beside the rule-set folders, the name its pages print, whether or not the zip has a top folder', () => {
    const name = new TextEncoder().encode('name: Tuesday club\n');
    expect(houseFiles(unzipHouse(zipSync({ 'club/house.yaml': name, 'club/bof/tables/a.yaml': YAML })), ['bof']).map((f) => f.path)).toEqual(['house.yaml', 'bof/tables/a.yaml']);
    expect(houseFiles(unzipHouse(zipSync({ 'house.yaml': name, 'bof/tables/a.yaml': YAML })), ['bof']).map((f) => f.path)).toEqual(['house.yaml', 'bof/tables/a.yaml']);
  });

  it('naming a gigabyte in its directory is refused before anything is unpacked', () => {
    const zip = claim(zipSync({ 'bof/tables/bomb.yaml': new Uint8Array(1000) }), 'bof/tables/bomb.yaml', 1024 ** 3);
    expect(refusal(zip)).toBe(`bof/tables/bomb.yaml in it would unpack to 1024 MB, more than the 1 MB muster takes for one file; zip your house-rules folder again (only its data files) and add that zip`);
  });

  it('of more entries than a data folder may hold is refused', () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= MAX_FOLDER_ENTRIES; i++) many[`bof/t${i}.yaml`] = new Uint8Array();
    expect(refusal(zipSync(many, { level: 0 }))).toBe(`it holds ${MAX_FOLDER_ENTRIES + 1} files and folders, more than the ${MAX_FOLDER_ENTRIES} muster takes in a house-rules folder; zip your house-rules folder again (only its data files) and add that zip`);
  });

  it('packed a thousand times is refused by its ratio, within the size of a file', () => {
    const zip = zipSync({ 'bof/tables/zeros.yaml': new Uint8Array(MAX_FILE_BYTES) }, { level: 9 });
    expect(refusal(zip)).toMatch(/^bof\/tables\/zeros\.yaml in it would unpack to \d{3,} times its packed size, more than the 100 times a data file packs; /);
  });

  it('that unpacks to more than its directory says is stopped there', () => {
    // 16 MB of zeros saying it is 60 kB: under every limit by its word
    const zip = claim(zipSync({ 'bof/tables/liar.yaml': new Uint8Array(16 * 1024 * 1024) }, { level: 1 }), 'bof/tables/liar.yaml', 60_000);
    expect(refusal(zip)).toBe('bof/tables/liar.yaml in it unpacks to more than the zip says it holds; zip your house-rules folder again (only its data files) and add that zip');
    const stored = claim(zipSync({ 'bof/a.yaml': [new Uint8Array(5000), { level: 0 }] }), 'bof/a.yaml', 100);
    expect(refusal(stored)).toMatch(/^bof\/a\.yaml in it unpacks to more than the zip says it holds/);
  });

  it('whose files come to more than the page holds is refused', () => {
    const noise = (seed: number) => {
      const bytes = new Uint8Array(MAX_FILE_BYTES);
      let x = seed;
      for (let i = 0; i < bytes.length; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
      return bytes;
    };
    const big: Record<string, [Uint8Array, { level: 0 }]> = {};
    const one = noise(1);
    for (let i = 0; i <= MAX_HOUSE_BYTES / MAX_FILE_BYTES; i++) big[`bof/n${i}.yaml`] = [one, { level: 0 }];
    expect(refusal(zipSync(big))).toBe('its files would unpack to more than the 32 MB muster takes for house rules; zip your house-rules folder again (only its data files) and add that zip');
  });

  it('that is no zip or is damaged says so', () => {
    expect(refusal(new TextEncoder().encode('not a zip at all'))).toBe('not a zip muster can read (it has no zip directory)');
    const zip = zipSync({ 'bof/tables/a.yaml': new TextEncoder().encode('a: 1\n'.repeat(100)) });
    const cut = zip.slice();
    cut.fill(0xff, 40, 50);
    expect(refusal(cut)).toBe('not a zip muster can read (bof/tables/a.yaml in it is damaged)');
  });
});

describe('a chosen house-rules folder', () => {
  it('is refused by its files’ sizes before any is read', () => {
    expect(folderRefusal([100, 200])).toBeUndefined();
    expect(folderRefusal([100, MAX_FILE_BYTES + 1])).toMatch(/^a file in it is 2 MB, more than the 1 MB muster takes for one file/);
    expect(folderRefusal(new Array(MAX_FOLDER_ENTRIES + 1).fill(1))).toMatch(/^it holds 10001 files, more than the 10000/);
  });

  it('holding a name as a file and as a folder is named', () => {
    expect(fileAndFolder([{ path: 'bof', bytes: YAML }, { path: 'bof/tables/x.yaml', bytes: YAML }])).toBe('bof');
    expect(fileAndFolder([{ path: 'bof/tables/x.yaml', bytes: YAML }, { path: 'bof/tables', bytes: YAML }])).toBe('bof/tables');
    expect(fileAndFolder([{ path: 'bof/a.yaml', bytes: YAML }, { path: 'bof/ab.yaml', bytes: YAML }])).toBeUndefined();
  });

  it('that fails its check leaves the house rules in use as they were', async () => {
    const files = new PageFiles({ tmp: '/tmp', home: '/home', cwd: '/player' } as never);
    const seen: string[][] = [];
    const run = async (argv: string[]): Promise<PageRun> => {
      seen.push(argv);
      const dir = `/player/${argv[2]}`;
      const bad = files.has(`${dir}/bof/bad.yaml`);
      return { code: bad ? 2 : 0, stdout: bad ? '' : 'OK\n', stderr: bad ? `muster: Bad data:\n  ${dir}/bof/bad.yaml at x: no\n` : '', written: new Map() };
    };
    expect((await checkHouse(files, [{ path: 'bof/good.yaml', bytes: YAML }], run)).code).toBe(0);
    expect(files.has(`${HOUSE_PATH}/bof/good.yaml`)).toBe(true);

    const bad = await checkHouse(files, [{ path: 'bof/bad.yaml', bytes: YAML }], run);
    expect([bad.code, bad.stderr]).toEqual([2, `muster: Bad data:\n  ${HOUSE_PATH}/bof/bad.yaml at x: no\n`]);
    const clash = await checkHouse(files, [{ path: 'bof', bytes: YAML }, { path: 'bof/tables/x.yaml', bytes: YAML }], run);
    expect([clash.code, clash.stderr]).toEqual([2, 'bof is in it both as a file and as a folder, which muster cannot take; take out the file bof and try again\n']);
    // the rules in use are the good ones, alone; the check's own folder is gone
    expect(files.has(`${HOUSE_PATH}/bof/good.yaml`)).toBe(true);
    expect(files.has(`${HOUSE_PATH}/bof/bad.yaml`)).toBe(false);
    expect(files.list('/player').map((e) => e.name)).toEqual(['house']);
    // every check ran on a folder of its own, never on the rules in use
    expect(seen.every((argv) => argv[2] !== 'house')).toBe(true);
  });
});
