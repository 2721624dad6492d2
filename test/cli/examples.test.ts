// `muster examples [DIR]` (issue 50): an installed muster's example forces and house rule set,
// copied out of its package so the paths the README and the help give work in the player's
// folder; nothing overwritten; a missing --force path that names a shipped example says so.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repo } from '../helpers/page.js';
import { muster } from '../helpers/cli.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-examples-'));
  made.push(dir);
  return dir;
}
/** Every file below `dir`, relative, sorted. */
const filesBelow = (dir: string): string[] => (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();

describe('muster examples', () => {
  it('copies examples/ whole into the current folder, and the documented commands then run there', async () => {
    const club = scratch();
    const copied = await muster(['examples'], club);
    expect(copied.code, copied.stderr).toBe(0);
    expect(filesBelow(path.join(club, 'examples'))).toEqual(filesBelow(path.join(repo, 'examples')));
    expect(readFileSync(path.join(club, 'examples/openfire/us-rifle-platoon.yaml'), 'utf8')).toBe(readFileSync(path.join(repo, 'examples/openfire/us-rifle-platoon.yaml'), 'utf8'));
    expect(copied.stderr).toMatch(/Copied \d+ example files into examples/);
    const checked = await muster(['check', 'bof', '--force', 'examples/forces/kampfgruppe-weber.yaml'], club);
    expect(checked.code, checked.stderr).toBe(0);
    const house = await muster(['validate', '--data', 'examples/house-rule-set'], club);
    expect(house.code, house.stderr).toBe(0);
  });

  it('into DIR/examples/ when given a folder, made if missing; quiet with --quiet', async () => {
    const club = scratch();
    const copied = await muster(['examples', 'files/for-club', '--quiet'], club);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stderr).toBe('');
    expect(filesBelow(path.join(club, 'files/for-club/examples'))).toEqual(filesBelow(path.join(repo, 'examples')));
  });

  it('overwrites nothing: a file already there is named, exit 2, and nothing is written', async () => {
    const club = scratch();
    mkdirSync(path.join(club, 'examples/openfire'), { recursive: true });
    writeFileSync(path.join(club, 'examples/openfire/us-rifle-platoon.yaml'), 'mine\n');
    const refused = await muster(['examples'], club);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`examples${path.sep}openfire${path.sep}us-rifle-platoon.yaml is there already`);
    expect(filesBelow(club)).toEqual([path.join('examples', 'openfire', 'us-rifle-platoon.yaml')]);
    expect(readFileSync(path.join(club, 'examples/openfire/us-rifle-platoon.yaml'), 'utf8')).toBe('mine\n');
    // a file where the folder should be
    writeFileSync(path.join(club, 'plain'), 'x');
    const onFile = await muster(['examples', 'plain/deeper'], club);
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toContain('plain is a file, not a folder');
  });

  it('has its own help with examples, and is listed in muster --help', async () => {
    const help = await muster(['examples', '--help'], scratch());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('muster examples [dir]');
    expect(help.stdout.split('Examples:')[1]?.match(/^ {2}muster /gm)?.length).toBeGreaterThanOrEqual(2);
    const all = await muster(['--help'], scratch());
    expect(all.stdout).toMatch(/muster examples \[dir\]/);
  });

  it('a --force path that is missing but names a shipped example says where muster keeps it and to run muster examples', async () => {
    const club = scratch();
    const missing = await muster(['check', 'openfire', '--force', 'examples/openfire/us-rifle-platoon.yaml'], club);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`shipped at ${path.join(repo, 'examples')}${path.sep}openfire/us-rifle-platoon.yaml`);
    expect(missing.stderr).toContain('run muster examples');
    // a missing file that is no example keeps the plain message
    const other = await muster(['check', 'openfire', '--force', 'examples/openfire/none-such.yaml'], club);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('no such file');
    expect(other.stderr).not.toContain('muster examples');
  });
});
