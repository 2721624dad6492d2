import { createServer, type Server } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { GenerateError, UsageError } from '../../errors.js';
import type { CliIo } from '../io.js';
import { INSTALL_ROOT } from '../install-root.js';

export interface ServeArgs {
  port: number;
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
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

/** The file under `root` a request names, or undefined when it names none or leads outside. */
async function fileFor(root: string, url: string): Promise<string | undefined> {
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
  return (await stat(real)).isFile() ? real : undefined;
}

/** Starts the server on 127.0.0.1; resolves once it listens. */
export async function startServer(root: string, port: number): Promise<Server> {
  const realRoot = await realpath(root);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    fileFor(realRoot, req.url ?? '/')
      .then(async (file) => {
        if (!file) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
          return;
        }
        const body = await readFile(file);
        res.writeHead(200, {
          'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
          'content-length': body.length,
          'cache-control': 'no-cache',
          'x-content-type-options': 'nosniff',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** `muster serve`: the page on localhost until Ctrl-C. */
export async function runServe(args: ServeArgs, io: CliIo): Promise<number> {
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new UsageError(`--port${Number.isNaN(args.port) ? ' (not a number)' : ` ${args.port}`}: give a port number from 0 to 65535 (0 picks a free one)`);
  const index = await stat(path.join(WEB_ROOT, 'index.html')).catch(() => undefined);
  if (!index) throw new GenerateError(`the page is not built (${WEB_ROOT} has no index.html); run npm run build`);
  let server: Server;
  try {
    server = await startServer(WEB_ROOT, args.port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`--port ${args.port}: the port is in use; give another, or --port 0 for a free one`);
    if (code === 'EACCES') throw new UsageError(`--port ${args.port}: this user may not listen there; use a port above 1023`);
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : args.port;
  io.stdout.write(`muster is at http://127.0.0.1:${port}/ — Ctrl-C stops it\n`);
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
