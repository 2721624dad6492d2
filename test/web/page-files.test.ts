import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { BUILT_FILES, builtFile, cliPdf, loadBuiltPage } from '../helpers/page.js';
import { FileAccessError } from '../../src/data/files.js';
import { argvFor, formFromHash, hashFor } from '../../src/web/form.js';
import { DECLARED } from '../helpers/declared.js';
import { FIRST_RULE_SET } from '../../src/systems/registry.js';
import { ALLOW_MISSING_GLYPHS_LABEL, playerWords } from '../../src/web/player-words.js';
import { FIELD_OPTIONS } from '../../src/web/page-options.js';
import { fileUrl, PageFiles, pageFiles, unpack, type Manifest } from '../../src/web/page-files.js';

const PLACES = {
  data: '/muster/data/',
  templates: '/muster/templates/',
  examples: '/muster/examples/',
  parsedStore: '/muster/parsed-data.json',
  fontPairs: '/muster/font-pairs.json',
  rasteriser: '/muster/resvg.wasm',
  fonts: { regular: '/muster/fonts/R.ttf', cjk: '/muster/fonts/C.otf' },
  fontkitVersion: '2.0.4',
};
const bytes = (text: string) => new TextEncoder().encode(text);
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FileAccessError);
    return (error as FileAccessError).code;
  }
  return 'no error';
};

function sample(): PageFiles {
  const files = new PageFiles(PLACES);
  files.add('/muster/data/bof/tables.yaml', bytes('a: 1\n'));
  files.add('/muster/data/bof/units.yaml', bytes('b: 2\n'));
  files.add('/muster/data/openfire/x.yaml', bytes('c: 3\n'));
  files.addListed('/muster/fonts/C.otf', 8_000_000);
  return files;
}

