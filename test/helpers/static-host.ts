// Any static host: a plain file server (no ETag, no policy, no compressed copies, no muster)
// serving a copy of dist/web under a folder of its site, as a club's web space would.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface StaticHost {
  /** the page's address: the host and the folder */
  base: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** `root` served at `folder` ("/" for the site's root) on a free port of this machine. */
export function staticHost(root: string, folder = '/'): Promise<StaticHost> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    // the folder's address without its slash is sent on to it, as GitHub Pages and Apache do
    if (`${pathname}/` === folder) return void res.writeHead(301, { location: folder }).end();
    if (!pathname.startsWith(folder)) return void res.writeHead(404).end();
    let file = path.join(root, pathname.slice(folder.length));
    if (file.endsWith(path.sep) || pathname === folder) file = path.join(file, 'index.html');
    if (!file.startsWith(root) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `http://127.0.0.1:${port}${folder}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            // a connection a page or its service worker still holds open would hold close up past
            // the test's time, and hide a failure the test met before it
            server.closeAllConnections();
          }),
      });
    }),
  );
}
