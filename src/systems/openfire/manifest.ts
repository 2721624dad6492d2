import { MAX_POINTS } from '../../data/limits.js';
import type { RuleSetManifest } from '../manifest.js';

export const openFireManifest: RuleSetManifest = {
  id: 'openfire',
  name: 'Open Fire',
  cards: {
    takes: ['nation', 'force', 'strict'],
    notes: { force: 'a force from muster\'s sample lists (docs/openfire-force-file.md): its roster and a card for every unit' },
    instead: { list: 'its unit, order and manoeuvre cards are one set, narrowed by --nation (such as --nation "Soviet Union"; muster list openfire nations)' },
  },
  tokens: { takes: ['force', 'only', 'without', 'count'], notes: { force: 'a force file: the pinned, damage and hit-point markers in the numbers its units need' } },
  scenario: {
    modes: ['versus'],
    players: [2],
    table: { width: 120, height: 120 },
    takes: ['scenario', 'force', 'strict', 'points'],
    points: { min: 10, max: MAX_POINTS, default: 500 },
    scenarios: { what: 'Open Fire scenario', listCommand: 'muster list openfire scenarios' },
    options: [
      {
        name: 'nation',
        type: 'string',
        label: 'Nations of sides A and B',
        example: 'e.g. Germany,Soviet Union',
        describe: "the sides' nations, side A's first, by id or name, e.g. \"Germany,Soviet Union\" or de,su; one name sets side A's alone; drawn when left out, never the same for both sides unless given so; a side's force file sets its nation",
      },
      {
        name: 'minefields',
        type: 'number',
        label: 'Minefields on the table',
        range: { min: 0, max: 6 },
        example: '0',
        describe: "minefields on the table, 0 to 6 (default 0), each reaching 3 in round its counter, placed by dice between the deployment zones; muster's own setting, the text gives no number",
      },
    ],
    notes: { points: '500 by default; a force file given with --force is checked against it', force: 'a force from muster\'s sample lists (docs/openfire-force-file.md) in place of the dice\'s' },
  },
};
