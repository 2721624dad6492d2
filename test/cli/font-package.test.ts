// The Chinese and Korean fonts in a package of their own (muster-wargames-fonts-cjk, issue 50):
// where a run finds it, what a run without it refuses and says, and that with it a run prints
// the very bytes it printed when muster shipped the fonts itself.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { repo } from '../helpers/page.js';
import { FONT_PACKAGE, lazyFontPackage, noFontPackage, PACKAGE_FONTS, type FontPackage } from '../../src/cli/font-package.js';
import { CHECKOUT_FONT_PACKAGE, findFontPackage, fontPackagePlaces } from '../../src/cli/node-font-package.js';
import { FONT_PACKAGE_VERSION } from '../../src/cli/font-package-version.js';

const workdir = workdirs(afterEach);
const WANTED = FONT_PACKAGE_VERSION;
const NONE = noFontPackage(WANTED);
const KAMPFGRUPPE = readFileSync(path.join(repo, 'examples/forces/kampfgruppe-weber.yaml'), 'utf8');

/** A copy of the package in `dir` (its fonts linked to the checkout's), of `version`. */
function fontPackageIn(dir: string, version = WANTED): string {
  mkdirSync(path.join(dir, 'fonts'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: FONT_PACKAGE, version }));
  for (const file of Object.values(PACKAGE_FONTS)) symlinkSync(path.join(CHECKOUT_FONT_PACKAGE, file), path.join(dir, file));
  return dir;
}

/** A run's PDF, with the font package as `fontPackage` has it (the checkout's when not given). */
async function pdfOf(args: string[], cwd: string, name: string, fontPackage?: FontPackage) {
  const run = await muster([...args, '-o', name, '--quiet'], cwd, fontPackage ? { fontPackage } : {});
  return { ...run, pdf: existsSync(path.join(cwd, name)) ? readFileSync(path.join(cwd, name)) : undefined };
}

