/**
 * In-process runs of the command line that many test files make alike (`validate`, `tables
 * bof`, `cards bof --nation us --format json`...), made once a test worker and answered from
 * memory after: a run whose answer depends on nothing but its arguments and muster's own files
 * gives the same answer every time, and the suite paid about a second for each repeat.
 *
 * How the helper knows a run is such a run, rather than trusting its caller: it runs the
 * command itself, in an empty folder of its own, with the in-process command line's io (no
 * MUSTER_* variables, no standard input), and watches every path the run looks at through
 * muster's files. It refuses (the run must then be made with `muster`, test/helpers/cli.ts,
 * every time) a run that found a file outside muster's checkout (data, templates, fonts,
 * examples, fixtures) and its own folder, such as a force, state or house file or a muster.yaml
 * above the folder; that looked for a file and did not find it, but for the club's muster.yaml
 * (and the .git that ends that search) in its folder and above, since a missing file it named
 * is one a player's folder might hold; or that wrote outside its own folder.
 */
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFileAtomic, writeFileAtomic } from '../../src/cli/io.js';
import { CLUB_FILE } from '../../src/cli/club-defaults.js';
import { muster, type CliResult } from './cli.js';
import { suiteLooks, type Look } from './suite-files.js';

export interface PureResult extends CliResult {
  /** what the run wrote in its folder, by path relative to it ("a.pdf", "out/bof-tables-a4-cm.pdf"); not to be changed */
  written: ReadonlyMap<string, Buffer>;
}

const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));
/** the checkout as given and as its links resolve (node_modules may be a link to another checkout's) */
const OWN = [...new Set([CHECKOUT, realpathSync(CHECKOUT), realpathSync(path.join(CHECKOUT, 'node_modules'))])];

const inside = (file: string, folder: string) => {
  const relative = path.relative(folder, path.resolve(file));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

const MADE = Symbol.for('muster.test.pure-runs');
function made(): Map<string, Promise<PureResult>> {
  const holder = globalThis as { [MADE]?: Map<string, Promise<PureResult>> };
  return (holder[MADE] ??= new Map());
}

/** Every file under `dir`, by path relative to it. */
function filesUnder(dir: string, under = ''): [string, Buffer][] {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(under, entry.name);
    return entry.isDirectory() ? filesUnder(dir, relative) : [[relative, readFileSync(path.join(dir, relative))] as [string, Buffer]];
  });
}

async function runOnce(args: readonly string[]): Promise<PureResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-pure-'));
  try {
    const looks: Look[] = [];
    const writes: string[] = [];
    // muster()'s files, the suite's: what the run looks at through them comes to `looks`
    const result = await suiteLooks.run(looks, () =>
      muster([...args], dir, {
        writeFile: (file, data, options) => (writes.push(file), writeFileAtomic(file, data, options)),
        openFile: (file) => (writes.push(file), openFileAtomic(file)),
      }),
    );
    const own = (file: string) => OWN.some((folder) => inside(file, folder));
    // the club's file and the .git that ends its search, looked for in the run's folder and above
    const clubLookup = (file: string) => [CLUB_FILE, '.git'].includes(path.basename(file)) && inside(dir, path.dirname(file));
    const foreign = [
      ...looks.map(({ file, found }) => ({ file: path.resolve(dir, file), found })).filter(({ file, found }) => !own(file) && (found ? !inside(file, dir) : !clubLookup(file))).map(({ file, found }) => `${file}${found ? '' : ' (missing)'}`),
      ...writes.map((file) => path.resolve(dir, file)).filter((file) => !inside(file, dir)),
    ];
    if (foreign.length > 0) {
      throw new Error(`pureMuster(${JSON.stringify(args)}): the run used ${[...new Set(foreign)].sort().join(', ')}, not muster's own files; make it with muster() each time`);
    }
    return { ...result, written: new Map(filesUnder(dir)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The command line's answer to `args` (a print with no state, force or house file of the
 * player's, `-o` naming a file in the run's folder if any), and the files it wrote: made once
 * a test worker (see the head of this file for how a run that is not pure is refused).
 */
export function pureMuster(args: readonly string[]): Promise<PureResult> {
  const key = JSON.stringify(args);
  let answer = made().get(key);
  if (!answer) {
    answer = runOnce(args);
    made().set(key, answer);
  }
  return answer;
}

/** The name a pure print is written under, the same in every file, so that files share it. */
export const PRINTED = 'sheets.pdf';

/**
 * The file a print writes (`tables bof --paper letter` and the like, given without -o), made
 * once a test worker as `pureMuster` makes it: every file asking for the same print gets the
 * bytes the first made.
 */
export async function purePrint(args: readonly string[]): Promise<Buffer> {
  const made = await pureMuster([...args, '-o', PRINTED, '--quiet']);
  if (made.code !== 0) throw new Error(`muster ${args.join(' ')} -> exit ${made.code}: ${made.stderr}`);
  return made.written.get(PRINTED)!;
}
