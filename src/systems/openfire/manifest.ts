import { MAX_POINTS } from '../../data/limits.js';
import type { RuleSetManifest } from '../manifest.js';

export const openFireManifest: RuleSetManifest = {
  id: 'openfire',
  name: 'Open Fire',
  cards: {
    takes: ['nation'],
    instead: { force: 'print the sample lists with --nation', list: 'its unit, order and manoeuvre cards are one set, narrowed by --nation (such as --nation "Soviet Union"; muster list openfire nations)' },
  },
  scenario: {
    modes: ['versus'],
    players: [2],
    table: { width: 120, height: 120 },
    takes: ['scenario', 'points'],
    points: { min: 10, max: MAX_POINTS, default: 500 },
    scenarios: { what: 'Open Fire scenario', listCommand: 'muster list openfire scenarios' },
    options: [
      {
        name: 'minefields',
        type: 'number',
        label: 'Minefields on the table',
        range: { min: 0, max: 6 },
        example: '0',
        describe: "minefields on the table, 0 to 6 (default 0), each reaching 3 in round its counter, placed by dice between the deployment zones; muster's own setting, the text gives no number",
      },
    ],
    notes: { points: '500 by default' },
  },
};