describe('a run whose font locator finds no CJK package', () => {
  it('refuses a Chinese name with exit 2, naming the option, the characters and what to install, and writes nothing', async () => {
    const cwd = workdir();
    const run = await muster(['scenario', 'bof', '--names', '张伟,Ben', '--seed', 'z'], cwd, { fontPackage: NONE });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^muster: --names \(printed in "[^"]*张伟[^"]*"\) needs the Chinese and Japanese font for "张" \(U\+5F20\), "伟" \(U\+4F1F\)$/m);
    expect(run.stderr).toContain(`a package of their own, ${FONT_PACKAGE}, which is not installed. Install it beside muster: npm install -g ${FONT_PACKAGE}@${WANTED} (or, where muster is installed in the folder you run it in, npm install ${FONT_PACKAGE}@${WANTED} there).`);
    expect(run.stderr).toMatch(/Nothing was written\.\n$/);
    // not even the out/ folder a PDF would have gone in
    expect(existsSync(path.join(cwd, 'out'))).toBe(false);
  });

  it('names the file and field a Korean force name was given in; --allow-missing-glyphs does not print it as boxes', async () => {
    const cwd = workdir({ 'f.yaml': KAMPFGRUPPE.replace('name: Kampfgruppe Weber', 'name: "한국 Kampfgruppe"') });
    for (const extra of [[], ['--allow-missing-glyphs']]) {
      const run = await muster(['cards', 'bof', '--force', 'f.yaml', '-o', 'c.pdf', ...extra], cwd, { fontPackage: NONE });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^muster: f\.yaml at name \(printed in "[^"]*한국 Kampfgruppe[^"]*"\) needs the Korean font for "한" \(U\+D55C\), "국" \(U\+AD6D\)$/m);
      expect(existsSync(path.join(cwd, 'c.pdf'))).toBe(false);
    }
  });

  it('a force read from standard input (--force -) is named too; with the package it prints', async () => {
    const cwd = workdir();
    const korean = new TextEncoder().encode(KAMPFGRUPPE.replace('name: Kampfgruppe Weber', 'name: "한국 Kampfgruppe"'));
    const readStdin = async () => korean;
    const refused = await muster(['cards', 'bof', '--force', '-', '-o', 'c.pdf'], cwd, { fontPackage: NONE, readStdin });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^muster: - at name \(printed in "[^"]*한국 Kampfgruppe[^"]*"\) needs the Korean font/m);
    const printed = await muster(['cards', 'bof', '--force', '-', '-o', 'c.pdf'], cwd, { fontPackage: lazyFontPackage(() => ({ kind: 'found', dir: CHECKOUT_FONT_PACKAGE })), readStdin });
    expect(printed.code, printed.stderr).toBe(0);
    expect(readFileSync(path.join(cwd, 'c.pdf')).toString('latin1')).toContain('NotoSansKR');
  });

  it('refuses the symbols muster draws from the Chinese font (★ ✓), and prints those of its own fonts as a run with the package does', async () => {
    const cwd = workdir();
    const star = await muster(['scenario', 'bof', '--names', '★ Red,Ben', '--seed', 'z', '-o', 'star.pdf'], cwd, { fontPackage: NONE });
    expect(star.code).toBe(2);
    expect(star.stderr).toMatch(/needs the Chinese and Japanese font for "★" \(U\+2605\)/);
    // ✠ ☠ 🎖: Noto Sans Symbols, Symbols 2 and Emoji, which muster-wargames ships
    const args = ['scenario', 'bof', '--names', '✠ Red ☠,Ben 🎖', '--seed', 'z'];
    const without = await pdfOf(args, cwd, 'without.pdf', NONE);
    const withIt = await pdfOf(args, cwd, 'with.pdf');
    expect(without.code, without.stderr).toBe(0);
    expect(Buffer.compare(without.pdf!, withIt.pdf!)).toBe(0);
  });

  it('still prints Latin text, byte for byte as with the package, and a Chinese name in JSON, which needs no font', async () => {
    const cwd = workdir();
    for (const args of [['tables', 'bof'], ['scenario', 'bof', '--names', 'Ann,Ben', '--seed', 'z'], ['cards', 'bof']]) {
      const without = await pdfOf(args, cwd, 'without.pdf', NONE);
      const withIt = await pdfOf(args, cwd, 'with.pdf');
      expect(without.code, `${args.join(' ')}: ${without.stderr}`).toBe(0);
      expect(Buffer.compare(without.pdf!, withIt.pdf!), args.join(' ')).toBe(0);
    }
    const json = await muster(['scenario', 'bof', '--names', '张伟,Ben', '--seed', 'z', '--format', 'json'], cwd, { fontPackage: NONE });
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toContain('张伟');
  });

  it('says which version to install when only another is found, and does not print with it', async () => {
    const club = workdir();
    const other = fontPackageIn(path.join(club, 'node_modules', FONT_PACKAGE), '0.9.0');
    const found = findFontPackage(fontPackagePlaces(path.join(workdir(), 'muster-wargames'), club, {}, '/no/node/bin/node', 'linux'), WANTED);
    expect(found).toEqual({ kind: 'other version', dir: other, version: '0.9.0', wanted: WANTED });
    const run = await muster(['scenario', 'bof', '--names', '张伟,Ben', '--seed', 'z', '-o', 'x.pdf'], club, { fontPackage: lazyFontPackage(() => found) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`the one at ${other} is version 0.9.0, and this muster prints with ${WANTED} only`);
    expect(run.stderr).toContain(`npm install -g ${FONT_PACKAGE}@${WANTED}`);
    expect(existsSync(path.join(club, 'x.pdf'))).toBe(false);
  });
});

