import path from 'node:path';
import type { BookletNode, DocumentNode, PrintSettings } from '../doc/model.js';
import { bookletWithHouseRules, withHouseRules } from '../doc/document-meta.js';
import { checkInterrupted, GenerateError, UsageError } from '../errors.js';
import { renderBookletMarkdown, renderMarkdown } from '../render/markdown.js';
import type { MissingGlyphs, PlacedDocument, PlacedPage, WantingGlyphs } from '../layout/primitives.js';
import type { PdfStream } from '../render/pdf-surface.js';
import { readWholeFile, type Files } from '../data/files.js';
import type { ImageArchive } from '../render/image-archive.js';
import type { CliIo, FileWriter } from './io.js';
import type { RunInput } from './io.js';
import type { Format } from './options.js';
import { FontPackageError, typedInFiles } from './font-package.js';
import { BUILTIN_DATA_DIR } from './builtin-dir.js';

/** The refusal of texts that need the font package, naming the files and fields they were given in. */
async function fontPackageRefusal(texts: readonly WantingGlyphs[], io: CliIo, inputs: readonly RunInput[]): Promise<FontPackageError> {
  const typedAt = await typedInFiles(texts, inputs, io.files, io.cwd, [BUILTIN_DATA_DIR]);
  return new FontPackageError(texts, io.fontPackage?.found, typedAt);
}

export interface EmitOptions {
  format: Format;
  /** what --format json prints, when it is the engine's result rather than the document */
  json?: string;
  out?: string;
  quiet: boolean;
  /**
   * file name under out/ when -o is not given, without extension; a function when the name
   * depends on what is rolled (it is asked once, after the first document)
   */
  defaultName: string | (() => string);
  /** show a bar while the pages of a long document are drawn (not for batches, which count packets) */
  pageProgress?: boolean;
  /** the files and folders this run reads: -o may never land on one of them */
  inputs?: readonly RunInput[];
  /** a character no embedded font can draw is a warning rather than a refusal */
  allowMissingGlyphs?: boolean;
  /** --no-backs and --ink: carried on each document's meta to layout */
  print?: PrintSettings;
  /**
   * a zip of PNG images, a page each, instead of a PDF (a print shop's, --shop mpc), with text
   * files beside them; the format stays pdf, whose pages they are
   */
  images?: { dpi: number; texts: Readonly<Record<string, string>> };
  /**
   * house folders every document of the run names in its footers (a scenario's or campaign's:
   * its dice may read any of the rule set's data); a document also names those whose marks it shows
   */
  house?: readonly string[];
}

/** The document with the run's print settings on its meta (unchanged when there are none). */
function withPrint(doc: DocumentNode, print: PrintSettings | undefined): DocumentNode {
  return print === undefined ? doc : { ...doc, meta: { ...doc.meta, print: { ...doc.meta.print, ...print } } };
}

/** A booklet with the run's print settings on its meta and on every part's. */
function bookletWithPrint(booklet: BookletNode, print: PrintSettings | undefined): BookletNode {
  if (print === undefined) return booklet;
  return { ...booklet, meta: withPrint({ meta: booklet.meta, sheets: [] }, print).meta, parts: booklet.parts.map((part) => ({ ...part, doc: withPrint(part.doc, print) })) };
}

/** Fewer pages than this are drawn before a bar would be seen. */
const PAGES_WORTH_A_BAR = 8;

/** Where documents go, one at a time: a PDF is written as it is drawn. */
export interface DocumentOutput {
  add(doc: DocumentNode): Promise<void>;
  /** a booklet: one PDF with a cover and contents, its pages numbered through */
  addBooklet(booklet: BookletNode): Promise<void>;
  /** a PDF's pages as laid out already, with a call after each page is written */
  addPlaced(placed: PlacedDocument, onPage?: () => void): Promise<void>;
  /** text printed or written in place of the documents (--format json of an engine's result) */
  setJson(json: string): void;
}

/**
 * Opens the output, hands it to `produce`, and finishes it: the file appears whole when
 * `produce` succeeds and nothing is left when it fails or Ctrl-C stops it. A PDF goes to -o or
 * to out/; JSON and Markdown go to stdout unless -o is given. The output path is checked
 * before any work.
 */
