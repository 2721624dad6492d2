import { zipSync, type Zippable } from 'fflate';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import type { FontStore } from '../layout/fonts.js';
import type { PlacedPage } from '../layout/primitives.js';
import { pagesAsSvg } from './svg-surface.js';
import { encodeRgbPng } from './png-encode.js';

/**
 * Pages as PNG images in a zip, for a print shop that takes a picture of each card: each page
 * drawn as SVG (svg-surface.ts) and rasterised by resvg compiled to WebAssembly, so the same
 * pages give the same pixels on every machine and in the browser.
 */

/** A zip entry's date: a fixed one, so the same pages give the same bytes (zip dates start in 1980). */
const FIXED_ZIP_DATE = new Date(Date.UTC(2024, 0, 1, 0, 0, 0));

/** resvg's WebAssembly, compiled once a process: it can be set up only once. */
let compiled: Promise<void> | undefined;

async function compileRasteriser(wasm: Uint8Array): Promise<void> {
  compiled ??= initWasm(wasm).catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  await compiled;
}

/** A page's size in pixels at `dpi`: points are 1/72 in. */
function pixelsOf(page: Pick<PlacedPage, 'width' | 'height'>, dpi: number): { width: number; height: number } {
  return { width: Math.round((page.width / 72) * dpi), height: Math.round((page.height / 72) * dpi) };
}

/** Images drawn a page at a time, zipped at the end. */
export class ImageArchive {
  private readonly entries: Zippable = {};

  /** the images drawn so far */
  get images(): number {
    return Object.keys(this.entries).length;
  }

  private constructor(
    private readonly fonts: FontStore,
    private readonly dpi: number,
  ) {}

  /** `wasm`: resvg's WebAssembly module, as read from its package. */
  static async open(fonts: FontStore, wasm: Uint8Array, dpi: number): Promise<ImageArchive> {
    await compileRasteriser(wasm);
    return new ImageArchive(fonts, dpi);
  }

  /** Draws a page as a PNG named by its `name` (or its number). */
  add(page: PlacedPage): void {
    const [svg] = pagesAsSvg(this.fonts, [page]);
    const drawing = new Resvg(svg!, { fitTo: { mode: 'width', value: pixelsOf(page, this.dpi).width }, font: { loadSystemFonts: false } });
    const image = drawing.render();
    const png = encodeRgbPng(image.pixels, image.width, image.height, this.dpi);
    image.free();
    drawing.free();
    const name = `${page.name ?? `page-${String(this.images + 1).padStart(3, '0')}`}.png`;
    if (name in this.entries) throw new Error(`two pages are both named ${name}: a layout names each image once`);
    // PNG is compressed already: stored as it is
    this.entries[name] = [png, { level: 0, mtime: FIXED_ZIP_DATE }];
  }

  /** The zip: the text files (a read-me) by name, then the images in the order drawn. */
  finish(texts: Readonly<Record<string, string>> = {}): Uint8Array {
    const entries: Zippable = {};
    for (const [name, text] of Object.entries(texts)) entries[name] = [new TextEncoder().encode(text), { level: 6, mtime: FIXED_ZIP_DATE }];
    return zipSync(Object.assign(entries, this.entries));
  }
}