describe('with the font package', () => {
  it('found in the club folder’s node_modules, prints Chinese and Korean as the checkout’s package does', async () => {
    const club = workdir();
    const dir = fontPackageIn(path.join(club, 'node_modules', FONT_PACKAGE));
    // muster installed elsewhere (no package beside it): found from the folder it runs in
    const elsewhere = path.join(workdir(), 'lib', 'node_modules', 'muster-wargames');
    const found = findFontPackage(fontPackagePlaces(elsewhere, club, {}, '/no/node/bin/node', 'linux'), WANTED);
    expect(found).toEqual({ kind: 'found', dir });
    const args = ['scenario', 'bof', '--names', '张伟 ✓,김민준', '--seed', 'z'];
    const inClub = await pdfOf(args, club, 'club.pdf', lazyFontPackage(() => found));
    const checkout = await pdfOf(args, club, 'checkout.pdf');
    expect(inClub.code, inClub.stderr).toBe(0);
    expect(Buffer.compare(inClub.pdf!, checkout.pdf!)).toBe(0);
    expect(inClub.pdf!.toString('latin1')).toContain('NotoSansHans');
    expect(inClub.pdf!.toString('latin1')).toContain('NotoSansKR');
  });

  it('is looked for where Node would: the checkout’s build, beside a global muster, up from the club folder, NODE_PATH, the global folder', () => {
    const prefix = path.join(path.sep, 'usr', 'local');
    const installRoot = path.join(prefix, 'lib', 'node_modules', 'muster-wargames');
    const places = fontPackagePlaces(installRoot, '/home/club/games', { NODE_PATH: '/opt/node' }, path.join(prefix, 'bin', 'node'), 'linux');
    expect(places[0]).toBe(path.join(installRoot, 'packages', 'fonts-cjk'));
    // beside muster in a global install, before the club folder's
    const beside = places.indexOf(path.join(prefix, 'lib', 'node_modules', FONT_PACKAGE));
    const inClub = places.indexOf(path.join('/home/club/games', 'node_modules', FONT_PACKAGE));
    expect(beside).toBeGreaterThan(0);
    expect(inClub).toBeGreaterThan(beside);
    expect(places).toContain(path.join('/home/club', 'node_modules', FONT_PACKAGE));
    expect(places).toContain(path.join('/opt/node', FONT_PACKAGE));
    // no node_modules/node_modules, and each place once
    expect(places.filter((p) => p.includes(`node_modules${path.sep}node_modules`))).toEqual([]);
    expect(new Set(places).size).toBe(places.length);
    // npm's prefix when npm runs muster (npx): its global folder too
    expect(fontPackagePlaces(installRoot, undefined, { npm_config_prefix: '/home/me/.npm-global' }, '/usr/bin/node', 'linux')).toContain(path.join('/home/me/.npm-global', 'lib', 'node_modules', FONT_PACKAGE));
  });

  it('a folder with the package.json but not its fonts (a checkout not built) is passed over', () => {
    const club = workdir();
    const unbuilt = path.join(club, 'a');
    mkdirSync(unbuilt);
    writeFileSync(path.join(unbuilt, 'package.json'), JSON.stringify({ name: FONT_PACKAGE, version: WANTED }));
    const built = fontPackageIn(path.join(club, 'b'));
    expect(findFontPackage([unbuilt, built], WANTED)).toEqual({ kind: 'found', dir: built });
    expect(findFontPackage([unbuilt], WANTED)).toEqual({ kind: 'none', wanted: WANTED });
  });

  it('is the version package.json names, an optional peer dependency, and the checkout’s build holds its fonts', () => {
    const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }> };
    const own = JSON.parse(readFileSync(path.join(repo, 'packages/fonts-cjk/package.json'), 'utf8')) as { name: string; version: string };
    expect(own.name).toBe(FONT_PACKAGE);
    expect(pkg.peerDependencies[FONT_PACKAGE]).toBe(own.version);
    expect(pkg.peerDependenciesMeta[FONT_PACKAGE]).toEqual({ optional: true });
    expect(findFontPackage([CHECKOUT_FONT_PACKAGE], WANTED)).toEqual({ kind: 'found', dir: CHECKOUT_FONT_PACKAGE });
  });
});
