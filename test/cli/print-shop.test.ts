/**
 * A print shop's file (issue 29): `cards --shop dtc` for DriveThruCards poker cards, read back
 * with poppler and qpdf as the shop's checks would read it; `cards --shop mpc` for
 * MakePlayingCards, a zip of PNG images, read back as an unzip and a PNG reader would.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { unzipSync, unzlibSync } from 'fflate';
import { Resvg } from '@resvg/resvg-wasm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cmykOf, TOTAL_INK } from '../../src/render/cmyk.js';
import { pagesAsSvg } from '../../src/render/svg-surface.js';
import { ImageArchive } from '../../src/render/image-archive.js';
import { renderPdf } from '../../src/render/pdf-surface.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { nodeFiles } from '../../src/cli/node-files.js';
import { fonts } from '../helpers/fonts.js';
import { cardPrint } from '../../src/cli/print-options.js';
import type { DocumentNode } from '../../src/doc/model.js';

/**
 * How far an image may be from poppler's rendering of the same page, a channel 0 to 255 in a
 * block of 6 x 6 pixels. poppler snaps glyphs to whole pixels and resvg does not, so an edge may
 * lie a pixel apart (measured: at worst 59, and 2.6% of blocks more than 16 apart, on a card's
 * front); a glyph or line missing, moved or in another colour is well over both.
 */
const WORST_BLOCK = 100;
const BLOCKS_APART = 0.04;
import { muster, pdfPageCount, type CliResult } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { purePrint } from '../helpers/pure-run.js';
import { preflightPdfX1a } from '../helpers/pdfx-preflight.js';

const workdir = workdirs(afterEach);
const root = fileURLToPath(new URL('../../', import.meta.url));
const PLATOON = path.join(root, 'test/fixtures/forces/us-rifle-platoon.yaml');

/** Each page's boxes as poppler reads them, in points: [x0, y0, x1, y1]. */
function boxes(pdf: string, pages: number): { media: number[]; trim: number[]; bleed: number[] }[] {
  const text = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', String(pages), pdf], { encoding: 'utf8' });
  const of = (name: string) => [...text.matchAll(new RegExp(`^Page\\s+\\d+ ${name}:\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)`, 'gm'))].map((m) => m.slice(1, 5).map(Number));
  const media = of('MediaBox');
  const trim = of('TrimBox');
  const bleed = of('BleedBox');
  return media.map((m, i) => ({ media: m, trim: trim[i]!, bleed: bleed[i]! }));
}

/**
 * The platoon's deck for each shop, as the first test of the shop made it: the tests after it
 * read the same bytes rather than make the deck again (a deck of 13 cards is seconds of work).
 */
const platoonDecks = new Map<string, Buffer>();

/**
 * The platoon's deck for a shop, made twice: the first run's answer, and the file, the same
 * bytes both times (the first of the two is an earlier test's where one made it).
 */
async function madeTwice(cwd: string, shop: string, file: string): Promise<{ made: CliResult; bytes: Buffer }> {
  const made = await muster(['cards', 'bof', '--force', PLATOON, '--shop', shop, '-o', file], cwd);
  expect(made.code, made.stderr).toBe(0);
  const bytes = readFileSync(path.join(cwd, file));
  const before = platoonDecks.get(shop) ?? (await platoonDeck(cwd, shop, `again-${file}`));
  expect(bytes.equals(before)).toBe(true);
  platoonDecks.set(shop, bytes);
  return { made, bytes };
}

/** The platoon's deck for a shop written to `file` in `cwd`: the bytes made before, or made now. */
async function platoonDeck(cwd: string, shop: string, file: string): Promise<Buffer> {
  const known = platoonDecks.get(shop);
  if (known) {
    writeFileSync(path.join(cwd, file), known);
    return known;
  }
  const made = await muster(['cards', 'bof', '--force', PLATOON, '--shop', shop, '-o', file, '--quiet'], cwd);
  expect(made.code, made.stderr).toBe(0);
  const bytes = readFileSync(path.join(cwd, file));
  platoonDecks.set(shop, bytes);
  return bytes;
}

