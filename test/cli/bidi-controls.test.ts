/**
 * Issue 55, point 8: a right-to-left override (or any bidirectional control) in a name reached
 * the terminal as it was, and turned the rest of the line round. Whatever muster prints shows
 * each as an escape, `\u202E`; the state file and the JSON keep the name itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { escapeControls } from '../../src/data/control-chars.js';
import { workdirs } from '../helpers/fixtures.js';
import { muster } from '../helpers/cli.js';

const workdir = workdirs(afterEach);
const BIDI = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const RAW_BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const RLO = '\u202e';

describe('bidirectional controls never reach the terminal as themselves', () => {
  it('each is shown as its escape, and a control character as before', () => {
    for (const c of BIDI) expect(escapeControls(`Red${c}Blue`)).toBe(`Red\\u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}Blue`);
    expect(escapeControls(`a\u001b${RLO}b\n`)).toBe('a\\u{1b}\\u202Eb\n');
    expect(escapeControls('Panzergrenadier-Regiment «Groß» ש')).toBe('Panzergrenadier-Regiment «Groß» ש');
  });

  it('a campaign side named with an override: the message shows the escape, the state keeps the name', async () => {
    const cwd = workdir();
    const made = await muster(['campaign', 'bof', 'new', '--state', 'c.json', '--seed', 'rlo', '--names', `Red${RLO}niw,Blue`], cwd);
    expect(made.code).toBe(0);
    expect(made.stderr).toContain('Red\\u202Eniw');
    expect(made.stderr).not.toMatch(RAW_BIDI);
    expect((JSON.parse(readFileSync(path.join(cwd, 'c.json'), 'utf8')) as { names: { a: string } }).names.a).toBe(`Red${RLO}niw`);
    const status = await muster(['campaign', 'bof', 'status', '--state', 'c.json', '--format', 'json'], cwd);
    expect(status.stdout).not.toMatch(RAW_BIDI);
    // JSON's own escape: a script reading it gets the name itself
    expect((JSON.parse(status.stdout) as { names: { a: string } }).names.a).toBe(`Red${RLO}niw`);
  });

  it('a force named with an override, and a file name with one, in messages', async () => {
    const cwd = workdir({
      'f.yaml': readFileSync(new URL('../../examples/forces/kampfgruppe-weber.yaml', import.meta.url), 'utf8').replace(/^name: .*$/m, `name: "Weber${RLO}\u2067 Haas"`),
    });
    const checked = await muster(['check', 'bof', '--force', 'f.yaml'], cwd);
    expect(checked.code).toBe(0);
    expect(checked.stdout + checked.stderr).toContain('Weber\\u202E\\u2067 Haas');
    expect(checked.stdout + checked.stderr).not.toMatch(RAW_BIDI);
    const missing = await muster(['campaign', 'bof', 'status', '--state', `c${RLO}nosj.json`], cwd);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('c\\u202Enosj.json');
    expect(missing.stderr).not.toMatch(RAW_BIDI);
  });
});
