import path from 'node:path';
import type { DocumentNode } from '../doc/model.js';
import { checkInterrupted } from '../errors.js';
import { layoutDocument } from '../layout/pages.js';
import { renderMarkdown } from '../render/markdown.js';
import { renderPdf } from '../render/pdf-surface.js';
import type { CliIo } from './io.js';
import { prepareOutput } from './io.js';
import type { Format } from './options.js';

export interface EmitOptions {
  format: Format;
  /** what --format json prints, when it is the engine's result rather than the document */
  json?: string;
  out?: string;
  quiet: boolean;
  /** file name under out/ when -o is not given, without extension */
  defaultName: string;
}

/**
 * Writes a built document in the requested format. A PDF goes to -o or to out/; JSON and
 * Markdown go to stdout unless -o is given. The output path is checked before any work, and
 * files are written whole or not at all.
 */
export async function emitDocument(input: DocumentNode | DocumentNode[], options: EmitOptions, io: CliIo): Promise<void> {
  const docs = Array.isArray(input) ? input : [input];
  const target =
    options.out !== undefined
      ? path.resolve(io.cwd, options.out)
      : options.format === 'pdf'
        ? path.resolve(io.cwd, 'out', `${options.defaultName}.pdf`)
        : undefined;
  if (target) await prepareOutput(target, options.out !== undefined ? '-o/--out' : 'output', options.out === undefined);

  let data: string | Uint8Array;
  let pages: number | undefined;
  switch (options.format) {
    case 'json':
      data = options.json ?? `${JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2)}\n`;
      break;
    case 'md':
      data = docs.map(renderMarkdown).join('\n\n---\n\n');
      break;
    case 'pdf': {
      // several packets go into one PDF, each numbered on its own
      const placed = docs.map(layoutDocument);
      const all = { meta: placed[0]!.meta, pages: placed.flatMap((p) => p.pages) };
      pages = all.pages.length;
      data = await renderPdf(all);
      break;
    }
  }

  // Ctrl-C during layout or rendering: stop before anything reaches the disk or stdout
  checkInterrupted(io.signal);
  if (!target) {
    io.stdout.write(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'));
    return;
  }
  await io.writeFile(target, data);
  if (!options.quiet) {
    const shown = path.relative(io.cwd, target) || target;
    io.stderr.write(`Wrote ${shown.startsWith('..') ? target : shown}${pages ? ` (${pages} ${pages === 1 ? 'page' : 'pages'})` : ''}\n`);
  }
}
