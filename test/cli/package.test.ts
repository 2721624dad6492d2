// The package as it is published (issue 50): muster-wargames, the command muster; nothing
// installed with it (the bundle carries what it runs); what it ships, and what it leaves out.
// .ci/try-package.sh installs the packed tarball in an empty folder and runs it as a user would.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { repo } from '../helpers/page.js';

let packed: string[] = [];
beforeAll(() => {
  const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { files: { path: string }[] }[];
  packed = pack!.files.map((f) => f.path);
}, 60_000);

const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as Record<string, unknown> & { dependencies?: Record<string, string>; bin: Record<string, string> };

describe('the package', () => {
  it('is muster-wargames, installs the command muster, and depends on nothing', () => {
    expect(pkg.name).toBe('muster-wargames');
    expect(pkg.bin).toEqual({ muster: 'bin/muster.js' });
    expect(Object.keys(pkg.dependencies ?? {})).toEqual([]);
    for (const field of ['repository', 'homepage', 'bugs', 'keywords', 'license']) expect(pkg[field], field).toBeTruthy();
  });

  it('asks for no package at run time: the bundle requires only Node and reads its fonts and renderer from dist/web', () => {
    const bundle = readFileSync(path.join(repo, 'dist/muster.cjs'), 'utf8');
    const required = new Set([...bundle.matchAll(/\b(?:require|__musterRequire)(?:\.resolve)?\(["']([^"']+)["']\)/g)].map((m) => m[1]!));
    const notNode = [...required].filter((name) => !name.startsWith('node:') && !builtinModules.includes(name));
    expect(notNode).toEqual([]);
    for (const font of bundle.matchAll(/join\(__dirname,"web","files","fonts","([^"]+)"\)/g)) expect(packed, font[1]).toContain(`dist/web/files/fonts/${font[1]}`);
    expect(packed).toContain('dist/web/files/resvg.wasm');
    expect(packed).toContain('dist/yargs/locales/en.json');
  });

  it('ships the licences: MIT at the root and in the page, the fonts\u2019 beside the fonts, the renderer\u2019s beside it', () => {
    expect(packed).toContain('LICENSE');
    expect(packed).toContain('dist/web/LICENSE.txt');
    expect(packed).toContain('dist/web/files/resvg.wasm.LICENSE.txt');
    const fonts = packed.filter((f) => /^dist\/web\/files\/fonts\/[^/]+\.(ttf|otf)$/.test(f));
    const licences = packed.filter((f) => /^dist\/web\/files\/fonts\/LICENSE-.*\.txt$/.test(f));
    // the Chinese and Korean fonts are muster-wargames-fonts-cjk's (below)
    expect(fonts.length).toBe(12);
    expect(licences.length).toBeGreaterThanOrEqual(6);
    for (const licence of licences) expect(readFileSync(path.join(repo, licence), 'utf8')).toMatch(/SIL Open Font License/);
  });

  it('leaves the Chinese and Korean fonts to muster-wargames-fonts-cjk, an optional peer dependency holding those four fonts and their licences alone', () => {
    expect(packed.filter((f) => /NotoSans(Hans|KR)|fonts-sc|noto-sans-kr|^packages\//.test(f))).toEqual([]);
    const peers = pkg as unknown as { peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }> };
    expect(Object.keys(peers.peerDependencies)).toEqual(['muster-wargames-fonts-cjk']);
    expect(peers.peerDependenciesMeta['muster-wargames-fonts-cjk']).toEqual({ optional: true });
    const [fonts] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', './packages/fonts-cjk'], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { name: string; version: string; files: { path: string }[] }[];
    expect(fonts!.name).toBe('muster-wargames-fonts-cjk');
    expect(fonts!.version).toBe(peers.peerDependencies['muster-wargames-fonts-cjk']);
    expect(fonts!.files.map((f) => f.path).sort()).toEqual([
      'LICENSE',
      'README.md',
      'fonts/LICENSE-fonts-sc.txt',
      'fonts/LICENSE-noto-sans-kr.txt',
      'fonts/NotoSansHans-Bold.otf',
      'fonts/NotoSansHans-Regular.otf',
      'fonts/NotoSansKR_400Regular.ttf',
      'fonts/NotoSansKR_700Bold.ttf',
      'package.json',
    ]);
    expect(readFileSync(path.join(repo, 'packages/fonts-cjk/LICENSE'), 'utf8')).toMatch(/SIL OPEN FONT LICENSE Version 1\.1/);
  }, 60_000);

  it('leaves out source maps, tsc output, sources, build scripts, tests and the brotli copies', () => {
    expect(packed.filter((f) => /\.map$|\.br$|^dist\/(cli|data|doc|engine|layout|render|systems|vocab)\/|^(src|scripts|test|bench|\.ci)\//.test(f))).toEqual([]);
  });

  it('ships the docs every help text and listing names, and the examples', async () => {
    const sources = await fg(['src/**/*.ts', 'data/**/*.yaml'], { cwd: repo });
    const named = new Set<string>();
    for (const file of sources) for (const m of readFileSync(path.join(repo, file), 'utf8').matchAll(/\bdocs\/([a-z0-9-]+\.md)\b/g)) named.add(`docs/${m[1]}`);
    expect(named.size).toBeGreaterThan(3);
    for (const doc of named) {
      expect(existsSync(path.join(repo, doc)), doc).toBe(true);
      expect(packed, doc).toContain(doc);
    }
    expect(packed).toContain('examples/openfire/us-rifle-platoon.yaml');
    expect(packed).toContain('examples/house-rule-set/skirmish/system.yaml');
  });

  it('gives the page PNG icons (192, 512, maskable), an id, an apple-touch-icon and a description', () => {
    const manifest = JSON.parse(readFileSync(path.join(repo, 'dist/web/manifest.webmanifest'), 'utf8')) as { id?: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest.id).toBeTruthy();
    const png = manifest.icons.filter((i) => i.type === 'image/png');
    expect(png.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of png) {
      const bytes = readFileSync(path.join(repo, 'dist/web', icon.src));
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      // the width in the PNG's header is the size the manifest says
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    const html = readFileSync(path.join(repo, 'dist/web/index.html'), 'utf8');
    expect(html).toMatch(/<link rel="apple-touch-icon" href="apple-touch-icon.png">/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}">/);
    expect(existsSync(path.join(repo, 'dist/web/apple-touch-icon.png'))).toBe(true);
  });
});