/** The platoon's cards as the command line's JSON gives them (read once). */
let platoonJson: Promise<DocumentNode> | undefined;
function platoonDocument(cwd: string): Promise<DocumentNode> {
  platoonJson ??= muster(['cards', 'bof', '--force', PLATOON, '--format', 'json'], cwd).then((made) => {
    expect(made.code, made.stderr).toBe(0);
    return JSON.parse(made.stdout) as DocumentNode;
  });
  return platoonJson;
}

describe('cards --shop dtc: DriveThruCards poker cards', () => {
  it('a card a page, 2.75 x 3.75 in with 1/8 in of bleed, its TrimBox and BleedBox set, each back before its front; the same bytes twice', async () => {
    const cwd = workdir();
    const { made, bytes } = await madeTwice(cwd, 'dtc', 'dtc.pdf');
    expect(made.stderr).toContain("warning: --shop: the roster is not in a print shop's file; print it with the same command without --shop");
    const file = path.join(cwd, 'dtc.pdf');
    // the platoon's 13 cards, each a back and a front
    const pages = pdfPageCount(bytes);
    expect(pages).toBe(26);
    for (const page of boxes(file, pages)) {
      expect(page.media).toEqual([0, 0, 198, 270]);
      expect(page.bleed).toEqual(page.media);
      expect(page.trim).toEqual([9, 9, 189, 261]);
    }
    const pageText = (n: number) => execFileSync('pdftotext', ['-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' });
    expect(pageText(1)).toContain('BURST OF FIRE');
    expect(pageText(1)).not.toContain('Lieutenant');
    expect(pageText(2)).toContain('Lieutenant');
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    // every font embedded
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font.split(/\s+/).at(-5), font).toBe('yes');
  });

  it('every colour in DeviceCMYK, none in RGB, no spot over 240% of ink', async () => {
    const cwd = workdir();
    // made once a worker (helpers/pure-run.ts): the next test reads the same deck
    writeFileSync(path.join(cwd, 'of.pdf'), await purePrint(['cards', 'openfire', '--shop', 'dtc']));
    // the content streams uncompressed, as a preflight reads them
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', path.join(cwd, 'of.pdf'), path.join(cwd, 'plain.pdf')]);
    const text = readFileSync(path.join(cwd, 'plain.pdf'), 'latin1');
    expect(text).not.toMatch(/\s(rg|RG|sc|SC|scn|SCN|g|G)\n/);
    expect(text).not.toContain('DeviceRGB');
    const inks = [...text.matchAll(/^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) [kK]$/gm)].map((m) => m.slice(1, 5).reduce((sum, v) => sum + Number(v), 0));
    expect(inks.length).toBeGreaterThan(100);
    expect(Math.max(...inks)).toBeLessThanOrEqual(TOTAL_INK + 1e-9);
  });

  it('claims PDF/X-1a:2003, naming a registered print condition, and passes a PDF/X-1a preflight; a home sheet does not', async () => {
    const cwd = workdir();
    // each print made once a worker (helpers/pure-run.ts), as the test before and other files make them
    for (const system of ['bof', 'openfire']) {
      writeFileSync(path.join(cwd, `${system}.pdf`), await purePrint(['cards', system, '--shop', 'dtc']));
      expect(preflightPdfX1a(path.join(cwd, `${system}.pdf`)), system).toEqual([]);
    }
    const plain = execFileSync('qpdf', ['--qdf', '--object-streams=disable', path.join(cwd, 'bof.pdf'), '-'], { maxBuffer: 1 << 28 }).toString('latin1');
    expect(plain).toMatch(/\/OutputConditionIdentifier \(CGATS TR 001\)/);
    expect(plain).toMatch(/\/RegistryName \(http:\/\/www\.color\.org\)/);
    // the preflight finds what a home sheet lacks: it is no press file
    writeFileSync(path.join(cwd, 'home.pdf'), await purePrint(['cards', 'openfire']));
    const home = preflightPdfX1a(path.join(cwd, 'home.pdf'));
    expect(home).toContain('Info: GTS_PDFXVersion is missing, not PDF/X-1a:2003');
    expect(home).toContain('Catalog: 0 output intents of subtype GTS_PDFX, not one');
    expect(home.some((problem) => /^content: \d+ RGB colours set/.test(problem))).toBe(true);
    expect(home.some((problem) => /neither TrimBox nor ArtBox/.test(problem))).toBe(true);
  });

  it('every word, rule and icon at least 4 mm inside the cut, and a back’s frame 6 mm in (the shop’s preflight)', async () => {
    const cwd = workdir();
    const MM = 72 / 25.4;
    for (const system of ['bof', 'fireteam', 'blazeaway', 'openfire']) {
      const doc = system === 'bof' ? await platoonDocument(cwd) : (JSON.parse((await muster(['cards', system, '--format', 'json'], cwd)).stdout) as DocumentNode);
      const print = cardPrint({ duplex: 'long', backOffset: '0,0', bleed: 0, marks: 'crop', shop: 'dtc' });
      const placed = layoutDocument(fonts, { ...doc, sheets: [], decks: doc.decks!.map((deck) => ({ ...deck, print })) });
      let nearest = Infinity;
      let backFrame = Infinity;
      for (const page of placed.pages) {
        const trim = page.trim!;
        // how far a point lies inside the cut
        const inside = (x: number, y: number) => Math.min(x - trim.x, trim.x + trim.w - x, y - trim.y, trim.y + trim.h - y);
        for (const item of page.items) {
          if (item.kind === 'text') {
            const width = fonts.textWidth(item.text, item.face, item.size);
            nearest = Math.min(nearest, inside(item.x, item.y), inside(item.x + width, item.y + item.size));
          } else if (item.kind === 'line') nearest = Math.min(nearest, inside(item.x1, item.y1), inside(item.x2, item.y2));
          else if (item.kind === 'icon') nearest = Math.min(nearest, inside(item.x, item.y), inside(item.x + item.size, item.y + item.size));
          else if (item.kind === 'rect' && item.fill === undefined && item.stroke !== undefined) {
            // an outline: a back's frame, a tick box
            const d = inside(item.x, item.y);
            nearest = Math.min(nearest, d);
            if (page.name!.startsWith('back/')) backFrame = Math.min(backFrame, d);
          }
        }
      }
      expect(nearest / MM, `${system}: the nearest word or rule to the cut, mm`).toBeGreaterThanOrEqual(4 - 0.05);
      expect(backFrame / MM, `${system}: a back's frame, mm inside the cut`).toBeGreaterThanOrEqual(6 - 0.05);
    }
  });

  it('black and grey on the black plate alone: every dark text and every grey set in K only', async () => {
    const cwd = workdir();
    await platoonDeck(cwd, 'dtc', 'bof.pdf');
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', path.join(cwd, 'bof.pdf'), path.join(cwd, 'plain.pdf')]);
    const text = readFileSync(path.join(cwd, 'plain.pdf'), 'latin1');
    // the fill colour in force where each piece of text is shown
    let fill = [0, 0, 0, 1];
    const textFills: number[][] = [];
    for (const line of text.split('\n')) {
      const set = /^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k$/.exec(line);
      if (set) fill = set.slice(1, 5).map(Number);
      else if (/(Tj|TJ)$/.test(line)) textFills.push(fill);
    }
    expect(textFills.length).toBeGreaterThan(100);
    // text dark enough to read on white is black or grey: no cyan, magenta or yellow under it
    const dark = textFills.filter(([c, m, y, k]) => k! >= 0.4 && c! + m! + y! < 0.3);
    expect(dark.length).toBeGreaterThan(100);
    expect(dark.filter(([c, m, y]) => c !== 0 || m !== 0 || y !== 0)).toEqual([]);
    // and the colour rule itself: muster's ink and muted greys, and a true grey, on K alone
    for (const grey of ['#1b1d1a', '#62675c', '#808080']) expect(cmykOf(grey).slice(0, 3), grey).toEqual([0, 0, 0]);
    expect(cmykOf('#46573a').slice(0, 3).some((v) => v > 0), 'a green stays a green').toBe(true);
  });

  it('the type and words on every card pass the page check; only the bleed runs to the paper’s edge, as it must', async () => {
    const cwd = workdir();
    expect((await muster(['cards', 'fireteam', '--list', 'russians', '--shop', 'dtc', '-o', 'ft.pdf', '--quiet'], cwd)).code).toBe(0);
    let out = '';
    try {
      out = execFileSync('python3', [path.join(root, '../shared/tools/pagecheck.py'), path.join(cwd, 'ft.pdf'), 'in'], { encoding: 'utf8' });
    } catch (error) {
      out = String((error as { stdout?: string }).stdout ?? '');
    }
    const problems = out.trim().split('\n').filter((line) => line !== 'ok' && !/problems?$/.test(line));
    expect(problems.filter((line) => !/ink within 4\.5 mm of the paper edge/.test(line))).toEqual([]);
  });

  it('refuses what a shop file cannot be, with exit 2 and no file', async () => {
    const cwd = workdir();
    for (const [args, said] of [
      [['--layout', 'fold'], /--layout fold: a print shop takes a card a page/],
      [['--no-backs'], /--no-backs: DriveThruCards prints each card's back/],
      [['--format', 'md'], /--shop dtc: a print shop takes a PDF, not md; leave --format md out/],
      [['--force', PLATOON, '--public-url', 'https://club.example/muster/'], /--public-url: the link is printed on the roster/],
    ] as const) {
      const refused = await muster(['cards', 'bof', '--shop', 'dtc', ...args, '-o', 'x.pdf'], cwd);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toMatch(said);
      expect(existsSync(path.join(cwd, 'x.pdf'))).toBe(false);
    }
    const unknown = await muster(['cards', 'bof', '--shop', 'tgc', '-o', 'x.pdf'], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/shop[^]*"tgc"[^]*"dtc", "mpc"/);
  });
});