export async function withOutput(options: EmitOptions, io: CliIo, produce: (output: DocumentOutput) => Promise<void>): Promise<void> {
  // -o -: standard output, the PDF's (or zip's) bytes and nothing else; text as without -o
  const toStdout = options.out === STDOUT;
  const bytesOut = toStdout && options.format === 'pdf' ? stdoutBytes(io) : undefined;
  const given = options.out !== undefined && !toStdout ? outputFile(options.out, io.cwd) : undefined;
  const toOutFolder = given === undefined && !toStdout && options.format === 'pdf';
  const outFolder = path.resolve(io.cwd, 'out');
  if (given) {
    await io.outputs.prepare(given, '-o/--out', false);
    await io.outputs.refuseInputs(given, '-o/--out', options.inputs ?? []);
  }
  // checked before any work, even when the name comes later: out/ can be made, or is a
  // writable folder; it is made only when there is a file to put in it
  if (toOutFolder) {
    await io.outputs.prepareFolder(outFolder);
  }
  let resolved: string | undefined;
  const target = async (): Promise<string | undefined> => {
    if (given || !toOutFolder || resolved) return given ?? resolved;
    const name = typeof options.defaultName === 'function' ? options.defaultName() : options.defaultName;
    resolved = path.join(outFolder, `${name}.${options.images ? 'zip' : 'pdf'}`);
    await io.outputs.prepare(resolved, 'output', true);
    return resolved;
  };

  const texts: string[] = [];
  const docs: (DocumentNode | BookletNode)[] = [];
  let json = options.json;
  let pdf: { stream: PdfStream; file: BufferedWriter } | undefined;
  let images: ImageArchive | undefined;
  const missing: MissingGlyphs[] = [];
  /** How each page is drawn: as an image for the zip, or into the PDF, its bytes heading for the disk. */
  const pageDrawer = async (placed: PlacedDocument): Promise<(page: PlacedPage) => Promise<void>> => {
    if (options.images) {
      const archive = (images ??= await openImages(io.files, options.images.dpi));
      return async (page) => {
        archive.add(page);
        await new Promise((resolve) => setImmediate(resolve));
      };
    }
    const { PdfStream, fonts } = await pdfWriter(io.files);
    const into = (pdf ??= { stream: new PdfStream(placed.meta, fonts), file: new BufferedWriter(bytesOut ? heldForStdout(bytesOut) : await io.openFile((await target())!)) });
    return async (page) => {
      into.stream.add([page]);
      await into.file.add(into.stream.take());
    };
  };
  const output: DocumentOutput = {
    async add(given) {
      // the house folders it prints named in its footers, whichever builder made it
      const doc = withPrint(withHouseRules(given, options.house), options.print);
      if (options.format === 'md') texts.push(renderMarkdown(doc));
      if (options.format === 'json') docs.push(doc);
      // several packets go into one PDF, each laid out and numbered on its own
      if (options.format === 'pdf') await output.addPlaced((await pdfWriter(io.files)).layoutDocument(doc));
    },
    async addBooklet(given) {
      const booklet = bookletWithPrint(bookletWithHouseRules(given, options.house), options.print);
      if (options.format === 'md') texts.push(renderBookletMarkdown(booklet));
      if (options.format === 'json') docs.push(booklet);
      if (options.format === 'pdf') await output.addPlaced(await layoutBookletPdf(booklet, io.files));
    },
    async addPlaced(placed, onPage) {
      // a text needing the Chinese or Korean fonts, whose package is not installed: refused
      // before a page is drawn (its characters would print as boxes), whatever else is allowed
      if (placed.wantingGlyphs.length > 0) throw await fontPackageRefusal(placed.wantingGlyphs, io, options.inputs ?? []);
      missing.push(...placed.missingGlyphs);
      const draw = await pageDrawer(placed);
      // a page at a time, and the pause between pages lets Ctrl-C through
      for (const page of placed.pages) {
        await draw(page);
        // Ctrl-C: stop here, and the temporary file goes
        checkInterrupted(io.signal);
        onPage?.();
      }
    },
    setJson(text) {
      json = text;
    },
  };

  try {
    await produce(output);
    checkInterrupted(io.signal);
    // a character no font has would print as an empty box: say so, and write nothing unless allowed
    if (missing.length > 0) {
      const { describeMissingGlyphs } = await import('../layout/fallback.js');
      const lines = describeMissingGlyphs(missing);
      if (!options.allowMissingGlyphs) {
        throw new UsageError(`${lines.join('\n')}\nNo PDF was written. Change the text, or give --allow-missing-glyphs to print these characters as empty boxes`);
      }
      if (!options.quiet) for (const line of lines) io.stderr.write(`warning: ${line}\n`);
    }
    if (pdf) {
      await pdf.file.add(await pdf.stream.end());
      await pdf.file.flush();
      checkInterrupted(io.signal);
      await pdf.file.target.commit();
    }
    // written whole, once every image is drawn: nothing is left when a run stops before
    if (images) {
      const zip = images.finish(options.images!.texts);
      if (bytesOut) bytesOut(zip);
      else await io.writeFile((await target())!, zip);
    }
  } catch (error) {
    await pdf?.file.target.discard();
    throw error;
  }

  // a PDF with no pages is never begun: nothing to write or report
  if (options.format === 'pdf' && !pdf && !images) return;
  if (bytesOut) {
    const pages = pdf?.stream.pages;
    if (!options.quiet) io.stderr.write(`Wrote ${images ? `${images.images} ${images.images === 1 ? 'image' : 'images'} as a zip` : `${pages} ${pages === 1 ? 'page' : 'pages'}`} to standard output\n`);
    return;
  }
  const file = await target();
  let text: string | undefined;
  if (options.format === 'json') text = json ?? `${JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2)}\n`;
  if (options.format === 'md') text = texts.join('\n\n---\n\n');
  if (text !== undefined) {
    if (!file) {
      // a streamed batch has printed everything already
      if (text !== '') io.stdout.write(text);
      return;
    }
    await io.writeFile(file, text);
  }
  if (file && !options.quiet) {
    const shown = path.relative(io.cwd, file) || file;
    const pages = pdf?.stream.pages;
    const count = images ? ` (${images.images} ${images.images === 1 ? 'image' : 'images'})` : pages ? ` (${pages} ${pages === 1 ? 'page' : 'pages'})` : '';
    io.stderr.write(`Wrote ${shown.startsWith('..') ? file : shown}${count}\n`);
  }
}

