/**
 * One look (design.md section 4): an icon means one thing in every rule set. This is that
 * vocabulary, written down once: each icon's one meaning, and the words (card stat labels,
 * token labels, card back subjects, lower case) that may carry it. A builder or a data file
 * picks the icon whose words name what it shows; test/layout/one-look.test.ts holds every use
 * in every rule set to this list. A state a player must tell apart on the table has an icon of
 * its own; the same state in two rule sets has the same icon. Nations' colours: nation-colours.ts.
 */
import type { IconName } from '../doc/model.js';

export interface IconMeaning {
  /** the one thing the icon stands for, in a few words */
  meaning: string;
  /** the labels that may carry it: stat labels, token labels, card back subjects (lower case) */
  words: readonly string[];
}

export const ICON_MEANINGS: Readonly<Record<IconName, IconMeaning>> = {
  // what a unit is (card backs) and what it has (card stats)
  helmet: { meaning: 'infantry: soldiers on foot', words: ['infantry', 'infantry team', 'officer team', 'sniper'] },
  figures: { meaning: 'a count of men: men in a unit, passengers carried', words: ['men', 'passengers', 'tank riders'] },
  star: {
    meaning: 'rank and quality: an officer or leader, the orders they give, training and skill',
    words: ['ranking officer', 'squad leader', 'expertise', 'trn', 'conscript', 'regular', 'elite', 'order', 'order card'],
  },
  medal: { meaning: 'morale: nerve to stand and obey', words: ['mor'] },
  tank: { meaning: 'armoured vehicles and fire against them (AP)', words: ['afv', 'ap', 'tank', 'heavy tank', 'light vehicle', 'vehicles'] },
  truck: { meaning: 'a soft-skin transport', words: ['transport'] },
  wheel: { meaning: 'vehicle crew: the men who drive and fight a vehicle', words: ['crew'] },
  'crewed-gun': { meaning: 'a support weapon or gun and its crew', words: ['support weapon', 'gun', 'crew'] },
  plane: { meaning: 'aircraft', words: ['plane', 'intercept'] },
  shield: { meaning: 'armour: protection against being killed', words: ['armour', 'armour f/s/r/t', 'arm'] },
  heart: { meaning: 'hit points: the damage a vehicle can take, hits taken', words: ['hp', 'hit'] },
  'tommy-gun': { meaning: 'small-arms fire', words: ['attack', 'small arms', 'wpn', 'cover fire'] },
  explosion: { meaning: 'high explosive: HE fire, a blast', words: ['he', 'live mines'] },
  shell: { meaning: 'rate of fire: attacks per turn', words: ['attacks per turn'] },
  bayonet: { meaning: 'melee: close combat', words: ['melee'] },
  arrow: { meaning: 'movement: how far and how fast', words: ['move', 'mobility', 'mounted', 'emplaced', 'sprint', 'overdrive', 'double move', '−1d6 move', 'manoeuvre'] },
  actions: { meaning: 'actions per turn', words: ['actions'] },
  dollar: { meaning: 'cost in points', words: ['cost', 'points'] },
  // states a unit is in (tokens)
  down: { meaning: 'pinned down by fire: pinned, suppressed, pins taken', words: ['pins', 'pin', 'pinned', 'suppressed'] },
  grounded: { meaning: 'pinned for good: stays pinned for the rest of the game', words: ['pinned for good'] },
  prone: { meaning: 'gone to ground: lying flat in cover', words: ['gone to ground', 'hit the dirt'] },
  sandbags: { meaning: 'dug in: a set-up position in full cover', words: ['set up'] },
  'hull-down': { meaning: 'hull down: a vehicle behind a crest', words: ['hull down'] },
  retreat: { meaning: 'falling back: retreat, back up, reposition, spiral away', words: ['retreat', 'falling back', 'back up', 'reposition', 'def. spiral'] },
  'white-flag': { meaning: 'surrender', words: ['surrender'] },
  bolt: { meaning: 'shocked: stunned by a near miss', words: ['shocked'] },
  shaken: { meaning: 'shaken nerve: frightened, panicking, disordered', words: ['frightened', 'panic', 'driver panics', 'disordered'] },
  'bail-out': { meaning: 'the crew bails out of its vehicle', words: ['crew bails'] },
  cross: { meaning: 'injured', words: ['injured'] },
  clock: { meaning: 'spent for the turn', words: ['spent'] },
  thermometer: { meaning: 'overheated: a machine gun cooling down', words: ['cool-down'] },
  eye: { meaning: 'watching: overwatch, ready to fire on what moves', words: ['overwatch', 'over watch'] },
  'eye-shut': { meaning: 'sight shut in: buttoned up', words: ['buttoned'] },
  bush: { meaning: 'hidden from the enemy', words: ['hidden'] },
  binoculars: { meaning: 'scouting: a patrol marker', words: ['patrol'] },
  crosshair: { meaning: 'fire laid on a point: an aim point, an ambush', words: ['aim point', 'ambush'] },
  tick: { meaning: 'genuine: the real unit', words: ['genuine'] },
  empty: { meaning: 'a dummy: nothing there', words: ['dummy'] },
  // what happens to a vehicle or a weapon
  wrench: { meaning: 'broken down: out of action until repaired', words: ['broken down', 'disabled'] },
  gear: { meaning: 'engine hit: moves at half speed', words: ['engine hit'] },
  anchor: { meaning: 'immobilised: cannot move again', words: ['immobilised', 'immobilized'] },
  stuck: { meaning: 'stuck: bogged or caught, must free itself to move', words: ['stuck', 'stuck on wire'] },
  turret: { meaning: 'turret jammed', words: ['turret jam', 'turret jammed'] },
  'broken-gun': { meaning: 'a weapon damaged or lost', words: ['gun damage', 'damaged gun', 'weapon lost'] },
  radio: { meaning: 'the radio: radio out', words: ['radio out'] },
  flame: { meaning: 'on fire: burning, brewed up', words: ['on fire', 'brewed up'] },
  // the battlefield
  flag: { meaning: 'a place to take or hold: objective, jump-off point, landing point', words: ['objective', 'jop', 'landing point'] },
  cloud: { meaning: 'smoke', words: ['smoke'] },
  mine: { meaning: 'mines', words: ['mines', 'minefield'] },
  wire: { meaning: 'barbed wire', words: ['wire'] },
  rubble: { meaning: 'a ruined building', words: ['ruin'] },
  crater: { meaning: 'a shell crater', words: ['crater'] },
  die: { meaning: 'chance: a random event', words: ['random event & effect'] },
};

/**
 * The icons whose words include this one (a stat or token label, a back's subject). One, but for
 * a word that names two things: a `crew` stat is a vehicle's (wheel) or a gun's (crewed gun).
 */
export function iconsFor(word: string): IconName[] {
  const w = word.toLowerCase();
  return (Object.keys(ICON_MEANINGS) as IconName[]).filter((icon) => ICON_MEANINGS[icon].words.includes(w));
}

export { NATION_COLOURS, nationColour, type NationColour } from './nation-colours.js';