/** A PNG's width and height, from its header. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** CRC-32 as PNG's chunks carry it, from a table made once (the bitwise loop over 26 images took seconds). */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** A PNG read as a viewer reads it: its chunks (each CRC checked), and with `pixels` its pixels unfiltered. */
function readPng(png: Uint8Array, { pixels: decode = true } = {}): { colourType: number; bitDepth: number; perMetre?: [number, number, number]; width: number; height: number; pixels: Uint8Array } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    let crc = 0xffffffff;
    for (const byte of png.subarray(at + 4, at + 8 + length)) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    expect((crc ^ 0xffffffff) >>> 0, `${type}'s CRC`).toBe(view.getUint32(at + 8 + length));
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  const header = chunks[0]!;
  expect(header.type).toBe('IHDR');
  expect(chunks.at(-1)!.type).toBe('IEND');
  const h = new DataView(header.data.buffer, header.data.byteOffset, 13);
  const [width, height, bitDepth, colourType] = [h.getUint32(0), h.getUint32(4), header.data[8]!, header.data[9]!];
  const phys = chunks.find((c) => c.type === 'pHYs');
  const perMetre = phys ? ([new DataView(phys.data.buffer, phys.data.byteOffset, 9).getUint32(0), new DataView(phys.data.buffer, phys.data.byteOffset, 9).getUint32(4), phys.data[8]!] as [number, number, number]) : undefined;
  const channels = colourType === 2 ? 3 : 4;
  if (!decode) return { colourType, bitDepth, perMetre, width, height, pixels: new Uint8Array(0) };
  const filtered = unzlibSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const raw = filtered[y * (stride + 1) + 1 + i]!;
      const left = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const corner = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      const paeth = () => {
        const p = left + up - corner;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
      };
      const predicted = [0, left, up, (left + up) >> 1, filter === 4 ? paeth() : 0][filter]!;
      pixels[y * stride + i] = (raw + predicted) & 0xff;
    }
  }
  return { colourType, bitDepth, perMetre, width, height, pixels };
}