/** `-o -`: standard output. */
export const STDOUT = '-';

/** How bytes reach standard output, or a refusal where this run's standard output takes only text. */
function stdoutBytes(io: CliIo): (data: Uint8Array) => void {
  const write = io.stdout.writeBytes;
  if (!write) throw new UsageError('-o -: this standard output takes only text; give a file name, or --format json or md');
  return (data) => void write(data);
}

/**
 * A PDF bound for standard output, held whole until it is done: a run that fails or is stopped
 * half way sends nothing, as it leaves no partial file.
 */
function heldForStdout(send: (data: Uint8Array) => void): FileWriter {
  let chunks: Uint8Array[] = [];
  return {
    async write(chunk) {
      chunks.push(Uint8Array.from(chunk));
    },
    async commit() {
      send(Buffer.concat(chunks));
      chunks = [];
    },
    async discard() {
      chunks = [];
    },
  };
}

/** -o's file, refused where it names a folder: "-o newdir/" is a folder, not a file name. */
export function outputFile(out: string, cwd: string): string {
  if (out.trim() === '') throw new UsageError('-o/--out: give a file name, such as sheets.pdf');
  if (/[\\/]$/.test(out)) throw new UsageError(`-o/--out ${out}: names a folder; give a file name inside it, such as ${path.join(out, 'muster.pdf')}`);
  return path.resolve(cwd, out);
}

async function layoutBookletPdf(booklet: BookletNode, files: Files): Promise<PlacedDocument> {
  const [{ layoutBooklet }, { fonts }] = await Promise.all([import('../layout/booklet.js'), pdfWriter(files)]);
  return layoutBooklet(fonts, booklet);
}

/**
 * The modules a PDF is made with (layout, the PDF writer, fontkit and pdfkit), set up as they
 * load: fontkit's Unicode tables are inflated then. Loaded when the first PDF is made, or
 * before by a caller with time to spare (the page's worker once the page is ready).
 */
