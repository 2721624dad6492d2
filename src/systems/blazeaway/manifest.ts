import type { RuleSetManifest } from '../manifest.js';

export const blazeAwayManifest: RuleSetManifest = {
  id: 'blazeaway',
  name: 'Blaze Away!',
  cards: { takes: ['force', 'strict', 'list'], notes: { list: 'a player colour (red, blue)' } },
  tokens: { takes: ['force', 'only', 'without', 'count'], notes: { force: 'a force file: the disordered, hit and disabled markers in the numbers its units need' } },
  scenario: {
    modes: ['versus'],
    players: [2],
    table: { width: 180, height: 120 },
    takes: ['force', 'strict'],
    options: [
      {
        name: 'barrage',
        type: 'string',
        choices: ['attacker', 'defender', 'both', 'none'],
        label: 'Pre-game barrage',
        describe: "who fires a pre-game barrage of 6 to 10 templates (7.3.2); muster's default: the attacker",
      },
      { name: 'suppressive', type: 'string', label: 'Suppressive-fire templates', example: 'e.g. 2,0', describe: 'suppressive-fire templates allotted at the start and fired in play (7.3.13), 0 to 10, one number for both sides or A,B such as 2,0' },
      { name: 'divisional', type: 'string', label: 'Divisional artillery templates a turn', example: 'e.g. 3,1', describe: 'divisional artillery templates a side may call each turn (7.3.11), 0 to 3, one number for both sides or A,B such as 3,1' },
      {
        name: 'buildings',
        type: 'string',
        label: "The defender's buildings",
        example: 'e.g. wood=2,bunker=1',
        describe: "the defender's buildings, each given defence points in its kind's bounds (7.3.15): KIND=N, comma-separated, kinds wood (1-6), brick (7-15), bunker (15-29), heavy-bunker (30-40), 0 to 10 of each, e.g. wood=2,bunker=1",
      },
      { name: 'fixed-defence', type: 'boolean', label: "The defender's guns in Fixed Defence", describe: "the defender's guns stand in Fixed Defence (7.2.7): +1 to knock out, an Excellent crew shoots twice" },
    ],
    notes: { force: "muster's sample forces fill a side left out", table: '180x120 cm' },
    instead: {
      scenario: 'Blaze Away! scenarios are rolled whole',
      points: "the forces are the --force files, or muster's samples",
    },
  },
};
