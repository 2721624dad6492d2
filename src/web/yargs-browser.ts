/**
 * yargs for the page: the same parser and messages as on the command line, assembled from
 * yargs' own parts with a platform that touches no Node module. (yargs' "browser" entry loads
 * its parser from a CDN; the page makes no calls out.) The bundle gives this module to every
 * `import yargs from 'yargs'`.
 */
import path from 'node:path';
import { YargsFactory } from 'muster-web:yargs-factory';
import { YargsParser } from 'muster-web:yargs-parser';
import { camelCase, decamelize, looksLikeNumber } from 'muster-web:yargs-parser-strings';
import { y18n } from 'muster-web:y18n';
import en from 'muster-web:yargs-locale-en';
import cliui from 'muster-web:cliui';
import stringWidth from 'muster-web:string-width';

/** What Node's util.format does with the %s, %d and %j yargs' messages use. */
export function format(pattern: unknown, ...args: unknown[]): string {
  let i = 0;
  const show = (value: unknown) => (Array.isArray(value) ? `[ ${value.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ')} ]` : String(value));
  let text = String(pattern).replace(/%[sdj%]/g, (mark) => {
    if (mark === '%%') return '%';
    if (i >= args.length) return mark;
    const value = args[i++];
    return mark === '%d' ? String(Number(value)) : mark === '%j' ? JSON.stringify(value) : show(value);
  });
  for (; i < args.length; i++) text += ` ${show(args[i])}`;
  return text;
}

const LOCALES = '/yargs/locales';

const parser = new YargsParser({
  cwd: () => '/player',
  env: () => ({}),
  format,
  normalize: (p: string) => path.posix.normalize(p),
  resolve: (...parts: string[]) => path.posix.resolve('/player', ...parts),
  require: () => {
    throw new Error('config files are not read in the page');
  },
});

const Parser = Object.assign((args: unknown[], opts?: unknown) => parser.parse(args.slice(), opts).argv, {
  detailed: (args: unknown[], opts?: unknown) => parser.parse(args.slice(), opts),
  camelCase,
  decamelize,
  looksLikeNumber,
});

const nothing = () => {
  throw new Error('not available in the page');
};

const shim = {
  assert: { notStrictEqual: () => undefined, strictEqual: () => undefined },
  cliui,
  findUp: () => undefined,
  getEnv: () => undefined,
  inspect: (value: unknown) => format('%j', value),
  getProcessArgvBin: () => undefined,
  mainFilename: '/player',
  Parser,
  path: {
    basename: path.posix.basename,
    dirname: path.posix.dirname,
    extname: path.posix.extname,
    relative: path.posix.relative,
    resolve: (...parts: string[]) => path.posix.resolve('/player', ...parts),
    join: path.posix.join,
  },
  process: {
    argv: () => ['muster'],
    cwd: () => '/player',
    emitWarning: () => undefined,
    execPath: () => '',
    exit: () => undefined,
    nextTick: (callback: () => void) => queueMicrotask(callback),
    stdColumns: null,
  },
  readFileSync: nothing,
  readdirSync: () => [],
  require: nothing,
  getCallerFile: nothing,
  stringWidth,
  y18n: y18n(
    { directory: LOCALES, updateFiles: false },
    {
      fs: { readFileSync: () => JSON.stringify(en), writeFile: () => undefined },
      format,
      resolve: (...parts: string[]) => path.posix.resolve(...parts),
      exists: (file: string) => file === `${LOCALES}/en.json`,
    },
  ),
};

const Yargs = YargsFactory(shim);
export default Yargs;
