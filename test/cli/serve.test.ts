// `muster serve` as a web site would probe it (issue 23, item 13): the page's own files only
// (Content-Security-Policy, no referrer), and only for the names of this machine it serves
// (a DNS-rebinding name is refused); `--host` for a club's network says what it opens.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { repo } from '../helpers/page.js';
import { muster } from '../helpers/cli.js';

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
function get(url: URL, path: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
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
