// Where the page's folder keeps the files muster reads from npm packages: the fonts and the
// image renderer. One place for both builds: scripts/build-web.js copies them there, and
// scripts/build-cli.js points the one-file command at those copies (src/cli/package-files.ts
// says why they ship once, in the page's folder).
import path from 'node:path';

/** The page's virtual path of a font file (files/fonts/<name> in dist/web). */
export const webFont = (file) => `/muster/fonts/${path.basename(file)}`;
/** The page's virtual path of the image renderer (files/resvg.wasm in dist/web). */
export const WEB_RASTERISER = '/muster/resvg.wasm';
/** Where a virtual path's copy lies in dist/web: /muster/x -> files/x. */
export const webCopy = (virtual) => path.join('files', ...virtual.slice('/muster/'.length).split('/'));
