import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { lstat, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { GenerateError, UsageError } from '../../errors.js';
import type { CliIo } from '../io.js';
import { INSTALL_ROOT } from '../install-root.js';
import { publicAddress } from '../public-url.js';
import { hostAddress, isEveryAddress } from '../host-address.js';
import { PACKAGE_FONTS } from '../font-package.js';

export interface ServeArgs {
  port: number;
  /** an address of this machine on the club's network, to serve the page there too */
  host?: string;
  /** the address others reach the page at: the page's rosters print links to it */
  publicUrl?: string;
}

/** The page's list of its files, which says where a printed link should point. */
const MANIFEST = `files${path.sep}index.json`;

/**
 * What the page may load and where it may be shown: its own files only. No inline script or
 * style, so a link cannot slip any in, and no eval: the page's own script turns no text into
 * code. The PDF preview is a blob: frame.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "frame-src blob:",
  "object-src blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The policy of the worker that runs the command line (run-worker.js), which a worker takes
 * from its script's own answer, not from the page: 'unsafe-eval' is Handlebars' (the text
 * templates, the build's and a player's house rules, become functions, and Handlebars has no
 * way to fill a template but a function made from text). Its own files only, as the page.
 */
export const WORKER_POLICY = ["default-src 'self'", "script-src 'self' 'unsafe-eval'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');

/** The worker's script, the one answer sent with WORKER_POLICY. */
const WORKER_SCRIPT = 'run-worker.js';

/** Headers on every answer, the refusals too. */
const HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
};

/** The names a browser on this machine uses for it. */
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** An address as a Host header names it: an IPv6 one in brackets. */
const hostName = (address: string) => (address.includes(':') && !address.startsWith('[') ? `[${address}]` : address).toLowerCase();

/**
 * The Host headers the server answers: another name pointing at 127.0.0.1 (DNS rebinding)
 * would let a web site read the page through the player's browser.
 */
export function allowedHosts(port: number, extra?: string): Set<string> {
  const names = [...LOOPBACK, ...(extra ? [hostName(extra)] : [])];
  return new Set(names.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`])));
}

/** The page's folder, built by `npm run build` (scripts/build-web.js). */
export const WEB_ROOT = path.join(INSTALL_ROOT, 'dist', 'web', path.sep);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.yaml': 'text/plain; charset=utf-8',
  '.yml': 'text/plain; charset=utf-8',
  '.hbs': 'text/plain; charset=utf-8',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
};

/** The compressed copies the build stores beside each file (scripts/build-web.js), the smaller first. */
const STORED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof STORED)[number]['encoding'];
/** A file's bytes as sent, and their encoding where they are a stored copy. */
interface Sent {
  body: Buffer;
  encoding?: Encoding;
}

/**
 * The stored encodings a browser takes, by its Accept-Encoding, the smaller first. A browser
 * asks for brotli over https alone; over plain http, as on a club's network, it takes gzip.
 */
export function encodingsTaken(accept: string | undefined): Encoding[] {
  const quality = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name = '', ...params] = part.toLowerCase().split(';').map((p) => p.trim());
    const q = params.map((p) => /^q=([0-9.]+)$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) quality.set(name, q === undefined ? 1 : Number(q));
  }
  const taken = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  return STORED.filter(({ encoding }) => taken(encoding)).map(({ encoding }) => encoding);
}

/** A file's identity on disk: a copy rewritten, replaced or unpacked anew gets another. */
const stampOf = (stats: { dev: number; ino: number; size: number; mtimeMs: number; ctimeMs: number }) => `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;

/** Whether a stored copy opens to its file's bytes, by the two files' stamps: each pair is opened once. */
const sameContent = new Map<string, boolean>();

/** The copy's bytes opened as `encoding` says (once per copy: a few ms for the largest). */
const OPEN: Record<Encoding, (bytes: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };

/**
 * The file as it is sent: its copy in the first encoding the browser takes, where the build
 * stored one that opens to the file's very bytes (a file changed since the build is sent as it
 * now is). Decided by content, not by modification times, which an unpacking (npm's, a copy
 * to a host) sets as it likes; each copy is opened and compared once, then known by the two
 * files' stamps. A copy that is a link is never followed: it could lead out of the page's folder.
 */
async function encodedBody({ file, stamp }: Served, taken: readonly Encoding[]): Promise<Sent> {
  let body: Buffer | undefined;
  for (const { encoding, suffix } of STORED) {
    if (!taken.includes(encoding)) continue;
    const copy = await lstat(file + suffix).catch(() => undefined);
    if (!copy?.isFile()) continue;
    const key = `${file}${suffix}\0${stamp}\0${stampOf(copy)}`;
    const encoded = await readFile(file + suffix);
    let same = sameContent.get(key);
    if (same === undefined) {
      body ??= await readFile(file);
      let opened: Buffer | undefined;
      try {
        opened = OPEN[encoding](encoded);
      } catch {
        // damaged or no such copy at all: the file is sent
      }
      same = opened !== undefined && opened.equals(body);
      sameContent.set(key, same);
    }
    if (same) return { body: encoded, encoding };
  }
  return { body: body ?? (await readFile(file)) };
}

/** A file the server sends: its real path, and its stamp (see stampOf). */
interface Served {
  file: string;
  stamp: string;
}

/** The file under `root` a request names, or undefined when it names none or leads outside. */
async function fileFor(root: string, url: string): Promise<Served | undefined> {
  let rel: string;
  try {
    rel = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  if (rel.includes('\0')) return undefined;
  const file = path.join(root, rel.endsWith('/') ? `${rel}index.html` : rel);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  // a link inside the folder may not lead out of it either
  const real = await realpath(file).catch(() => undefined);
  if (!real || !real.startsWith(root + path.sep)) return undefined;
  const found = await stat(real);
  return found.isFile() ? { file: real, stamp: stampOf(found) } : undefined;
}

/**
 * The fonts of muster-wargames-fonts-cjk where the command line finds the package, by the
 * address the page asks for them at (files/fonts/NotoSansHans-Regular.otf): the page's folder
 * lists them but does not hold them. None when the package is not installed: the page then
 * gets a 404 and says what to install.
 */
export function packageFontAddresses(fonts: Readonly<Record<string, string | undefined>>): Map<string, string> {
  const found = new Map<string, string>();
  for (const key of Object.keys(PACKAGE_FONTS)) {
    const file = fonts[key];
    if (file) found.set(`/files/fonts/${path.basename(file)}`, file);
  }
  return found;
}

/** A font of the package a request names, when the page's folder has no file there. */
async function packageFontFor(fonts: ReadonlyMap<string, string>, url: string): Promise<Served | undefined> {
  let rel: string;
  try {
    rel = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  const file = fonts.get(rel);
  if (!file) return undefined;
  const found = await stat(file).catch(() => undefined);
  return found?.isFile() ? { file, stamp: stampOf(found) } : undefined;
}

/** Starts the server on 127.0.0.1 (or `host`); resolves once it listens. */
export async function startServer(root: string, port: number, host?: string, publicUrl?: string, packageFonts: ReadonlyMap<string, string> = new Map()): Promise<Server> {
  const realRoot = await realpath(root);
  // known once listening: port 0 picks one
  let allowed = new Set<string>();
  const server = createServer((req, res) => {
    if (!allowed.has((req.headers.host ?? '').toLowerCase())) {
      res.writeHead(421, { ...HEADERS, 'content-type': 'text/plain; charset=utf-8' }).end('muster serves this page only at the address it printed\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...HEADERS, allow: 'GET, HEAD' }).end();
      return;
    }
    fileFor(realRoot, req.url ?? '/')
      .then(async (served) => served ?? (await packageFontFor(packageFonts, req.url ?? '/')))
      .then(async (served) => {
        if (!served) {
          res.writeHead(404, { ...HEADERS, 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
          return;
        }
        // the manifest says where links point: the page's rosters print them (--public-url)
        const { file } = served;
        const { body, encoding }: Sent =
          publicUrl !== undefined && file === path.join(realRoot, MANIFEST) ? { body: withPublicUrl(await readFile(file), publicUrl) } : await encodedBody(served, encodingsTaken(req.headers['accept-encoding']));
        // a tag of the bytes sent: each encoding of a file has its own
        const tag = `"${createHash('sha1').update(body).digest('hex')}"`;
        const kept = { etag: tag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
        // a 304's headers replace those the browser kept: the worker's policy goes on it too
        const own = file === path.join(realRoot, WORKER_SCRIPT) ? { ...HEADERS, 'content-security-policy': WORKER_POLICY } : HEADERS;
        if (req.headers['if-none-match'] === tag) {
          res.writeHead(304, { ...kept, ...own }).end();
          return;
        }
        res.writeHead(200, {
          ...kept,
          'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
          'content-length': body.length,
          ...(encoding ? { 'content-encoding': encoding } : {}),
          ...own,
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, HEADERS).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  allowed = allowedHosts(typeof address === 'object' && address ? address.port : port, host);
  return server;
}

/** The manifest with the public address in it, for the page to print in links. */
function withPublicUrl(manifest: Buffer, publicUrl: string): Buffer {
  const parsed = JSON.parse(manifest.toString('utf8')) as Record<string, unknown>;
  return Buffer.from(`${JSON.stringify({ ...parsed, publicUrl }, null, 1)}\n`);
}

/** `muster serve`: the page on localhost until Ctrl-C. */
export async function runServe(args: ServeArgs, io: CliIo): Promise<number> {
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new UsageError(`--port${Number.isNaN(args.port) ? ' (not a number)' : ` ${args.port}`}: give a port number from 0 to 65535 (0 picks a free one)`);
  const index = await stat(path.join(WEB_ROOT, 'index.html')).catch(() => undefined);
  if (!index) throw new GenerateError(`the page is not built (${WEB_ROOT} has no index.html); run npm run build`);
  const address = args.host === undefined ? undefined : hostAddress(args.host);
  if (args.host !== undefined && !address) throw new UsageError(`--host ${JSON.stringify(args.host)}: give this machine's address on your network, such as 192.168.1.20`);
  // every address at once has no one name for the browser to give: the Host check needs one.
  // Decided on the address as the resolver will read it, whatever its spelling (0x0, ::0)
  const every = (canonical: string) => {
    const given = args.host!.trim();
    return new UsageError(`--host ${given}${given === canonical ? '' : ` (that is ${canonical})`}: give this machine's own address on your network (such as 192.168.1.20), not every address at once`);
  };
  if (address?.every) throw every(address.listen);
  const host = address?.listen;
  const publicUrl = args.publicUrl === undefined ? undefined : publicAddress(args.publicUrl);
  let server: Server;
  try {
    server = await startServer(WEB_ROOT, args.port, host, publicUrl, packageFontAddresses(io.files.places.fonts));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`--port ${args.port}: the port is in use; give another, or --port 0 for a free one`);
    if (code === 'EACCES') throw new UsageError(`--port ${args.port}: this user may not listen there; use a port above 1023`);
    if (host !== undefined && (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')) throw new UsageError(`--host ${host}: not an address of this machine; give its address on your network, such as 192.168.1.20`);
    throw error;
  }
  const bound = server.address();
  if (host !== undefined && typeof bound === 'object' && bound && isEveryAddress(bound.address)) {
    // a name that resolves to every address
    server.close();
    throw every(bound.address);
  }
  const port = typeof bound === 'object' && bound ? bound.port : args.port;
  if (host !== undefined) {
    io.stderr.write(`muster: the page is open to your network: anyone on your network who can reach ${hostName(host)}:${port} can use the page; it reads no files of yours beyond the page.\n`);
  }
  io.stdout.write(`muster is at http://${host === undefined ? '127.0.0.1' : hostName(host)}:${port}/ — Ctrl-C stops it\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      server.close(() => resolve());
      server.closeAllConnections();
    };
    if (io.signal?.aborted) stop();
    else io.signal?.addEventListener('abort', stop, { once: true });
  });
  return 0;
}
