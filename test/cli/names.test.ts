import { afterEach, describe, expect, it } from 'vitest';
import { muster } from '../helpers/cli.js';
import { workdirs } from '../helpers/fixtures.js';

const workdir = workdirs(afterEach);

/** A legal US rifle platoon written the way a player would, by names rather than ids. */
const BY_NAMES = `name: Easy Company
nation: United States
doctrine: Infantry
detachment: Rifle platoon
points: 60
units:
  - unit: us-officer
  - unit: Sergeant
  - unit: rifleman
    count: 5
  - unit: Rifleman
    weapons: [thompson]
  - unit: BAR gunner
  - unit: us-bazooka-gunner
    weapons: [Hand grenade]
`;

describe('names a player types are taken where they name one thing', () => {
  it('a force file by names: "United States" is us, "Infantry" its infantry doctrine, units and weapons by name', async () => {
    const cwd = workdir({ 'force.yaml': BY_NAMES });
    const { code, stdout, stderr } = await muster(['cards', 'bof', '--force', 'force.yaml', '--strict', '--format', 'md'], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Check: no problems/);
  });
  it('a weapon by its id without the nation, where it names one weapon of the force’s nation', async () => {
    const force = `name: Gruppe
nation: Germany
doctrine: de-infantry
detachment: de-grenadier-platoon
points: 100
units:
  - unit: de-officer
  - unit: de-squad-leader
  - unit: de-rifleman
    count: 6
  - unit: de-rifleman
    weapons: [mp40, Stielhandgranate]
  - unit: de-mg-gunner
`;
    const { code, stdout } = await muster(['cards', 'bof', '--force', 'force.yaml', '--strict', '--format', 'md'], workdir({ 'force.yaml': force }));
    expect(code).toBe(0);
    expect(stdout).toMatch(/MP 40/);
  });
  it('--nation "United States" on the command line as in a force file', async () => {
    const { code } = await muster(['cards', 'bof', '--nation', 'United States', '--format', 'json'], workdir());
    expect(code).toBe(0);
  });
  it('--scenario and --battle by name', async () => {
    const bof = await muster(['scenario', 'bof', '--scenario', 'Victory Zones', '--seed', 's', '--format', 'json'], workdir());
    expect(bof.code).toBe(0);
    expect((JSON.parse(bof.stdout) as { scenario: { id: string } }).scenario.id).toBe('victory-zones');
    const ft = await muster(['scenario', 'fireteam', '--battle', 'Encounter', '--seed', 's', '--format', 'json'], workdir());
    expect(ft.code).toBe(0);
  });
});

describe('a misspelt name gets the close matches and the command that lists them all', () => {
  it('--nation germnay suggests Germany, for cards and for list', async () => {
    for (const args of [
      ['cards', 'bof', '--nation', 'germnay'],
      ['list', 'bof', 'units', '--nation', 'germnay'],
    ]) {
      const { code, stderr } = await muster(args, workdir());
      expect(code).toBe(2);
      expect(stderr).toMatch(/unknown nation "germnay": did you mean de \(Germany\)\?.*muster list bof nations/);
    }
    const of = await muster(['cards', 'openfire', '--nation', 'germnay'], workdir());
    expect(of.code).toBe(2);
    expect(of.stderr).toMatch(/unknown nation "germnay": did you mean de \(Germany\)\?.*muster list openfire nations/);
  });
  it('a force file with "de-rifelman" suggests de-rifleman, and a weapon that names several lists them', async () => {
    const force = BY_NAMES.replace('nation: United States', 'nation: de')
      .replace('doctrine: Infantry', 'doctrine: de-infantry')
      .replace('detachment: Rifle platoon', 'detachment: de-grenadier-platoon')
      .replace('unit: us-officer', 'unit: de-rifelman')
      .replace('[thompson]', '[panzerfaust]');
    const { code, stderr } = await muster(['cards', 'bof', '--force', 'force.yaml', '--strict', '--format', 'md'], workdir({ 'force.yaml': force }));
    expect(code).toBe(2);
    expect(stderr).toMatch(/units\[0\] de-rifelman \(unit\): unknown unit "de-rifelman": did you mean de-rifleman \(Grenadier\)\? List them with muster list bof units --nation de/);
    expect(stderr).toMatch(/unknown weapon "panzerfaust": did you mean de-panzerfaust-30 \(Panzerfaust 30\), de-panzerfaust-60 \(Panzerfaust 60\) or de-panzerfaust-100/);
  });
  it('a detachment that does not exist names the doctrine’s own', async () => {
    const force = BY_NAMES.replace('detachment: Rifle platoon', 'detachment: us-infantry-platoon');
    const { code, stderr } = await muster(['cards', 'bof', '--force', 'force.yaml', '--strict', '--format', 'md'], workdir({ 'force.yaml': force }));
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown detachment "us-infantry-platoon"; known: us-rifle-platoon; list them with muster list bof detachments --doctrine us-infantry/);
  });
  it('--scenario, --battle and --lists', async () => {
    const cases: [string[], RegExp][] = [
      [['scenario', 'bof', '--scenario', 'victory-zone'], /--scenario: unknown game mode "victory-zone": did you mean victory-zones\?/],
      [['scenario', 'fireteam', '--battle', 'atack'], /--battle: unknown battle "atack": did you mean attack \(Attack versus defence\)\?/],
      [['scenario', 'fireteam', '--lists', 'rusians,finns'], /--lists: unknown army list "rusians": did you mean russians\?/],
      [['scenario', 'openfire', '--scenario', 'objectivs'], /--scenario: unknown Open Fire scenario "objectivs": did you mean objectives/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await muster(args, workdir());
      expect(code, args.join(' ')).toBe(2);
      expect(stderr, args.join(' ')).toMatch(message);
    }
  });
  it('a Fire Team pick and vehicle', async () => {
    const force = `name: Zug
list: Fallschirmjäger
points: { core: 4, reinforcements: 6 }
platoons: [{ squads: 2 }]
reinforcements:
  - { pick: medium-tnak, vehicle: stug }
  - { pick: Medium tank or assault gun, vehicle: stugg }
`;
    const { code, stderr } = await muster(['cards', 'fireteam', '--force', 'force.yaml', '--strict', '--format', 'md'], workdir({ 'force.yaml': force }));
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown Fallschirmjäger pick "medium-tnak": did you mean medium-tank \(Medium tank or assault gun\)\?/);
    expect(stderr).toMatch(/unknown vehicle "stugg": did you mean stug\? Known: stug, hetzer, panzer-iv/);
  });
  it('a misspelt command or rule set', async () => {
    expect((await muster(['lsit', 'bof'], workdir())).stderr).toMatch(/unknown command "lsit" \(did you mean list\?\)/);
    expect((await muster(['tables', 'fireteem'], workdir())).stderr).toMatch(/unknown rule set "fireteem" \(did you mean fireteam\?\); known rule sets: blazeaway, bof, fireteam, openfire/);
  });
});
