import { MAX_POINTS } from '../../data/limits.js';
import type { RuleSetManifest } from '../manifest.js';

export const bofManifest: RuleSetManifest = {
  id: 'bof',
  name: 'Burst of Fire',
  cards: {
    takes: ['nation', 'force', 'strict'],
    instead: { list: 'its cards are one deck, narrowed by --nation (such as --nation Germany; muster list bof nations) and --doctrine' },
    options: [
      { name: 'doctrine', type: 'string', describe: 'only units of this doctrine (id, or name with --nation; `muster list bof doctrines`)' },
      { name: 'explain-cost', type: 'string', describe: "print how a unit's cost is worked out, and nothing else" },
    ],
  },
  tokens: {
    takes: ['force', 'only', 'without', 'count'],
    options: [
      { name: 'events', type: 'boolean', describe: 'print the Random Event & Effect cards instead' },
      { name: 'max-score', type: 'number', describe: 'Combat Score track maximum (default 50; 15 for Probing the enemy lines)' },
    ],
    notes: { force: 'sizes the token sheet and the Action Point Counter to the force' },
  },
  scenario: {
    modes: ['versus', 'solo'],
    players: [2, 4, 6],
    table: { width: 120, height: 120 },
    takes: ['scenario', 'force', 'strict', 'names', 'points'],
    points: { min: 10, max: MAX_POINTS, default: 150 },
    scenarios: { what: 'game mode', listCommand: 'muster list bof modes' },
    options: [
      {
        name: 'enemy',
        type: 'string',
        choices: ['bags', 'buy'],
        describe:
          'solo: how the enemy is set up: bags (drawn from bags of counters until its points are used; the default) or buy (its core units and rolled additional points, the rest bought by you as you see fit)',
      },
    ],
    notes: {
      players: '2, 4 or 6 (points cut to 75% or 50% each)',
      points: 'Combat only, 150 by default',
      force: 'a side left out is rolled as without one',
      names: 'side A first, e.g. "Anna,Ben" (solo: your name alone)',
    },
  },
  campaign: {
    actions: ['new', 'record', 'next', 'status', 'booklet'],
    takes: ['names'],
    options: [
      { name: 'solo', type: 'boolean', describe: 'a solo campaign: rungs use solo packets' },
      { name: 'winner', type: 'string', choices: ['a', 'b'], describe: 'record: who won' },
      {
        name: 'victory',
        type: 'string',
        choices: ['decisive', 'strategic', 'turns'],
        describe:
          'record: how the game was won: decisive (the mission done, or the enemy stopped), strategic (the enemy withdrew at the Combat Score limit), turns (ahead on Combat Score after the last turn)',
      },
      { name: 'combat-score', type: 'string', describe: 'record: both Combat Scores as A:B' },
      { name: 'salvage', type: 'string', array: true, describe: 'record: side:what the victor salvaged, repeatable' },
      { name: 'upgrade', type: 'string', array: true, describe: 'record: side:FROM>TO:cost, repeatable: names two units and is checked against the upgrade boundaries' },
    ],
  },
};
