import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';
import { withClubDefaults } from '../../src/cli/club-defaults.js';
import { COMMAND_TABLE } from '../../src/cli/command-table.js';
import { cardPrint } from '../../src/cli/print-options.js';

const workdir = workdirs(afterEach);

/** `muster config --format json`'s reading of one option. */
async function configOf(cwd: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ file: string | null; options: Record<string, { value: unknown; source: string; from?: string }> }> {
  const { code, stdout, stderr } = await muster(['config', '--format', 'json', ...args], cwd, { env });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return JSON.parse(stdout);
}

describe("a club's defaults: muster.yaml and MUSTER_* variables (issue 50)", () => {
  it('a muster.yaml two folders up sets the defaults of a run in a folder below it', async () => {
    const root = workdir({ 'muster.yaml': 'paper: letter\nunits: in\nink: low\n', 'club/games/.keep': '' });
    const config = await configOf(path.join(root, 'club', 'games'));
    expect(config.file).toBe(path.join(root, 'muster.yaml'));
    expect(config.options['paper']).toEqual({ value: 'letter', source: 'file', from: path.join(root, 'muster.yaml') });
    expect(config.options['units']).toMatchObject({ value: 'in', source: 'file' });
    expect(config.options['duplex']).toEqual({ value: 'long', source: 'default' });
    expect(config.options['units']).toBeDefined();
  });

  it('a command run below the file prints with its defaults', async () => {
    const root = workdir({ 'muster.yaml': 'paper: letter\n', 'games/.keep': '' });
    const out = path.join(root, 'sheets.pdf');
    const { code, stderr } = await muster(['tables', 'bof', '-o', out, '--quiet'], path.join(root, 'games'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // US Letter is 612 x 792 points; A4 would be 595.28 x 841.89
    expect(readFileSync(out).toString('latin1')).toMatch(/\/MediaBox \[0 0 612 792\]/);
  });

  it('the search stops at a folder holding .git: a muster.yaml above a checkout is not read', async () => {
    const root = workdir({ 'muster.yaml': 'paper: letter\n', 'checkout/.git/HEAD': 'ref: refs/heads/main\n', 'checkout/src/.keep': '' });
    const config = await configOf(path.join(root, 'checkout', 'src'));
    expect(config.file).toBeNull();
    expect(config.options['paper']).toEqual({ value: 'a4', source: 'default' });
  });

  it('the nearest muster.yaml is the one read', async () => {
    const root = workdir({ 'muster.yaml': 'paper: letter\n', 'inner/muster.yaml': 'ink: low\n' });
    const config = await configOf(path.join(root, 'inner'));
    expect(config.file).toBe(path.join(root, 'inner', 'muster.yaml'));
    expect(config.options['paper']).toMatchObject({ source: 'default' });
    expect(config.options['ink']).toMatchObject({ value: 'low', source: 'file' });
  });

  it('an environment variable overrides the file', async () => {
    const cwd = workdir({ 'muster.yaml': 'paper: letter\nbleed: 2\n' });
    const config = await configOf(cwd, [], { MUSTER_PAPER: 'a4', MUSTER_BACK_OFFSET: '-1.5,0.5' });
    expect(config.options['paper']).toEqual({ value: 'a4', source: 'environment', from: 'MUSTER_PAPER' });
    expect(config.options['back-offset']).toEqual({ value: '-1.5,0.5', source: 'environment', from: 'MUSTER_BACK_OFFSET' });
    expect(config.options['bleed']).toMatchObject({ value: 2, source: 'file' });
  });

  it('the command line overrides the environment and the file', async () => {
    const cwd = workdir({ 'muster.yaml': 'paper: letter\nunits: in\n' });
    const config = await configOf(cwd, ['--paper', 'a4'], { MUSTER_UNITS: 'cm' });
    expect(config.options['paper']).toEqual({ value: 'a4', source: 'command line' });
    expect(config.options['units']).toEqual({ value: 'cm', source: 'environment', from: 'MUSTER_UNITS' });
    // and a command run with the option given prints with it
    const out = path.join(cwd, 'a4.pdf');
    const run = await muster(['tables', 'bof', '--paper', 'a4', '-o', out, '--quiet'], cwd, { env: { MUSTER_PAPER: 'letter' } });
    expect(run.stderr).toBe('');
    expect(readFileSync(out).toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
  });

  it("--data in the file is the file's folder's, wherever muster runs", async () => {
    const root = workdir({ 'muster.yaml': 'data: [house]\n', 'deep/er/.keep': '' });
    const config = await configOf(path.join(root, 'deep', 'er'));
    expect(config.options['data']).toMatchObject({ value: [path.join(root, 'house')], source: 'file' });
  });

  it('a bad value in the file is refused with exit 2, naming the file, the field and what is allowed', async () => {
    const cwd = workdir({ 'muster.yaml': 'paper: a3\n' });
    const { code, stderr } = await muster(['tables', 'bof', '--format', 'json'], cwd);
    expect(code).toBe(2);
    expect(stderr).toContain(path.join(cwd, 'muster.yaml'));
    expect(stderr).toMatch(/at paper: "a3" is not allowed; allowed: a4, letter or a5/);
  });

  it("a bad back-offset or bleed is refused by the option's own check", async () => {
    const cwd = workdir({ 'muster.yaml': 'back-offset: 40,0\nbleed: 9\n' });
    const { code, stderr } = await muster(['config'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/at back-offset: --back-offset "40,0": .*allowed -20 to 20/);
    expect(stderr).toMatch(/at bleed: --bleed 9: allowed 0 to 6 mm/);
  });

  it('an unknown field is refused with the field it may have meant', async () => {
    const cwd = workdir({ 'muster.yaml': 'papr: letter\n' });
    const { code, stderr } = await muster(['config'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/muster\.yaml at papr: unknown field: did you mean paper\?/);
  });

  it('a bad environment variable is refused naming it', async () => {
    const cwd = workdir();
    const { code, stderr } = await muster(['tables', 'bof', '--format', 'json'], cwd, { env: { MUSTER_INK: 'heavy' } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/MUSTER_INK="heavy": "heavy" is not allowed; allowed: normal or low/);
  });

  it('a forbidden key is refused as in every file muster reads', async () => {
    const cwd = workdir({ 'muster.yaml': '__proto__:\n  paper: letter\n' });
    const { code, stderr } = await muster(['config'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/the key "__proto__" is not allowed/);
  });

  it('muster config prints each value and where it came from', async () => {
    const cwd = workdir({ 'muster.yaml': 'paper: letter\n' });
    const { code, stdout } = await muster(['config', '--marks', 'none'], cwd, { env: { MUSTER_INK: 'low' } });
    expect(code).toBe(0);
    expect(stdout).toContain(`muster.yaml: ${path.join(cwd, 'muster.yaml')}`);
    expect(stdout).toMatch(new RegExp(`^paper +letter +${path.join(cwd, 'muster.yaml').replace(/[.\\/]/g, '\\$&')}$`, 'm'));
    expect(stdout).toMatch(/^ink +low +MUSTER_INK$/m);
    expect(stdout).toMatch(/^marks +none +command line$/m);
    expect(stdout).toMatch(/^units +\(the rule set's own\) +default$/m);
  });

  it('--help is printed whatever the file holds', async () => {
    const cwd = workdir({ 'muster.yaml': 'paper: a3\n' });
    const { code, stdout } = await muster(['config', '--help'], cwd);
    expect(code).toBe(0);
    expect(stdout).toMatch(/muster config --format json/);
  });

  it('the page reads no muster.yaml: its io does not ask for club defaults, so a file and MUSTER_* change nothing', async () => {
    const cwd = workdir({ 'muster.yaml': 'paper: a3\n' });
    const { code, stdout, stderr } = await muster(['config', '--format', 'json'], cwd, { clubDefaults: false, env: { MUSTER_PAPER: 'letter' } });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const config = JSON.parse(stdout);
    expect(config.file).toBeNull();
    expect(config.options.paper).toEqual({ value: 'a4', source: 'default' });
  });

  it("the design document's example muster.yaml is one muster reads", async () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/design.md', import.meta.url)), 'utf8');
    const example = /```yaml\n(# muster\.yaml[\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const cwd = workdir({ 'muster.yaml': example!, 'house-rules/.keep': '' });
    const config = await configOf(cwd);
    expect(config.options['back-offset']).toMatchObject({ value: '-2,1', source: 'file' });
    expect(config.options['data']).toMatchObject({ value: [path.join(cwd, 'house-rules')] });
  });

  it('the defaults join a command line as options it was not given, before a --, only those the command takes', () => {
    const command = (name: string) => COMMAND_TABLE.find((c) => c.name === name)!;
    const file = { kind: 'file' as const, file: '/club/muster.yaml' };
    const club = { values: { paper: { value: 'letter', source: file }, ink: { value: 'low', source: file }, data: { value: ['/club/house'], source: file } } };
    expect(withClubDefaults(command('tables'), ['tables', 'bof'], club)).toEqual(['tables', 'bof', '--paper=letter', '--ink=low', '--data=/club/house']);
    // a --data typed replaces the defaults' folders; the paper typed wins
    expect(withClubDefaults(command('tables'), ['tables', 'bof', '--paper', 'a4', '--data', 'mine'], club)).toEqual(['tables', 'bof', '--paper', 'a4', '--data', 'mine', '--ink=low']);
    // calibrate takes no --ink and no --data
    expect(withClubDefaults(command('calibrate'), ['calibrate', '--', 'x'], club)).toEqual(['calibrate', '--paper=letter', '--', 'x']);
  });

  it('a club with a guillotine sets its cards edge to edge (layout: guillotine), which the file or MUSTER_LAYOUT give; tokens and a print shop still print', async () => {
    const print = async (cwd: string, args: string[], env: Record<string, string> = {}) => {
      const { code, stdout, stderr } = await muster([...args, '--format', 'json', '--quiet'], cwd, { env });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const doc = JSON.parse(stdout) as { decks?: { print: { guillotine?: boolean; shop?: string } }[] };
      return doc.decks?.[0]?.print;
    };
    const club = workdir({ 'muster.yaml': 'layout: guillotine\n' });
    expect((await configOf(club)).options['layout']).toMatchObject({ value: 'guillotine', source: 'file' });
    expect(await print(club, ['cards', 'bof', '--nation', 'us'])).toMatchObject({ guillotine: true });
    // the command line's sheets win
    expect((await print(club, ['cards', 'bof', '--nation', 'us', '--layout', 'sheets']))?.guillotine).toBeUndefined();
    // a print shop cuts its own cards: no sheets to set edge to edge, and no refusal
    const shop = await muster(['cards', 'bof', '--nation', 'us', '--shop', 'dtc', '-o', 'deck.pdf', '--quiet'], club);
    expect(shop.code, shop.stderr).toBe(0);
    expect(cardPrint({ duplex: 'long', backOffset: '0,0', marks: 'crop', layout: 'guillotine', shop: 'dtc' }).guillotine).toBeUndefined();
    const tokens = await muster(['tokens', 'bof', '--format', 'json', '--quiet'], club);
    expect(tokens.code, tokens.stderr).toBe(0);
    const plain = workdir();
    expect(await print(plain, ['cards', 'bof', '--nation', 'us'], { MUSTER_LAYOUT: 'guillotine' })).toMatchObject({ guillotine: true });
    expect((await print(plain, ['cards', 'bof', '--nation', 'us']))?.guillotine).toBeUndefined();
  });

  it('layout: fold is refused as a default: it is one run\'s, and token sheets and print shops refuse it', async () => {
    const cwd = workdir({ 'muster.yaml': 'layout: fold\n' });
    const { code, stderr } = await muster(['config'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/at layout: "fold" is not allowed as a default; allowed: sheets or guillotine/);
    const env = await muster(['cards', 'bof', '--format', 'json'], workdir(), { env: { MUSTER_LAYOUT: 'fold' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/MUSTER_LAYOUT="fold": "fold" is not allowed as a default/);
  });

  it('a bleed the club gives is kept as given; left out, the sheets may take 2 mm to fit more cards', async () => {
    const given = workdir({ 'muster.yaml': 'bleed: 3\n' });
    const { stdout } = await muster(['cards', 'bof', '--nation', 'us', '--format', 'json', '--quiet'], given);
    expect(JSON.parse(stdout).decks[0].print).toMatchObject({ bleed: 3, keepBleed: true });
    const plain = await muster(['cards', 'bof', '--nation', 'us', '--format', 'json', '--quiet'], workdir());
    const print = JSON.parse(plain.stdout).decks[0].print;
    expect(print.bleed).toBe(3);
    expect(print.keepBleed).toBeUndefined();
    const shown = await muster(['config'], workdir());
    expect(shown.stdout).toMatch(/^bleed +3 \(2 where that fits more cards a sheet\) +default$/m);
  });

  it('a field spelt as a program would spell it is refused with the one meant', async () => {
    const cwd = workdir({ 'muster.yaml': 'backOffset: 1,1\n' });
    const { code, stderr } = await muster(['config'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/at backOffset: unknown field: did you mean back-offset\?/);
  });
});
