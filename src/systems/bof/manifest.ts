import { MAX_POINTS, MAX_SCORE } from '../../data/limit-values.js';
import type { RuleSetManifest } from '../manifest.js';

export const bofManifest: RuleSetManifest = {
  id: 'bof',
  name: 'Burst of Fire',
  cards: {
    takes: ['nation', 'force', 'strict'],
    instead: { list: 'its cards are one deck, narrowed by --nation (such as --nation Germany; muster list bof nations) and --doctrine' },
    options: [
      { name: 'doctrine', type: 'string', label: 'Doctrine', describe: 'only units of this doctrine (id, or name with --nation; `muster list bof doctrines`)' },
      { name: 'explain-cost', type: 'string', label: "A unit's cost worked out", describe: "a unit's id or name: print how its cost is worked out, and nothing else", example: 'e.g. de-panzer-iv' },
    ],
  },
  tokens: {
    takes: ['force', 'only', 'without', 'count'],
    options: [
      { name: 'events', type: 'boolean', label: 'The event cards instead of tokens', describe: 'print the Random Event & Effect cards instead' },
      { name: 'max-score', type: 'number', label: 'Combat Score track up to', range: { min: 5, max: MAX_SCORE }, example: '50', describe: 'Combat Score track maximum (default 50; 15 for Probing the enemy lines)' },
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
        label: 'How the enemy is set up',
        mode: 'solo',
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
    actions: ['new', 'record', 'next', 'status', 'booklet', 'undo'],
    takes: ['names', 'force', 'strict'],
    solo: { option: 'solo', enemy: 'Enemy' },
    // Campaigns may be played by 1-6 players; a side's zone has three sectors (Special rules for multiplayer games)
    players: { most: 6, perSide: 3 },
    notes: {
      force: "new: one for each player, in the order of --names (solo: yours alone), kept in the state by value; a player without one builds his own for each game",
      strict: 'new: refuse a force that breaks its doctrine; next: refuse a kept force over its game\'s budget',
      names: 'the players, side A first: "Red,Blue"; up to six, the sides split by a colon, "Anna,Ben,Carl:Dora,Emil,Fritz" (or halves, side A the larger); a solo campaign (--solo) takes your name alone',
    },
    options: [
      { name: 'solo', type: 'boolean', label: 'A solo campaign', describe: 'a solo campaign: rungs use solo packets, your army (your force, or rolled once) kept for the whole ladder' },
      { name: 'winner', type: 'string', choices: ['a', 'b'], label: 'Who won', describe: 'record: who won' },
      {
        name: 'victory',
        type: 'string',
        choices: ['decisive', 'strategic', 'turns'],
        label: 'How the game was won',
        describe:
          'record: how the game was won: decisive (the mission done, or the enemy stopped), strategic (the enemy withdrew at the Combat Score limit), turns (ahead on Combat Score after the last turn)',
      },
      { name: 'combat-score', type: 'string', label: 'Combat Scores', example: 'e.g. 32:18', describe: 'record: both Combat Scores as A:B' },
      {
        name: 'salvage',
        type: 'string',
        array: true,
        label: 'Salvage',
        describe: 'record: side:WHAT the victor salvaged, repeatable: a vehicle, support weapon or infantry weapon (WEAPON>SOLDIER names who carries it), joining a kept force at no cost; without a kept force, any text',
      },
      {
        name: 'upgrade',
        type: 'string',
        array: true,
        label: 'Upgrades',
        describe:
          "record: side:FROM>TO (a unit), side:FROM>elite (a rank) or side:FROM+WEAPON, repeatable; with several players a side the player's name for side (Anna:FROM>TO): checked against the upgrade boundaries, priced by the points it adds and applied to a kept force; without a kept force also side:text:cost",
      },
      { name: 'note', type: 'string', array: true, label: 'Notes', describe: "record: side:text (PLAYER:text with several players a side), a line in the ledger that changes nothing, repeatable" },
    ],
  },
};