describe('the page files', () => {
  it('reads a file whole within the limit, and only its kind and size over it', () => {
    const files = sample();
    expect(files.read('/muster/data/bof/tables.yaml', 64)).toEqual({ kind: 'file', size: 5, bytes: bytes('a: 1\n') });
    expect(files.read('/muster/data/bof/tables.yaml', 5).bytes).toEqual(bytes('a: 1\n'));
    expect(files.read('/muster/data/bof/tables.yaml', 4)).toEqual({ kind: 'file', size: 5 });
    expect(files.read('/muster/data/bof', 1000)).toEqual({ kind: 'folder', size: 0 });
  });

  it('throws ENOENT for a missing path and ENOTDIR through a file, as a disk does', () => {
    const files = sample();
    expect(codeOf(() => files.read('/muster/data/bof/nothing.yaml', 100))).toBe('ENOENT');
    expect(codeOf(() => files.stat('/nowhere'))).toBe('ENOENT');
    expect(codeOf(() => files.list('/muster/data/fireteam'))).toBe('ENOENT');
    expect(codeOf(() => files.realpath('/muster/nothing'))).toBe('ENOENT');
    expect(codeOf(() => files.list('/muster/data/bof/tables.yaml'))).toBe('ENOTDIR');
    expect(codeOf(() => files.stat('/muster/data/bof/tables.yaml/x'))).toBe('ENOTDIR');
  });

  it('lists folders made from the paths, sorted, with their kinds', () => {
    const files = sample();
    expect(files.list('/muster/data')).toEqual([
      { name: 'bof', kind: 'folder' },
      { name: 'openfire', kind: 'folder' },
    ]);
    expect(files.list('/muster/data/bof/')).toEqual([
      { name: 'tables.yaml', kind: 'file' },
      { name: 'units.yaml', kind: 'file' },
    ]);
    expect(files.list('/')).toEqual([{ name: 'muster', kind: 'folder' }]);
    expect(files.stat('/muster/data/bof/units.yaml')).toEqual({ kind: 'file', size: 5 });
  });

  it('has no links: realpath is the path itself, readlink says EINVAL', () => {
    const files = sample();
    expect(files.realpath('/muster/data/bof/../bof/tables.yaml')).toBe('/muster/data/bof/tables.yaml');
    expect(codeOf(() => files.readlink('/muster/data/bof/tables.yaml'))).toBe('EINVAL');
  });

  it('notes a read of a file listed but not fetched, and reads it once added', () => {
    const files = sample();
    expect(files.stat('/muster/fonts/C.otf')).toEqual({ kind: 'file', size: 8_000_000 });
    expect(files.read('/muster/fonts/C.otf', 100)).toEqual({ kind: 'file', size: 8_000_000 });
    expect(files.takeWanted()).toEqual([]);
    expect(codeOf(() => files.read('/muster/fonts/C.otf', 10_000_000))).toBe('EAGAIN');
    expect(files.takeWanted()).toEqual(['/muster/fonts/C.otf']);
    expect(files.takeWanted()).toEqual([]);
    files.add('/muster/fonts/C.otf', new Uint8Array(3));
    expect(files.read('/muster/fonts/C.otf', 100)).toEqual({ kind: 'file', size: 3, bytes: new Uint8Array(3) });
  });

  it("keeps a player's files under /player, and removes one replaced", () => {
    const manifest: Manifest = { version: '0', fontkitVersion: '2.0.4', places: PLACES, pack: { url: 'files/p.bin', size: 2 }, files: [{ path: '/muster/data/bof/a.yaml', size: 2, at: 0 }] };
    const files = pageFiles(manifest, new Map([['/muster/data/bof/a.yaml', bytes('x\n')]]));
    expect(files.list('/player')).toEqual([]);
    files.add('/player/force.yaml', bytes('units: []\n'));
    expect(files.list('/player')).toEqual([{ name: 'force.yaml', kind: 'file' }]);
    files.remove('/player/force.yaml');
    expect(codeOf(() => files.stat('/player/force.yaml'))).toBe('ENOENT');
    expect(files.places.fontkitVersion).toBe('2.0.4');
  });

  it('cuts the files loaded with the page out of one pack, and refuses a pack that is cut short', () => {
    const manifest: Manifest = {
      version: '0',
      fontkitVersion: '2.0.4',
      places: PLACES,
      pack: { url: 'files/p.bin', size: 5 },
      files: [
        { path: '/muster/data/bof/a.yaml', size: 2, at: 0 },
        { path: '/muster/data/bof/b.yaml', size: 3, at: 2 },
        { path: '/muster/fonts/C.otf', size: 8_000_000, lazy: true },
      ],
    };
    const unpacked = unpack(manifest, bytes('x\nyz\n'));
    expect([...unpacked.keys()]).toEqual(['/muster/data/bof/a.yaml', '/muster/data/bof/b.yaml']);
    expect(new TextDecoder().decode(unpacked.get('/muster/data/bof/b.yaml'))).toBe('yz\n');
    expect(() => unpack(manifest, bytes('x\ny'))).toThrow('files/p.bin: 3 bytes, the list says 5; reload the page');
  });

  it('packs every file the built page loads with it, byte for byte as the file itself', () => {
    const manifest = JSON.parse(readFileSync(new URL('index.json', BUILT_FILES), 'utf8')) as Manifest;
    const unpacked = unpack(manifest, new Uint8Array(readFileSync(new URL(manifest.pack.url.slice('files/'.length), BUILT_FILES))));
    const eager = manifest.files.filter((f) => !f.lazy);
    expect(eager.length).toBeGreaterThan(50);
    expect([...unpacked.keys()]).toEqual(eager.map((f) => f.path));
    for (const f of eager) expect(Buffer.from(unpacked.get(f.path)!).equals(builtFile(f.path)), f.path).toBe(true);
    // the fonts fetched only when a text needs one stay out of it
    expect(manifest.files.filter((f) => f.lazy).every((f) => f.at === undefined)).toBe(true);
  });

  it('lists the rule sets as muster systems prints them, so the form shows them before the worker has run', async () => {
    const manifest = JSON.parse(readFileSync(new URL('index.json', BUILT_FILES), 'utf8')) as Manifest;
    // as the page's worker prints them from the page's own files
    const { run } = await loadBuiltPage();
    const listed = JSON.parse((await run(['systems', '--format', 'json'])).stdout) as { systems: unknown[] };
    expect(manifest.systems).toEqual(listed.systems);
  });

  it('gives each file of the virtual root its URL under files/', () => {
    expect(fileUrl('/muster/data/bof/tables.yaml')).toBe('files/data/bof/tables.yaml');
    expect(fileUrl('/muster/fonts/A B.ttf')).toBe('files/fonts/A%20B.ttf');
  });
});

