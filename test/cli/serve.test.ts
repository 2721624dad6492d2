// `muster serve` as a web site would probe it (issue 23, item 13): the page's own files only
// (Content-Security-Policy, no referrer), and only for the names of this machine it serves
// (a DNS-rebinding name is refused); `--host` for a club's network says what it opens.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { repo } from '../helpers/page.js';
import { muster } from '../helpers/cli.js';
import { encodingsTaken, packageFontAddresses, startServer } from '../../src/cli/commands/serve.js';

interface Served {
  child: ChildProcess;
  url: URL;
  stderr: () => string;
}

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGTERM');
});

async function serve(...extra: string[]): Promise<Served> {
  const child = spawn(process.execPath, ['bin/muster.js', 'serve', '--port', '0', ...extra], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let said = '';
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += String(chunk)));
  const url = await new Promise<URL>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      said += String(chunk);
      const found = /^muster is at (http:\/\/\S+\/) — Ctrl-C stops it$/m.exec(said);
      if (found) resolve(new URL(found[1]!));
    });
    child.once('exit', (code) => reject(new Error(`muster serve stopped (${code}): ${errors}`)));
  });
  return { child, url, stderr: () => errors };
}

/** A GET with the Host header a browser would send for `host` (and any other headers). */
function get(url: URL, path: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('muster serve', () => {
  it('sends a Content-Security-Policy of the page’s own files and no referrer, on pages and refusals', async () => {
    const { url } = await serve();
    const host = `127.0.0.1:${url.port}`;
    for (const [path, status] of [['/', 200], ['/muster.js', 200], ['/muster.css', 200], ['/nothing-here', 404]] as const) {
      const got = await get(url, path, host);
      expect(got.status, path).toBe(status);
      const csp = String(got.headers['content-security-policy']);
      expect(csp).toMatch(/(^|; )default-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|; )script-src 'self'( 'unsafe-eval')?(;|$)/);
      expect(csp).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(csp).not.toContain('unsafe-inline');
      expect(got.headers['referrer-policy']).toBe('no-referrer');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await get(url, '/muster.css', host)).headers['content-type']).toBe('text/css; charset=utf-8');
    // the page has no inline script or style for the policy to refuse
    const html = (await get(url, '/', host)).body;
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('tells the page its public address (--public-url) in the list of its files, for the links rosters print; refuses a bad one', async () => {
    const plain = await serve();
    const listed = JSON.parse((await get(plain.url, '/files/index.json', `127.0.0.1:${plain.url.port}`)).body) as { publicUrl?: string; pack: unknown };
    expect(listed.publicUrl).toBeUndefined();
    const { url } = await serve('--public-url', 'https://club.example/muster/#x');
    const got = await get(url, '/files/index.json', `127.0.0.1:${url.port}`);
    const manifest = JSON.parse(got.body) as { publicUrl?: string; pack: unknown };
    expect(manifest.publicUrl).toBe('https://club.example/muster/');
    // the rest as built, and tagged by what is sent
    expect(manifest.pack).toEqual(listed.pack);
    expect((await get(url, '/files/index.json', `127.0.0.1:${url.port}`, { 'if-none-match': String(got.headers['etag']) })).status).toBe(304);
    const refused = await muster(['serve', '--port', '0', '--public-url', 'file:///etc/passwd'], repo);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--public-url: "file:///etc/passwd" is not a web address (http or https)');
  });

  it('tags each file by its content and answers a browser holding the same bytes with 304 and no body, so it keeps its compiled code', async () => {
    const { url } = await serve();
    const host = `127.0.0.1:${url.port}`;
    const first = await get(url, '/muster.js', host);
    const tag = String(first.headers['etag']);
    expect(tag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(url, '/muster.js', host, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(tag);
    expect(again.headers['content-security-policy']).toBeDefined();
    // another file's tag, or a tag of changed bytes, gets the file
    const css = await get(url, '/muster.css', host, { 'if-none-match': tag });
    expect(css.status).toBe(200);
    expect(css.body.length).toBeGreaterThan(100);
  });

  it('sends the copies the build stored compressed, as the browser takes them: brotli over https, gzip over http, else the file; each its own tag', async () => {
    const { url } = await serve();
    const host = `127.0.0.1:${url.port}`;
    const file = readFileSync(path.join(repo, 'dist/web/run-worker.js'));
    // what chromium asks over https, and over plain http (a club's network)
    const br = await get(url, '/run-worker.js', host, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(brotliDecompressSync(br.bytes), file)).toBe(0);
    expect(br.bytes.length).toBeLessThan(file.length / 3);
    const gz = await get(url, '/run-worker.js', host, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(gunzipSync(gz.bytes), file)).toBe(0);
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0, *;q=0']) {
      const plain = await get(url, '/run-worker.js', host, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(plain.headers['content-encoding'], accept).toBeUndefined();
      expect(Buffer.compare(plain.bytes, file), accept).toBe(0);
    }
    // a cache in between keeps one copy for each, by the header that chose it
    for (const got of [br, gz]) expect(got.headers['vary']).toBe('accept-encoding');
    const tags = new Set([br, gz, await get(url, '/run-worker.js', host)].map((r) => r.headers['etag']));
    expect(tags.size).toBe(3);
    const again = await get(url, '/run-worker.js', host, { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers['etag']) });
    expect(again.status).toBe(304);
    // every file the page fetches has both copies, the same bytes when opened, but those over
    // 2 MB fetched only by a run that needs one (the renderer; the Chinese and Korean fonts,
    // which the page's folder does not hold: their package's are sent)
    const web = path.join(repo, 'dist/web');
    const files = await fg(['**/*'], { cwd: web, ignore: ['**/*.map', '**/*.br', '**/*.gz'] });
    expect(files.length).toBeGreaterThan(50);
    const apart = (JSON.parse(readFileSync(path.join(web, 'files/index.json'), 'utf8')) as { files: { path: string; size: number; lazy?: boolean }[] }).files;
    const large = apart.filter((f) => f.lazy && f.size > 2 * 1024 * 1024).map((f) => f.path.replace(/^\/muster\//, 'files/'));
    expect(large.sort()).toEqual(['files/fonts/NotoSansHans-Bold.otf', 'files/fonts/NotoSansHans-Regular.otf', 'files/fonts/NotoSansKR_400Regular.ttf', 'files/fonts/NotoSansKR_700Bold.ttf', 'files/resvg.wasm']);
    for (const name of large) expect(existsSync(path.join(web, `${name}.gz`)) || existsSync(path.join(web, `${name}.br`)), name).toBe(false);
    for (const name of large.filter((f) => f.startsWith('files/fonts/'))) {
      expect(existsSync(path.join(web, name)), name).toBe(false);
      const font = await get(url, `/${name}`, host, { 'accept-encoding': 'gzip, br' });
      expect(font.status, name).toBe(200);
      expect(font.headers['content-encoding'], name).toBeUndefined();
      expect(Buffer.compare(font.bytes, readFileSync(path.join(repo, 'packages/fonts-cjk', name.replace(/^files\//, '')))), name).toBe(0);
    }
    for (const name of files.filter((f) => !large.includes(f))) {
      const bytes = readFileSync(path.join(web, name));
      expect(Buffer.compare(gunzipSync(readFileSync(path.join(web, `${name}.gz`))), bytes), name).toBe(0);
      expect(Buffer.compare(brotliDecompressSync(readFileSync(path.join(web, `${name}.br`))), bytes), name).toBe(0);
    }
  });

  it('sends the Chinese and Korean fonts from their package where it is found, at the addresses the page asks; without it, 404', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'muster-serve-'));
    writeFileSync(path.join(root, 'index.html'), '<p>page</p>');
    const fonts = path.join(repo, 'packages/fonts-cjk/fonts');
    const addresses = packageFontAddresses({ regular: '/elsewhere/R.ttf', cjk: path.join(fonts, 'NotoSansHans-Regular.otf'), korean: path.join(fonts, 'NotoSansKR_400Regular.ttf') });
    // the package's fonts only, by the page's addresses for them
    expect([...addresses.keys()].sort()).toEqual(['/files/fonts/NotoSansHans-Regular.otf', '/files/fonts/NotoSansKR_400Regular.ttf']);
    for (const [given, status] of [[addresses, 200], [new Map<string, string>(), 404]] as const) {
      const server = await startServer(root, 0, undefined, undefined, given);
      try {
        const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
        const got = await get(url, '/files/fonts/NotoSansKR_400Regular.ttf', `127.0.0.1:${url.port}`);
        expect(got.status).toBe(status);
        if (status === 200) expect(Buffer.compare(got.bytes, readFileSync(path.join(fonts, 'NotoSansKR_400Regular.ttf')))).toBe(0);
        // nothing else of the package's folder, nor anything else at all
        expect((await get(url, '/files/fonts/LICENSE-noto-sans-kr.txt', `127.0.0.1:${url.port}`)).status).toBe(404);
      } finally {
        server.close();
      }
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('picks a stored copy by its content, not its time: a copy older than its file (as npm unpacks them) is sent when it opens to the same bytes; a file changed since the build is sent as it now is; a copy that is a link never', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'muster-serve-'));
    writeFileSync(path.join(root, 'index.html'), '<p>page</p>');
    writeFileSync(path.join(root, 'app.js'), 'old');
    writeFileSync(path.join(root, 'app.js.gz'), gzipSync('old'));
    writeFileSync(path.join(root, 'app.js.br'), 'not brotli at all');
    // the copy a minute older than its file, as npm's extraction leaves most of them
    const then = Date.now() / 1000 - 60;
    utimesSync(path.join(root, 'app.js.gz'), then, then);
    const server = await startServer(root, 0);
    try {
      const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const host = `127.0.0.1:${url.port}`;
      const unpacked = await get(url, '/app.js', host, { 'accept-encoding': 'gzip, br' });
      // the brotli copy opens to nothing: the gzip one, older but the same bytes, is sent
      expect(unpacked.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(unpacked.bytes).toString()).toBe('old');
      writeFileSync(path.join(root, 'app.js'), 'new');
      const got = await get(url, '/app.js', host, { 'accept-encoding': 'gzip' });
      expect(got.headers['content-encoding']).toBeUndefined();
      expect(got.body).toBe('new');
      // a copy newer than its file but of other bytes is not sent either
      writeFileSync(path.join(root, 'app.js.gz'), gzipSync('newer'));
      const other = await get(url, '/app.js', host, { 'accept-encoding': 'gzip' });
      expect(other.headers['content-encoding']).toBeUndefined();
      expect(other.body).toBe('new');
      // a copy that is a link, even to the right bytes, is not followed out of the folder
      const outside = mkdtempSync(path.join(tmpdir(), 'muster-outside-'));
      writeFileSync(path.join(outside, 'secret.gz'), gzipSync('new'));
      rmSync(path.join(root, 'app.js.gz'));
      symlinkSync(path.join(outside, 'secret.gz'), path.join(root, 'app.js.gz'));
      const linked = await get(url, '/app.js', host, { 'accept-encoding': 'gzip' });
      expect(linked.headers['content-encoding']).toBeUndefined();
      expect(linked.body).toBe('new');
      rmSync(outside, { recursive: true, force: true });
      // a copy of the file's bytes is sent
      rmSync(path.join(root, 'app.js.gz'));
      writeFileSync(path.join(root, 'app.js.gz'), gzipSync('new'));
      const fresh = await get(url, '/app.js', host, { 'accept-encoding': 'gzip' });
      expect(fresh.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(fresh.bytes).toString()).toBe('new');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(encodingsTaken('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(encodingsTaken('gzip, deflate')).toEqual(['gzip']);
    expect(encodingsTaken('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(encodingsTaken('*')).toEqual(['br', 'gzip']);
    expect(encodingsTaken('*;q=0, gzip')).toEqual(['gzip']);
    expect(encodingsTaken('GZIP ; q=1.0')).toEqual(['gzip']);
    expect(encodingsTaken(undefined)).toEqual([]);
    expect(encodingsTaken('identity')).toEqual([]);
  });

  it('answers only for this machine’s names at its port: another name (DNS rebinding) is refused', async () => {
    const { url } = await serve();
    for (const host of [`127.0.0.1:${url.port}`, `localhost:${url.port}`, `LOCALHOST:${url.port}`, `[::1]:${url.port}`]) {
      expect((await get(url, '/', host)).status, host).toBe(200);
    }
    for (const host of [`evil.example:${url.port}`, 'evil.example', `127.0.0.1:${Number(url.port) + 1}`, '127.0.0.1', `localhost.evil.example:${url.port}`]) {
      const got = await get(url, '/', host);
      expect(got.status, host).toBe(421);
      expect(got.body).toBe('muster serves this page only at the address it printed\n');
      expect(got.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    // no Host at all (HTTP/1.0): no name of this machine either
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.end('GET / HTTP/1.0\r\n\r\n'));
      let said = '';
      socket.on('data', (chunk: Buffer) => (said += String(chunk)));
      socket.on('end', () => resolve(said));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.[01] 421 /);
  });

  it('serves a club’s network at --host, saying plainly what that opens', async () => {
    // 127.0.0.2 is this machine too (all of 127/8 is loopback on Linux): a stand-in for a LAN address
    const { url, stderr } = await serve('--host', '127.0.0.2');
    expect(url.hostname).toBe('127.0.0.2');
    expect(stderr()).toBe(`muster: the page is open to your network: anyone on your network who can reach 127.0.0.2:${url.port} can use the page; it reads no files of yours beyond the page.\n`);
    expect((await get(url, '/', `127.0.0.2:${url.port}`)).status).toBe(200);
    expect((await get(url, '/', `evil.example:${url.port}`)).status).toBe(421);
  });

  it('refuses a --host that is every address or no address', async () => {
    const every = await muster(['serve', '--port', '0', '--host', '0.0.0.0'], repo);
    expect(every.code).toBe(2);
    expect(every.stderr).toMatch(/--host 0\.0\.0\.0: give this machine's own address on your network/);
    const odd = await muster(['serve', '--port', '0', '--host', 'a b'], repo);
    expect(odd.code).toBe(2);
    expect(odd.stderr).toMatch(/--host "a b": give this machine's address on your network/);
  });
});
