import type { RuleSetManifest } from '../manifest.js';

export const fireTeamManifest: RuleSetManifest = {
  id: 'fireteam',
  name: 'Fire Team',
  cards: { takes: ['force', 'strict', 'list'], notes: { list: 'an army list (e.g. russians)' } },
  tokens: { takes: ['force', 'only', 'without', 'count'], notes: { force: 'a force file: the pins, damage and other markers in the numbers its teams need' } },
  scenario: {
    modes: ['versus'],
    players: [2, 4],
    table: { width: 183, height: 122 },
    takes: ['scenario', 'points', 'force', 'strict'],
    points: { min: 0, max: 40 },
    scenarios: { what: 'battle', listCommand: 'muster list fireteam battles' },
    options: [
      { name: 'battle', type: 'string', label: 'Battle', describe: 'the battle, encounter or attack (attack versus defence, side A attacking); rolled when left out' },
      { name: 'lists', type: 'string', label: 'Army lists', example: 'e.g. russians,finns', describe: "the two sides' army lists, side A first, e.g. russians,finns; drawn when left out" },
    ],
    notes: {
      players: '2 or 4, a platoon each',
      points: 'reinforcement points a side, 0 to 40',
      table: '72x48 in',
      scenario: 'a battle, as --battle',
      force: "checked against the battle's core and reinforcement points; a side left out is rolled",
    },
  },
  campaign: {
    actions: ['new', 'record', 'next', 'status', 'booklet', 'undo'],
    // the turn's assaults set its battles; a plain `next` prints them again
    nextChangesWith: 'assault',
    takes: ['names', 'force', 'strict'],
    // "multiple players each controlling a platoon": the core is 4 points a player with two a side
    players: { most: 4, perSide: 2 },
    notes: {
      force: "kept in the state, one for each player in the order of --names; each battle takes its reinforcements from the file's list, in order, or rolls them where it lists none",
      names: 'the sides, side A first, e.g. "Red,Blue"; or two players a side, each his own platoon, split by a colon: "Anna,Ben:Carl,Dora"',
    },
    options: [
      { name: 'lists', type: 'string', label: 'Army lists', example: 'e.g. russians,finns', describe: "new: the two sides' army lists, e.g. russians,finns" },
      { name: 'winner', type: 'string', choices: ['a', 'b', 'draw'], label: 'Who won', describe: 'record: who won, or draw' },
      { name: 'battle', type: 'number', label: 'Which battle', range: { min: 1, max: 2 }, describe: "record: which of the turn's battles, 1 or 2" },
      { name: 'assault', type: 'string', array: true, label: 'Assaults', describe: 'next: side:SQUARE each side assaults, or side:hold for a side that launches none (a side left out holds), e.g. --assault a:C5 --assault b:C2' },
      { name: 'split', type: 'string', array: true, label: 'Points to the attack', describe: "next: side:N, the points of a side's 8 that go to its attack, e.g. a:5 (default the middle)" },
    ],
  },
};