describe('the form in the address', () => {
  it('reads a link and writes it back the same', () => {
    const form = formFromHash('#/bof/scenario?mode=solo&seed=club', DECLARED);
    expect(form).toEqual({ system: 'bof', product: 'scenario', options: { mode: 'solo', seed: 'club' } });
    expect(hashFor(form, DECLARED)).toBe('#/bof/scenario?mode=solo&seed=club');
    expect(argvFor(form, DECLARED)).toEqual(['scenario', 'bof', '--mode', 'solo', '--seed', 'club']);
  });

  it('leaves defaults, unknown names and options the rule set does not declare out, and turns backs=no into --no-backs', () => {
    // lists is another rule set's scenario option: not one of these cards'
    const form = formFromHash('#/bof/cards?paper=a4&units=in&evil=1&backs=no&lists=a,b&doctrine=de-armor', DECLARED);
    expect(form.options).toEqual({ units: 'in', backs: 'no', doctrine: 'de-armor' });
    expect(hashFor(form, DECLARED)).toBe('#/bof/cards?doctrine=de-armor&units=in&backs=no');
    expect(argvFor(form, DECLARED, ['force.yaml'])).toEqual(['cards', 'bof', '--doctrine', 'de-armor', '--units', 'in', '--no-backs', '--force', 'force.yaml']);
    // a link that names no rule set opens on the registry's first, which the build writes for the page
    expect(formFromHash('', DECLARED, {}, FIRST_RULE_SET)).toEqual({ system: FIRST_RULE_SET, product: 'tables', options: {} });
    expect((JSON.parse(readFileSync(new URL('index.json', BUILT_FILES), 'utf8')) as Manifest).opensOn).toBe(FIRST_RULE_SET);
  });

  it('carries the choice to print characters no font has as boxes, in a control labelled as the message names it', () => {
    const form = formFromHash('#/bof/scenario?allow-missing-glyphs=yes&seed=club', DECLARED);
    expect(form.options).toEqual({ 'allow-missing-glyphs': 'yes', seed: 'club' });
    expect(hashFor(form, DECLARED)).toBe('#/bof/scenario?allow-missing-glyphs=yes&seed=club');
    expect(argvFor(form, DECLARED)).toEqual(['scenario', 'bof', '--allow-missing-glyphs', '--seed', 'club']);
    expect(argvFor(formFromHash('#/bof/scenario?allow-missing-glyphs=no', DECLARED), DECLARED)).toEqual(['scenario', 'bof']);
    // the page's control is a box with the words the message names, where the message says it is
    expect(FIELD_OPTIONS.find((o) => o.name === 'allow-missing-glyphs')).toMatchObject({ type: 'boolean', page: { label: ALLOW_MISSING_GLYPHS_LABEL } });
    const html = readFileSync(path.join(import.meta.dirname, '../../src/web/index.html'), 'utf8');
    const printer = html.slice(html.indexOf('<legend>Paper and printer</legend>'));
    expect(printer.slice(0, printer.indexOf('</fieldset>'))).toContain('data-field="allow-missing-glyphs"');
  });
});