export const pdfModules = () => Promise.all([import('../layout/document-plan.js'), import('../render/pdf-surface.js'), import('./font-store.js')]);

/** Layout, the PDF writer and the fonts (fontkit, pdfkit), loaded when the first PDF is made. */
async function openPdfWriter(files: Files) {
  const [{ layoutDocument }, { PdfStream }, { fontStoreOf }] = await pdfModules();
  const fonts = fontStoreOf(files);
  return { layoutDocument: (doc: DocumentNode) => layoutDocument(fonts, doc), PdfStream, fonts };
}

/**
 * One writer for the files a run was given: asked for twice a packet, it was opened anew each
 * time, and a batch remade its objects' hidden classes some six times a packet (issue 30).
 */
const pdfWriters = new WeakMap<Files, ReturnType<typeof openPdfWriter>>();
function pdfWriter(files: Files): ReturnType<typeof openPdfWriter> {
  let writer = pdfWriters.get(files);
  if (!writer) {
    writer = openPdfWriter(files);
    pdfWriters.set(files, writer);
    // a failed load (the page offline, a part not fetched) is tried again by the next run
    writer.catch(() => pdfWriters.delete(files));
  }
  return writer;
}

/** The rasteriser and the fonts (resvg's WebAssembly, read through the files) only when images are made. */
async function openImages(files: Files, dpi: number): Promise<ImageArchive> {
  const [{ ImageArchive }, { fontStoreOf }] = await Promise.all([import('../render/image-archive.js'), import('./font-store.js')]);
  const wasm = readWholeFile(files, files.places.rasteriser);
  if (!wasm) throw new GenerateError(`the image renderer ${files.places.rasteriser} cannot be read: reinstall muster (npm install), or reload the page`);
  return ImageArchive.open(fontStoreOf(files), wasm, dpi);
}

/**
 * Collects a PDF's bytes and writes them a megabyte at a time: a write per page cost a whole
 * arsenal of cards a sixth of its time. Memory stays bounded by the megabyte.
 */
class BufferedWriter {
  private chunks: Buffer[] = [];
  private bytes = 0;
  constructor(readonly target: FileWriter) {}

  async add(chunks: readonly Buffer[]): Promise<void> {
    for (const chunk of chunks) {
      this.chunks.push(chunk);
      this.bytes += chunk.length;
    }
    if (this.bytes >= 1 << 20) await this.flush();
    // otherwise a turn of the event loop, where a Ctrl-C is noticed
    else await new Promise((resolve) => setImmediate(resolve));
  }

  async flush(): Promise<void> {
    if (this.bytes === 0) return;
    const data = Buffer.concat(this.chunks);
    this.chunks = [];
    this.bytes = 0;
    await this.target.write(data);
  }
}

/** Writes one built document, a few, or a booklet, in the requested format. */
export async function emitDocument(input: DocumentNode | DocumentNode[] | BookletNode, options: EmitOptions, io: CliIo): Promise<void> {
  const booklet = !Array.isArray(input) && 'kind' in input ? bookletWithPrint(bookletWithHouseRules(input, options.house), options.print) : undefined;
  const docs = booklet ? [] : (Array.isArray(input) ? input : [input as DocumentNode]).map((doc) => withPrint(withHouseRules(doc, options.house), options.print));
  await withOutput(options, io, async (output) => {
    if (options.format !== 'pdf' || !options.pageProgress || options.quiet) {
      if (booklet) await output.addBooklet(booklet);
      for (const doc of docs) await output.add(doc);
      return;
    }
    // laid out first, so the bar knows how many pages are coming
    const { layoutDocument } = await pdfWriter(io.files);
    const placed = booklet ? [await layoutBookletPdf(booklet, io.files)] : docs.map((doc) => layoutDocument(doc));
    const pages = placed.reduce((n, p) => n + p.pages.length, 0);
    const bar = pages >= PAGES_WORTH_A_BAR ? io.progress : undefined;
    bar?.start(pages, 'Drawing pages');
    let drawn = 0;
    for (const doc of placed) await output.addPlaced(doc, () => bar?.tick(++drawn));
    bar?.stop();
  });
}