describe('cards --shop mpc: MakePlayingCards poker cards', () => {
  it('every image RGB with no alpha (colour type 2), 8 bits, 300 dpi in its pHYs chunk, its pixels those drawn on white', async () => {
    const cwd = workdir();
    const entries = Object.entries(unzipSync(await platoonDeck(cwd, 'mpc', 'mpc.zip'))).filter(([name]) => name.endsWith('.png'));
    expect(entries.length).toBeGreaterThan(0);
    // 300 dpi is 11811 pixels a metre (unit 1)
    for (const [name, png] of entries) {
      const read = readPng(png, { pixels: false });
      expect({ colourType: read.colourType, bitDepth: read.bitDepth, perMetre: read.perMetre }, name).toEqual({ colourType: 2, bitDepth: 8, perMetre: [11811, 11811, 1] });
    }
    // a front's pixels are the rasteriser's, laid on white
    const doc = await platoonDocument(cwd);
    const print = cardPrint({ duplex: 'long', backOffset: '0,0', bleed: 0, marks: 'crop', shop: 'mpc' });
    const placed = layoutDocument(fonts, { ...doc, sheets: [], decks: doc.decks!.map((deck) => ({ ...deck, print })) });
    await ImageArchive.open(fonts, readFileSync(nodeFiles.places.rasteriser), 300);
    const [svg] = pagesAsSvg(fonts, [placed.pages[1]!]);
    const image = new Resvg(svg!, { fitTo: { mode: 'width', value: 822 }, font: { loadSystemFonts: false } }).render();
    const rgba = image.pixels;
    const front = readPng(entries.find(([name]) => name === 'front/01.png')![1]);
    expect([front.width, front.height]).toEqual([image.width, image.height]);
    let differ = 0;
    for (let i = 0; i < image.width * image.height; i++) {
      const a = rgba[i * 4 + 3]! / 255;
      for (let c = 0; c < 3; c++) if (Math.abs(front.pixels[i * 3 + c]! - Math.round(rgba[i * 4 + c]! * a + 255 * (1 - a))) > 1) differ++;
    }
    expect(differ).toBe(0);
  });


  it('a zip of PNG images, 822 x 1122 px each, fronts and backs numbered alike, with a read-me; the same bytes twice', async () => {
    const { made, bytes } = await madeTwice(workdir(), 'mpc', 'mpc.zip');
    expect(made.stderr).toContain('Wrote mpc.zip (26 images)');
    const entries = unzipSync(bytes);
    const numbers = Array.from({ length: 13 }, (_, i) => String(i + 1).padStart(2, '0'));
    expect(Object.keys(entries)).toEqual(['read-me.txt', ...numbers.flatMap((n) => [`back/${n}.png`, `front/${n}.png`])]);
    for (const [name, bytes] of Object.entries(entries)) if (name.endsWith('.png')) expect(pngSize(bytes), name).toEqual({ width: 822, height: 1122 });
    const readMe = new TextDecoder().decode(entries['read-me.txt']);
    expect(readMe).toContain('Burst of Fire (core rules (web text, undated)), muster 0.1.0');
    expect(readMe).toContain('822 x 1122 pixels at 300 dpi: the card, 750 x 1050 pixels, with 36 pixels of bleed on every side');
    expect(readMe).toMatch(/^04 {2}Rifleman 1–10, United States · rifleman \(Able Company, 1st Platoon\)$/m);
    expect(readMe.match(/^\d\d {2}/gm)).toHaveLength(13);
    // every front its own card; the backs of cards of one kind are the same picture
    const distinct = (side: string) => new Set(Object.entries(entries).filter(([name]) => name.startsWith(side)).map(([, bytes]) => Buffer.from(bytes).toString('base64'))).size;
    expect(distinct('front/')).toBe(13);
    expect(distinct('back/')).toBeGreaterThan(1);
  });

  it('each image is the page the PDF prints, pixel for pixel within anti-aliasing', async () => {
    const cwd = workdir();
    // the platoon's document, its deck set up as --shop mpc sets it, laid out; its PDF in RGB
    const doc = await platoonDocument(cwd);
    const print = cardPrint({ duplex: 'long', backOffset: '0,0', bleed: 0, marks: 'crop', shop: 'mpc' });
    const shopDoc: DocumentNode = { ...doc, sheets: [], decks: doc.decks!.map((deck) => ({ ...deck, print })) };
    const placed = layoutDocument(fonts, shopDoc);
    expect(placed.pages.slice(0, 4).map((page) => page.name)).toEqual(['back/01', 'front/01', 'back/02', 'front/02']);
    // the Rifleman 1–10 card: its back and its front, with the tally boxes
    const pages = placed.pages.slice(6, 8);
    // the images the read-me lists as "04  Rifleman 1–10"
    expect(pages.map((page) => page.name)).toEqual(['back/04', 'front/04']);
    expect(pages[1]!.items.some((item) => item.kind === 'text' && item.text === 'Rifleman 1–10')).toBe(true);
    writeFileSync(path.join(cwd, 'card.pdf'), await renderPdf(fonts, { ...placed, pages }));
    execFileSync('pdftoppm', ['-r', '300', path.join(cwd, 'card.pdf'), path.join(cwd, 'poppler')]);
    await ImageArchive.open(fonts, readFileSync(nodeFiles.places.rasteriser), 300);
    pagesAsSvg(fonts, pages).forEach((svg, i) => {
      const image = new Resvg(svg, { fitTo: { mode: 'width', value: 822 }, font: { loadSystemFonts: false } }).render();
      const ppm = readFileSync(path.join(cwd, `poppler-${i + 1}.ppm`));
      // P6, width, height, 255, then RGB
      const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 32))!;
      expect([Number(header[1]), Number(header[2])]).toEqual([image.width, image.height]);
      const rgb = ppm.subarray(header[0].length);
      // resvg copies the pixels out of its memory each time they are asked for: once
      const drawn = image.pixels;
      // compared a block of 6 x 6 pixels (half a millimetre) at a time: the two renderers shade
      // the edges of letters and lines a little differently, which a block's average evens out;
      // a glyph out of place, a missing line or a wrong colour does not
      const block = 6;
      const across = Math.floor(image.width / block);
      const down = Math.floor(image.height / block);
      let worst = 0;
      let apart = 0;
      for (let by = 0; by < down; by++) {
        for (let bx = 0; bx < across; bx++) {
          let most = 0;
          for (let c = 0; c < 3; c++) {
            let sum = 0;
            for (let y = by * block; y < (by + 1) * block; y++) {
              for (let x = bx * block; x < (bx + 1) * block; x++) sum += drawn[(y * image.width + x) * 4 + c]! - rgb[(y * image.width + x) * 3 + c]!;
            }
            most = Math.max(most, Math.abs(sum) / (block * block));
          }
          worst = Math.max(worst, most);
          if (most > 16) apart++;
        }
      }
      expect(worst, `page ${i + 1}: the block most unlike`).toBeLessThan(WORST_BLOCK);
      expect(apart / (across * down), `page ${i + 1}: blocks apart`).toBeLessThan(BLOCKS_APART);
    });
  });

  it('refuses what it cannot be, with exit 2 and no file', async () => {
    const cwd = workdir();
    for (const [args, said] of [
      [['--no-backs'], /--no-backs: MakePlayingCards prints each card's back/],
      [['--format', 'md'], /--shop mpc: a print shop takes images, not md; leave --format md out/],
    ] as const) {
      const refused = await muster(['cards', 'bof', '--shop', 'mpc', ...args, '-o', 'x.zip'], cwd);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toMatch(said);
      expect(existsSync(path.join(cwd, 'x.zip'))).toBe(false);
    }
  });

  it('every rule set’s decks; named in out/ for the shop', async () => {
    const cwd = workdir();
    // the list of 11 vehicles: the Russians' 32 cards took three times as long to draw, to show the same
    const made = await muster(['cards', 'fireteam', '--list', 'vehicles', '--shop', 'mpc'], cwd);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/^Wrote out\/fireteam-cards-vehicles-mpc\.zip \(\d+ images\)$/m);
    const entries = unzipSync(readFileSync(path.join(cwd, 'out/fireteam-cards-vehicles-mpc.zip')));
    const fronts = Object.keys(entries).filter((name) => name.startsWith('front/'));
    expect(fronts.length).toBeGreaterThan(0);
    expect(Object.keys(entries).filter((name) => name.startsWith('back/'))).toHaveLength(fronts.length);
    expect(new TextDecoder().decode(entries['read-me.txt'])).toContain(`${fronts.length} cards for MakePlayingCards`);
  });
});

describe('CMYK for the press', () => {
  it('white is no ink, black is black alone, a grey is black alone', () => {
    expect(cmykOf('#ffffff')).toEqual([0, 0, 0, 0]);
    expect(cmykOf('#000000')).toEqual([0, 0, 0, 1]);
    const grey = cmykOf('#808080');
    expect(grey.slice(0, 3)).toEqual([0, 0, 0]);
    expect(grey[3]).toBeCloseTo(1 - 128 / 255, 6);
  });
  it('a deep colour keeps its hue with its total ink held to 240%', () => {
    const [c, m, y, k] = cmykOf('#400000');
    expect(c + m + y + k).toBeCloseTo(TOTAL_INK, 9);
    expect(c).toBe(0);
    expect(m).toBeCloseTo(y, 9);
    // a light one is as it converts
    const [c2, m2, y2, k2] = cmykOf('#c8582f');
    expect(c2 + m2 + y2 + k2).toBeLessThan(TOTAL_INK);
  });
});