describe('the page io, run in Node on the built page files', () => {


  it('prints the tables and says what the command line says', async () => {
    const { runInPage, files } = await loadBuiltPage();
    const run = await runInPage(['tables', 'bof', '--paper', 'letter', '--units', 'in', '-o', '/out/muster.pdf'], files);
    expect(run.stderr).toBe('Wrote /out/muster.pdf (8 pages)\n');
    expect(run.code).toBe(0);
    expect(new TextDecoder().decode(run.written.get('/out/muster.pdf')!.subarray(0, 5))).toBe('%PDF-');

    const bad = await runInPage(['scenario', 'bof', '--count', '0', '-o', '/out/muster.pdf'], files);
    expect(bad.code).toBe(2);
    expect(bad.written.size).toBe(0);
  });

  it('fetches a large font only when a run reads one, runs again with the same seed, and matches the command line', async () => {
    const { runInPage, files } = await loadBuiltPage();
    const fetched: string[] = [];
    const argv = ['scenario', 'bof', '--names', '张伟,Ben', '--format', 'pdf'];
    const run = await runInPage([...argv, '-o', '/out/muster.pdf'], files, {
      fetchFile: async (file) => {
        fetched.push(file);
        return builtFile(file);
      },
    });
    expect(run.stderr).toMatch(/^Seed: [0-9a-f]{8} /);
    expect(run.code).toBe(0);
    expect(fetched.sort()).toEqual(['/muster/fonts/NotoSansHans-Bold.otf', '/muster/fonts/NotoSansHans-Regular.otf']);
    const seed = /^Seed: (\S+)/.exec(run.stderr)![1]!;
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-web-'));
    const cli = await muster([...argv, '--seed', seed, '-o', 'cli.pdf'], dir);
    expect(cli.code).toBe(0);
    expect(Buffer.compare(Buffer.from(run.written.get('/out/muster.pdf')!), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);
  });

  it('on a host without the CJK font package, refuses a Chinese name in the page’s words, writes nothing, and still prints a Latin one', async () => {
    const { runInPage, files } = await loadBuiltPage();
    const manifest = JSON.parse(readFileSync(new URL('index.json', BUILT_FILES), 'utf8')) as Manifest;
    const optional = manifest.files.filter((e) => e.optional).map((e) => e.path);
    expect(optional.sort()).toEqual(['/muster/fonts/NotoSansHans-Bold.otf', '/muster/fonts/NotoSansHans-Regular.otf', '/muster/fonts/NotoSansKR_400Regular.ttf', '/muster/fonts/NotoSansKR_700Bold.ttf']);
    const asked: string[] = [];
    // the host answers 404 for the package's fonts, as muster serve does without the package
    const fetchFile = async (file: string) => {
      asked.push(file);
      return optional.includes(file) ? undefined : builtFile(file);
    };
    const run = await runInPage(['scenario', 'bof', '--names', '张伟,Ben', '--seed', 'z', '-o', '/out/muster.pdf'], files, { fetchFile });
    expect(run.code).toBe(2);
    expect(run.written.size).toBe(0);
    expect(asked).toEqual(['/muster/fonts/NotoSansHans-Regular.otf']);
    expect(run.stderr).toMatch(/^muster: --names \(printed in "[^"]*张伟[^"]*"\) needs the Chinese and Japanese font for "张" \(U\+5F20\), "伟" \(U\+4F1F\)$/m);
    const words = playerWords(run.stderr, '/out/muster.pdf', (option) => (option === 'names' ? 'Players’ names' : undefined));
    expect(words).toMatch(/^muster: “Players’ names” \(printed in /m);
    expect(words).toMatch(/This site does not have the Chinese, Japanese and Korean fonts: they come in a package of their own, muster-wargames-fonts-cjk\. Whoever runs the site installs it beside muster \(npm install -g muster-wargames-fonts-cjk@1\.0\.0\) and starts muster serve again, or, on a static host, copies that package's fonts folder into the site's files\/fonts\/\. Then reload this page\./);
    expect(words).not.toMatch(/folder you run it in/);
    // the font stays out for the page's later runs, and a Latin name prints as on the command line
    const latin = await runInPage(['scenario', 'bof', '--names', 'Ann,Ben', '--seed', 'z', '-o', '/out/muster.pdf'], files, { fetchFile });
    expect(latin.code, latin.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(latin.written.get('/out/muster.pdf')!), await cliPdf(['scenario', 'bof', '--names', 'Ann,Ben', '--seed', 'z']))).toBe(0);
    const again = await runInPage(['scenario', 'bof', '--names', '김민준,Ben', '--seed', 'z', '-o', '/out/muster.pdf'], files, { fetchFile });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/needs the Korean font for "김"/);
    // the host has none of the package's fonts: asked for once
    expect(asked).toEqual(['/muster/fonts/NotoSansHans-Regular.otf']);
  });

  it('fetches the symbol, emoji and Korean fonts a name needs, one run after another, and matches the command line', async () => {
    const { runInPage, files } = await loadBuiltPage();
    const fetched: string[] = [];
    const argv = ['scenario', 'bof', '--names', '★ Red ✠ 🎖,☠ 한국어 💥', '--seed', '★🎖한', '--format', 'pdf'];
    const run = await runInPage([...argv, '-o', '/out/muster.pdf'], files, {
      fetchFile: async (file) => {
        fetched.push(file);
        return builtFile(file);
      },
    });
    expect(run.stderr).not.toMatch(/glyph/);
    expect(run.code).toBe(0);
    for (const font of ['NotoSansSymbols_400Regular.ttf', 'NotoSansSymbols2_400Regular.ttf', 'NotoEmoji_400Regular.ttf', 'NotoSansKR_400Regular.ttf', 'NotoEmoji_700Bold.ttf']) {
      expect(fetched).toContain(`/muster/fonts/${font}`);
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-web-'));
    const cli = await muster([...argv, '-o', 'cli.pdf'], dir);
    expect(cli.code).toBe(0);
    expect(Buffer.compare(Buffer.from(run.written.get('/out/muster.pdf')!), readFileSync(path.join(dir, 'cli.pdf')))).toBe(0);
  });
});

describe('the page’s own labels', () => {
  it('name one control each: a player (and a test) finds a field by its label’s words', () => {
    const html = readFileSync(new URL('../../src/web/index.html', import.meta.url), 'utf8');
    // the HTML's own, and those of the fields made from the command table
    const labels = [...[...html.matchAll(/<label\b[^>]*>([^<]+)<\/label>/g)].map((m) => m[1]!.trim()), ...FIELD_OPTIONS.map((o) => o.page.label)];
    expect(labels.length).toBeGreaterThan(40);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });
});
