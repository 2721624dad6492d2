// What both builds leave out of muster's scripts (the command's bundle, scripts/build-cli.js,
// and the page's worker, scripts/build-web.js), each by a stub that says so if it is ever
// reached:
// - fontkit's Brotli decoder: it reads WOFF2 fonts only, and muster embeds TrueType/OpenType;
//   its dictionary is unpacked when the module loads, in the page by the decoder itself on the
//   first print (left out there too, a deck asked for at once went from 1.15 to 0.99-1.02 of
//   ce98050's time: BENCHMARKS.md)
// - @noble/ciphers' AES: pdfkit encrypts with it only when asked for a password, which muster
//   never does (its tables are built when the module loads)
// - zod's messages in languages other than English (muster sets none): forty other languages,
//   300 kB of the page's script, each set up when the script starts
import path from 'node:path';

/** Modules replaced by a stub: the name a package imports -> the stub's source. */
export const STUBS = {
  'brotli/decompress.js': "module.exports = function decompress() { throw new Error('muster reads no WOFF2 fonts (fontkit\\'s Brotli decoder is left out of the bundle)'); };",
  '@noble/ciphers/aes': [
    "const refuse = () => { throw new Error('muster writes no encrypted PDF (AES is left out of the bundle)'); };",
    'module.exports = { cbc: refuse, ecb: refuse, ctr: refuse, gcm: refuse };',
  ].join('\n'),
};

/** Sets an esbuild build to leave out what STUBS names, and zod's languages but English. */
export function leaveOut(build) {
  const stubFilter = new RegExp(`^(${Object.keys(STUBS).map((s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  build.onResolve({ filter: stubFilter }, (args) => ({ path: args.path, namespace: 'muster-left-out' }));
  build.onLoad({ filter: /.*/, namespace: 'muster-left-out' }, (args) => ({ contents: STUBS[args.path], loader: 'js' }));
  build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
    /[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir) ? { path: 'zod-locales-en-only', namespace: 'zod-en', pluginData: path.join(args.resolveDir, '..', 'locales') } : undefined,
  );
  build.onLoad({ filter: /.*/, namespace: 'zod-en' }, (args) => ({ contents: "export { default as en } from './en.js';", loader: 'js', resolveDir: args.pluginData }));
}
