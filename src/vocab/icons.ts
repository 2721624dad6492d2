/**
 * The icon vocabulary, in one place below every layer that names an icon: the names a data
 * file or a document may ask for, what each one means (the same in every rule set), and how
 * it is drawn. Data checks names against it, builders pick icons by it, layout and render draw
 * from it.
 */

/** The vector icons a document may ask for; layout draws them. */
export const ICON_NAMES = [
  'shield',
  'tommy-gun',
  'explosion',
  'tank',
  'dollar',
  'wheel',
  'crewed-gun',
  'arrow',
  'shell',
  'helmet',
  'actions',
  'star',
  'plane',
  'flame',
  'cloud',
  'flag',
  'mine',
  'eye',
  'cross',
  'wrench',
  'clock',
  'down',
  'wire',
  'bayonet',
  'figures',
  'heart',
  'medal',
  'bolt',
  'shaken',
  'white-flag',
  'die',
  'crosshair',
  'crater',
  'rubble',
  'turret',
  'hull-down',
  'truck',
  'broken-gun',
  'bail-out',
  'retreat',
  'prone',
  'bush',
  'tick',
  'empty',
  'eye-shut',
  'binoculars',
  'thermometer',
  'anchor',
  'gear',
  'stuck',
  'radio',
  'grounded',
  'sandbags',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/**
 * One look (docs/design.md, Print conventions): an icon means one thing in every rule set. This is that
 * vocabulary, written down once: each icon's one meaning, and the words (card stat labels,
 * token labels, card back subjects, lower case) that may carry it. A builder or a data file
 * picks the icon whose words name what it shows; test/layout/one-look.test.ts holds every use
 * in every rule set to this list. A state a player must tell apart on the table has an icon of
 * its own; the same state in two rule sets has the same icon. Nations' colours: layout/nation-colours.ts.
 */

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

/**
 * Vector icons, drawn in a 24 x 24 box as SVG path data and filled. They stay sharp at any
 * size and need no image files. The names are the symbols the rules texts use for stats; what
 * each one means, the same in every rule set, is ICON_MEANINGS above. The icons
 * after `wire` are filled by the non-zero rule: solids run clockwise, holes the other way.
 */
export const ICONS: Readonly<Record<IconName, string>> = {
  /** armour */
  shield: 'M12 1.5 L21 4.8 V11 C21 16.6 17.4 20.8 12 22.5 C6.6 20.8 3 16.6 3 11 V4.8 Z',
  /** small-arms attack: a submachine gun with a drum magazine */
  'tommy-gun':
    'M1 9 H6 V8 H19 V9.2 H23 V10.8 H19 V12 H13 L12.2 14 H10.4 L10.9 12 H8 L4.6 15.2 H1.4 L3.6 12 H1 Z ' +
    'M13.6 12.2 A2.6 2.6 0 1 1 13.59 12.2 Z',
  /** high explosive */
  explosion:
    'M12 1 L14.1 7.2 L19.8 3.6 L17 9.6 L23 11 L17.3 13.6 L21 19 L14.9 16.4 L13.6 23 L11 17 L7 22 L7.6 15.8 ' +
    'L1.4 16.8 L5.9 12.4 L1 8.2 L7.3 8.4 L6.2 2.4 L10.4 6.6 Z',
  /** armour-piercing attack: a tank */
  tank: 'M2 15.5 H22 L20.2 20 H3.8 Z M4.5 11.5 H19.5 V15 H4.5 Z M8 7.5 H15.5 V11.5 H8 Z M15.5 8.6 H23 V10 H15.5 Z',
  /** cost */
  dollar:
    'M11 1.5 H13 V3.6 C15.6 3.9 17.4 5.3 17.8 7.6 L15.4 8.1 C15.1 6.8 14.1 6 12.2 6 C10.2 6 9.1 6.9 9.1 8.2 ' +
    'C9.1 9.6 10.4 10.2 12.6 10.8 C15.9 11.6 18.2 12.8 18.2 16 C18.2 18.6 16.2 20.2 13 20.5 V22.5 H11 V20.5 ' +
    'C8.1 20.2 6.2 18.7 5.8 16.2 L8.3 15.7 C8.6 17.3 9.9 18.2 12.1 18.2 C14.4 18.2 15.6 17.3 15.6 16 ' +
    'C15.6 14.5 14.3 13.9 11.7 13.2 C8.6 12.4 6.6 11.2 6.6 8.3 C6.6 5.8 8.4 4 11 3.6 Z',
  /** vehicle crew: a steering wheel (even-odd fill leaves the rim and spokes) */
  wheel:
    'M12 1.5 A10.5 10.5 0 1 1 11.99 1.5 Z M12 4.2 A7.8 7.8 0 1 0 12.01 4.2 Z ' +
    'M12 9.6 A2.4 2.4 0 1 1 11.99 9.6 Z M4.4 11 H9.7 V13 H4.4 Z M14.3 11 H19.6 V13 H14.3 Z M11 14.3 H13 V19.6 H11 Z',
  /** weapon crew: a field gun with its shield and wheel */
  'crewed-gun':
    'M1.5 5 H8 V13.5 H1.5 Z M8 8.4 L22.5 6.8 V8.6 L8 10.4 Z M12 12 L21 19.5 L19.8 20.8 L10.8 13.4 Z ' +
    'M7 13.6 A4.4 4.4 0 1 1 6.99 13.6 Z M7 16.4 A1.6 1.6 0 1 0 7.01 16.4 Z',
  /** mobility */
  arrow: 'M2 9.5 H13.5 V4.5 L22.5 12 L13.5 19.5 V14.5 H2 Z',
  /** attacks per turn: a shell */
  shell: 'M8.5 22.5 V11 C8.5 6.6 10 3.2 12 1.5 C14 3.2 15.5 6.6 15.5 11 V22.5 Z M7.5 17 H16.5 V18.4 H7.5 Z',
  /** infantry: a soldier's helmet */
  helmet: 'M3.5 15.5 C3.5 9 7.2 4.5 12 4.5 C16.8 4.5 20.5 9 20.5 15.5 Z M1.5 15.5 H22.5 V18 H1.5 Z',
  /** actions per turn: a chevron pair */
  actions: 'M3 5 L11 12 L3 19 V15 L6.5 12 L3 9 Z M12 5 L20 12 L12 19 V15 L15.5 12 L12 9 Z',
  /** rank and quality: an officer or leader, the orders they give, training and skill */
  star: 'M12 1.5 L14.9 8.6 L22.5 9.2 L16.7 14.2 L18.5 21.6 L12 17.6 L5.5 21.6 L7.3 14.2 L1.5 9.2 L9.1 8.6 Z',
  /** a plane seen from above */
  plane:
    'M11 1.5 H13 L13.6 8.5 L23 12 V14 L13.6 12.6 L13.2 18.5 L16.5 20.5 V22 L12 21 L7.5 22 V20.5 L10.8 18.5 ' +
    'L10.4 12.6 L1 14 V12 L10.4 8.5 Z',
  /** on fire */
  flame:
    'M12 1.5 C13 6 18.5 8.5 18.5 14.5 C18.5 19 15.6 22.5 12 22.5 C8.4 22.5 5.5 19.5 5.5 15.5 C5.5 12 7.5 10 8.6 8.4 ' +
    'C8.8 11 9.8 12.4 11 13 C10.6 9 11.2 5 12 1.5 Z',
  /** smoke */
  cloud:
    'M6.5 19 C3.5 19 1.5 17 1.5 14.5 C1.5 12 3.4 10.2 5.8 10.1 C6.4 6.6 9 4.5 12.2 4.5 C15.6 4.5 18.2 6.9 18.6 10.2 ' +
    'C20.9 10.5 22.5 12.3 22.5 14.6 C22.5 17.1 20.5 19 18 19 Z',
  /** a place to take or hold: objective, jump-off point, landing point */
  flag: 'M4 1.5 H6.2 V22.5 H4 Z M6.2 2.5 C9 1 12 4.5 15 3.2 C17 2.4 18.6 2.2 20.5 2.8 V12.5 C18.6 11.9 17 12.1 15 12.9 C12 14.2 9 10.7 6.2 12.2 Z',
  /** mine */
  mine:
    'M12 5 A7 7 0 1 1 11.99 5 Z M11 1 H13 V5 H11 Z M11 19 H13 V23 H11 Z M1 11 H5 V13 H1 Z M19 11 H23 V13 H19 Z ' +
    'M3.9 5.3 L5.3 3.9 L8.1 6.7 L6.7 8.1 Z M15.9 17.3 L17.3 15.9 L20.1 18.7 L18.7 20.1 Z ' +
    'M18.7 3.9 L20.1 5.3 L17.3 8.1 L15.9 6.7 Z M6.7 15.9 L8.1 17.3 L5.3 20.1 L3.9 18.7 Z',
  /** watching: overwatch */
  eye:
    'M12 5 C17 5 20.8 8.2 23 12 C20.8 15.8 17 19 12 19 C7 19 3.2 15.8 1 12 C3.2 8.2 7 5 12 5 Z ' +
    'M12 7.6 A4.4 4.4 0 1 0 12.01 7.6 Z M12 9.8 A2.2 2.2 0 1 1 11.99 9.8 Z',
  /** injured */
  cross: 'M9 2 H15 V9 H22 V15 H15 V22 H9 V15 H2 V9 H9 Z',
  /** broken down: out of action until repaired */
  wrench:
    'M15.5 1.8 C18.6 1.2 21.6 3.4 22.2 6.5 L18.6 8 L16.4 7.5 L16 5.3 L19.2 3.1 C18.1 2.4 16.8 2.2 15.5 2.5 ' +
    'C13 3.2 11.6 5.8 12.4 8.3 L2.6 18.1 C1.6 19.1 1.6 20.7 2.6 21.7 C3.6 22.7 5.2 22.7 6.2 21.7 L16 11.9 ' +
    'C18.5 12.7 21.1 11.3 21.8 8.8 L22.2 6.5 Z',
  /** a turn passing: spent for the turn */
  clock: 'M12 1.5 A10.5 10.5 0 1 1 11.99 1.5 Z M12 4 A8 8 0 1 0 12.01 4 Z M11 6 H13 V11.4 L16.6 15 L15.2 16.4 L11 12.2 Z',
  /** pinned down by fire: pinned, suppressed, pins */
  down: 'M9.5 2 H14.5 V13 H19.5 L12 22 L4.5 13 H9.5 Z',
  /** an obstacle of barbed wire: a strand with its barbs */
  wire: 'M1 11 H23 V13 H1 Z M2.2 8.6 L3.8 7.4 L9.8 15.4 L8.2 16.6 Z M8.2 7.4 L9.8 8.6 L3.8 16.6 L2.2 15.4 Z M14.2 8.6 L15.8 7.4 L21.8 15.4 L20.2 16.6 Z M20.2 7.4 L21.8 8.6 L15.8 16.6 L14.2 15.4 Z',
  /** melee: a bayonet */
  bayonet:
    'M20.9 3.1 L19.6 7.7 L11.4 15.8 L8.2 12.6 L16.3 4.4 Z M5.9 10.6 L13.4 18.1 L11.7 19.7 L4.3 12.3 Z ' +
    'M6.6 14.9 L9.1 17.4 L5.3 21.2 L2.8 18.7 Z M2.1 18.4 L5.6 21.9 L4.6 22.9 L1.1 19.4 Z',
  /** a count of men: two figures */
  figures:
    'M6.9 3.2 A3.2 3.2 0 0 1 6.9 9.6 A3.2 3.2 0 0 1 6.9 3.2 Z M2.3 16.6 L2.7 14.8 L3.6 13.3 L5.1 12.4 ' +
    'L6.9 12 L8.7 12.4 L10.2 13.3 L11.1 14.8 L11.5 16.6 L11.5 22 L2.3 22 Z M17.1 3.2 A3.2 3.2 0 0 1 17.1 9.6 ' +
    'A3.2 3.2 0 0 1 17.1 3.2 Z M12.5 16.6 L12.9 14.8 L13.8 13.3 L15.3 12.4 L17.1 12 L18.9 12.4 L20.4 13.3 ' +
    'L21.3 14.8 L21.7 16.6 L21.7 22 L12.5 22 Z',
  /** hit points: damage a vehicle can take */
  heart:
    'M12 21.5 L3.3 12.9 C0.7 10.3 0.8 6.1 3.5 3.9 C6 1.8 9.7 2.3 12 5.2 C14.3 2.3 18 1.8 20.5 3.9 C23.2 6.1 23.3 10.3 20.7 12.9 ' +
    'Z',
  /** morale: a medal */
  medal:
    'M6.5 1.5 L10 1.5 L12 6 L14 1.5 L17.5 1.5 L14.2 8.6 L9.8 8.6 Z M12 8.6 A7 7 0 0 1 12 22.6 A7 7 0 0 1 12 8.6 ' +
    'Z M10.9 14.1 L7.9 14.3 L10.2 16.2 L9.5 19.1 L12 17.5 L14.5 19.1 L13.8 16.2 L16.1 14.3 L13.1 14.1 L12 11.3 ' +
    'Z',
  /** shock: a lightning bolt */
  bolt:
    'M14 1.5 L4.5 13.5 H10.8 L8.8 22.5 L19.5 9.6 H13.2 L16.2 1.5 Z',
  /** shaken nerve: a warning sign */
  shaken:
    'M12 1.6 L23.2 21.6 L0.8 21.6 Z M11.2 15 L12.8 15 L13.3 7.8 L10.7 7.8 Z M12 16.7 A1.4 1.4 0 0 0 12 19.5 ' +
    'A1.4 1.4 0 0 0 12 16.7 Z',
  /** surrender: a white rag on a stick */
  'white-flag':
    'M13.7 1.1 L15.2 1.5 L9.9 22.8 L8.4 22.4 Z M15 2.4 L18.4 2.7 L21.4 5.3 L23.3 5.3 L21.9 7.4 L23.9 9.8 ' +
    'L21.2 10.6 L22.1 13.5 L19 12.1 L15.3 13 L12.8 11.4 Z',
  /** chance: a die */
  die:
    'M18.8 2 L20 2.2 L21.1 2.9 L21.8 4 L22 5.2 L22 18.8 L21.8 20 L21.1 21.1 L20 21.8 L18.8 22 L5.2 22 L4 21.8 ' +
    'L2.9 21.1 L2.2 20 L2 18.8 L2 5.2 L2.2 4 L2.9 2.9 L4 2.2 L5.2 2 Z M7 5.1 A1.9 1.9 0 0 0 7 8.9 A1.9 1.9 0 0 0 7 5.1 ' +
    'Z M17 5.1 A1.9 1.9 0 0 0 17 8.9 A1.9 1.9 0 0 0 17 5.1 Z M12 10.1 A1.9 1.9 0 0 0 12 13.9 A1.9 1.9 0 0 0 12 10.1 ' +
    'Z M7 15.1 A1.9 1.9 0 0 0 7 18.9 A1.9 1.9 0 0 0 7 15.1 Z M17 15.1 A1.9 1.9 0 0 0 17 18.9 A1.9 1.9 0 0 0 17 15.1 ' +
    'Z',
  /** a marked aim: an aim point, an ambush */
  crosshair:
    'M12 3.4 A8.6 8.6 0 0 1 12 20.6 A8.6 8.6 0 0 1 12 3.4 Z M12 5.5 A6.5 6.5 0 0 0 12 18.5 A6.5 6.5 0 0 0 12 5.5 ' +
    'Z M11 1 L13 1 L13 8.5 L11 8.5 Z M11 15.5 L13 15.5 L13 23 L11 23 Z M1 11 L8.5 11 L8.5 13 L1 13 Z ' +
    'M15.5 11 L23 11 L23 13 L15.5 13 Z M12 10.4 A1.6 1.6 0 0 1 12 13.6 A1.6 1.6 0 0 1 12 10.4 Z',
  /** a shell crater */
  crater:
    'M1 21 V17.5 C2.6 17.5 3.6 11.6 6.6 11.6 C8.7 11.6 9.2 15.2 12 15.2 C14.8 15.2 15.3 11.6 17.4 11.6 ' +
    'C20.4 11.6 21.4 17.5 23 17.5 V21 Z M10.5 4.7 L12.7 5.5 L11.9 7.7 L9.7 6.9 Z M15.3 7 L16.8 8.1 L15.7 9.6 ' +
    'L14.2 8.5 Z M6.1 7.3 L7.7 6.5 L8.5 8.1 L6.9 8.9 Z',
  /** a ruin: a broken wall and rubble */
  rubble:
    'M2 22.5 L2 10 L4.2 7.6 L5.6 10.6 L8.2 3.2 L10.6 7.8 L12.6 5.8 L15 10.4 L15 16.2 L17.2 14.2 L19.8 14.8 ' +
    'L21.4 17 L23 22.5 Z M4.6 17.4 L7.6 17.4 L7.6 13 L4.6 13 Z M9.8 16.4 L12.6 16.4 L12.6 12 L9.8 12 Z',
  /** turret jammed: a turret over a padlock */
  turret:
    'M2.5 10.6 C2.5 6.4 5.2 3.6 9.4 3.6 C12.3 3.6 14.2 4.9 14.9 6.6 H23 V8.8 H15.3 V10.6 Z M8.3 15.6 L8.6 14.2 ' +
    'L9.4 13 L10.6 12.2 L12 11.9 L13.4 12.2 L14.6 13 L15.4 14.2 L15.7 15.6 L14.1 15.6 L13.9 14.8 L13.5 14.1 ' +
    'L12.8 13.7 L12 13.5 L11.2 13.7 L10.5 14.1 L10.1 14.8 L9.9 15.6 Z M6.9 15.4 L17.1 15.4 L17.1 22.6 ' +
    'L6.9 22.6 Z M12 17 A1.3 1.3 0 0 0 12 19.6 A1.3 1.3 0 0 0 12 17 Z M11.4 21 L12.6 21 L12.6 18.6 L11.4 18.6 ' +
    'Z',
  /** hull down: a turret behind a crest */
  'hull-down':
    'M1 22.5 V18.6 C5 14.2 19 14.2 23 18.6 V22.5 Z M6.2 13.2 C6.2 10 8.4 7.6 11.6 7.6 C13.8 7.6 15.3 8.5 15.9 10 ' +
    'H22.6 V11.8 H16.2 V13.2 Z',
  /** a transport: a lorry */
  truck:
    'M1 4.5 L14.6 4.5 L14.6 15.2 L1 15.2 Z M15.4 7.6 L19.6 7.6 L22.8 11.6 L22.8 15.2 L15.4 15.2 Z M16.8 11.6 ' +
    'L21 11.6 L19 9 L16.8 9 Z M6 15.8 A2.9 2.9 0 0 1 6 21.6 A2.9 2.9 0 0 1 6 15.8 Z M18.4 15.8 A2.9 2.9 0 0 1 18.4 21.6 ' +
    'A2.9 2.9 0 0 1 18.4 15.8 Z M6 17.7 A1 1 0 0 0 6 19.7 A1 1 0 0 0 6 17.7 Z M18.4 17.7 A1 1 0 0 0 18.4 19.7 ' +
    'A1 1 0 0 0 18.4 17.7 Z',
  /** a weapon damaged or lost: a gun broken in two */
  'broken-gun':
    'M2 15.5 L6 13.4 L5.4 12.3 L8.4 10.7 L10.2 11.6 L9.9 13.1 L12 13.6 L11.2 15.6 L8 17.3 L7.5 16.2 L3.5 18.3 ' +
    'Z M11.9 8.9 L18 6.7 L17.5 5.7 L20.3 4.2 L23.1 9.5 L20.3 11 L19.7 9.9 L14.6 13.8 L12.8 13.1 L13.6 11.2 ' +
    'L11.7 10.6 Z M10.4 4.3 L11.3 4.1 L12.1 6.8 L10.6 7.1 Z M14.1 17.9 L15 18.1 L14.8 20.9 L13.3 20.6 Z',
  /** crew bailing out: a man climbing out, arrows up */
  'bail-out':
    'M12 2.1 A2.7 2.7 0 0 1 12 7.5 A2.7 2.7 0 0 1 12 2.1 Z M7.8 12.4 L8.1 10.8 L9 9.4 L10.4 8.5 L12 8.2 ' +
    'L13.6 8.5 L15 9.4 L15.9 10.8 L16.2 12.4 L16.2 15.6 L7.8 15.6 Z M1 16.8 L23 16.8 L21 22.5 L3 22.5 Z ' +
    'M4 3.5 L7 7.8 L5 7.8 L5 13 L3 13 L3 7.8 L1 7.8 Z M20 3.5 L23 7.8 L21 7.8 L21 13 L19 13 L19 7.8 L17 7.8 ' +
    'Z',
  /** falling back: a U-turn arrow */
  retreat:
    'M2.5 3 L14 3 L14 3 L16.5 3.4 L18.7 4.5 L20.5 6.3 L21.6 8.5 L22 11 L21.6 13.5 L20.5 15.7 L18.7 17.5 ' +
    'L16.5 18.6 L14 19 L10 19 L10 22.5 L2.5 16.5 L10 10.5 L10 14 L14 14 L14 14 L15.5 13.6 L16.6 12.5 L17 11 ' +
    'L16.6 9.5 L15.5 8.4 L14 8 L2.5 8 Z',
  /** gone to ground: a man lying flat */
  prone:
    'M4.6 9.6 A3 3 0 0 1 4.6 15.6 A3 3 0 0 1 4.6 9.6 Z M10.9 16.4 L9.6 16.1 L8.7 15.2 L8.4 13.9 L8.7 12.6 ' +
    'L9.6 11.7 L10.9 11.4 L20.1 11.4 L21.4 11.7 L22.3 12.6 L22.6 13.9 L22.3 15.2 L21.4 16.1 L20.1 16.4 Z ' +
    'M1 18.6 L23 18.6 L23 20.8 L1 20.8 Z',
  /** hidden: a bush */
  bush:
    'M6.8 9 A5 5 0 0 1 6.8 19 A5 5 0 0 1 6.8 9 Z M12 3.2 A6 6 0 0 1 12 15.2 A6 6 0 0 1 12 3.2 Z M17.2 9 ' +
    'A5 5 0 0 1 17.2 19 A5 5 0 0 1 17.2 9 Z M5 13 L19 13 L19 19 L5 19 Z M6.8 14 L17.2 14 L17.2 19 L6.8 19 ' +
    'Z',
  /** genuine: a tick */
  tick:
    'M1.8 12.6 L5 9.4 L9.4 13.8 L19 4.2 L22.2 7.4 L9.4 20.2 Z',
  /** a dummy, nothing there: an empty sign */
  empty:
    'M12 1.8 A10.2 10.2 0 0 1 12 22.2 A10.2 10.2 0 0 1 12 1.8 Z M12 4.6 A7.4 7.4 0 0 0 12 19.4 A7.4 7.4 0 0 0 12 4.6 ' +
    'Z M17.4 4.9 L19.1 6.6 L6.6 19.1 L4.9 17.4 Z',
  /** sight shut in: a closed eye (buttoned up) */
  'eye-shut':
    'M22.1 10.1 L20.9 10.8 L19.7 11.4 L18.5 11.9 L17.2 12.3 L16 12.6 L14.6 12.8 L13.3 13 L12 13 L10.7 13 ' +
    'L9.4 12.8 L8 12.6 L6.8 12.3 L5.5 11.9 L4.3 11.4 L3.1 10.8 L1.9 10.1 L1.4 8.2 L2.6 8.9 L3.9 9.5 L5.2 10 ' +
    'L6.5 10.4 L7.8 10.8 L9.2 11 L10.6 11.2 L12 11.2 L13.4 11.2 L14.8 11 L16.2 10.8 L17.5 10.4 L18.8 10 ' +
    'L20.1 9.5 L21.4 8.9 L22.6 8.2 Z M3.5 7.8 L5.7 7.8 L3.1 13.4 L0.9 13.4 Z M8.2 10 L10.4 10 L9.4 15.6 ' +
    'L7.2 15.6 Z M13.6 10 L15.8 10 L16.8 15.6 L14.6 15.6 Z M18.3 7.8 L20.5 7.8 L23.1 13.4 L20.9 13.4 Z',
  /** scouting: binoculars */
  binoculars:
    'M3 4.5 L9.8 4.5 L9.8 12 L3 12 Z M14.2 4.5 L21 4.5 L21 12 L14.2 12 Z M9.8 7.5 L14.2 7.5 L14.2 12 L9.8 12 ' +
    'Z M6.4 10.2 A5.4 5.4 0 0 1 6.4 21 A5.4 5.4 0 0 1 6.4 10.2 Z M17.6 10.2 A5.4 5.4 0 0 1 17.6 21 A5.4 5.4 0 0 1 17.6 10.2 ' +
    'Z M6.4 13 A2.6 2.6 0 0 0 6.4 18.2 A2.6 2.6 0 0 0 6.4 13 Z M17.6 13 A2.6 2.6 0 0 0 17.6 18.2 A2.6 2.6 0 0 0 17.6 13 ' +
    'Z',
  /** overheated: a thermometer */
  thermometer:
    'M10 13.6 A4.4 4.4 0 0 1 10 22.4 A4.4 4.4 0 0 1 10 13.6 Z M7.4 4.6 L7.7 3.3 L8.7 2.3 L10 2 L11.3 2.3 ' +
    'L12.3 3.3 L12.6 4.6 L12.6 15 L7.4 15 Z M9.1 12 L10.9 12 L10.9 4.2 L9.1 4.2 Z M15 4 L20.5 4 L20.5 5.8 ' +
    'L15 5.8 Z M15 8 L19 8 L19 9.8 L15 9.8 Z M15 12 L20.5 12 L20.5 13.8 L15 13.8 Z',
  /** immobilised: an anchor */
  anchor:
    'M12 1.3 A2.6 2.6 0 0 1 12 6.5 A2.6 2.6 0 0 1 12 1.3 Z M12 2.7 A1.2 1.2 0 0 0 12 5.1 A1.2 1.2 0 0 0 12 2.7 ' +
    'Z M10.9 6.3 L13.1 6.3 L13.1 21 L10.9 21 Z M6.5 8.2 L17.5 8.2 L17.5 10.2 L6.5 10.2 Z M21.2 12.5 L20.9 14.9 ' +
    'L20 17.1 L18.5 19 L16.6 20.5 L14.4 21.4 L12 21.7 L9.6 21.4 L7.4 20.5 L5.5 19 L4 17.1 L3.1 14.9 L2.8 12.5 ' +
    'L5 12.5 L5.2 14.3 L5.9 16 L7.1 17.4 L8.5 18.6 L10.2 19.3 L12 19.5 L13.8 19.3 L15.5 18.6 L16.9 17.4 ' +
    'L18.1 16 L18.8 14.3 L19 12.5 Z M0.6 14.6 L2.8 9.6 L6.2 13.8 Z M17.8 13.8 L21.2 9.6 L23.4 14.6 Z',
  /** engine hit: a gear */
  gear:
    'M12 4.4 A7.6 7.6 0 0 1 12 19.6 A7.6 7.6 0 0 1 12 4.4 Z M10.3 1.2 L13.7 1.2 L14.2 5.5 L9.8 5.5 Z ' +
    'M18.4 3.2 L20.8 5.6 L18.2 9 L15 5.8 Z M22.8 10.3 L22.8 13.7 L18.5 14.2 L18.5 9.8 Z M20.8 18.4 L18.4 20.8 ' +
    'L15 18.2 L18.2 15 Z M13.7 22.8 L10.3 22.8 L9.8 18.5 L14.2 18.5 Z M5.6 20.8 L3.2 18.4 L5.8 15 L9 18.2 ' +
    'Z M1.2 13.7 L1.2 10.3 L5.5 9.8 L5.5 14.2 Z M3.2 5.6 L5.6 3.2 L9 5.8 L5.8 9 Z M12 8.9 A3.1 3.1 0 0 0 12 15.1 ' +
    'A3.1 3.1 0 0 0 12 8.9 Z',
  /** stuck: a wheel sunk in mud */
  stuck:
    'M5.9 15.2 L4.9 13.9 L4.2 12.5 L3.7 10.9 L3.6 9.3 L3.8 7.6 L4.3 6.1 L5.1 4.7 L6.1 3.4 L7.4 2.4 L8.8 1.6 ' +
    'L10.4 1.2 L12 1 L13.6 1.2 L15.2 1.6 L16.6 2.4 L17.9 3.4 L18.9 4.7 L19.7 6.1 L20.2 7.6 L20.4 9.3 ' +
    'L20.3 10.9 L19.8 12.5 L19.1 13.9 L18.1 15.2 Z M12 4.8 A4.6 4.6 0 0 0 12 14 A4.6 4.6 0 0 0 12 4.8 Z ' +
    'M12 7.2 A2.2 2.2 0 0 1 12 11.6 A2.2 2.2 0 0 1 12 7.2 Z M1 23 V17.6 C3.4 16 5.6 16 8 17.6 C10.4 19.2 13.6 19.2 16 17.6 ' +
    'C18.4 16 20.6 16 23 17.6 V23 Z',
  /** a field radio */
  radio:
    'M3 9 L21 9 L21 22.5 L3 22.5 Z M16.4 1.5 L18 1.5 L18 9 L16.4 9 Z M8.4 12.8 A2.8 2.8 0 0 0 8.4 18.4 ' +
    'A2.8 2.8 0 0 0 8.4 12.8 Z M13 13.8 L18.6 13.8 L18.6 12.6 L13 12.6 Z M13 16.2 L18.6 16.2 L18.6 15 L13 15 ' +
    'Z M13 18.6 L18.6 18.6 L18.6 17.4 L13 17.4 Z',
  /** pinned for good: an arrow down onto the ground */
  grounded:
    'M9.5 1.5 L14.5 1.5 L14.5 8.5 L19.5 8.5 L12 16.2 L4.5 8.5 L9.5 8.5 Z M1 18 L23 18 L23 21.5 L1 21.5 Z',
  /** dug in: a sandbag wall */
  sandbags:
    'M3.3 22.2 L2.2 21.9 L1.3 21 L1 19.9 L1.3 18.8 L2.1 17.9 L3.3 17.6 L5.3 17.6 L6.5 17.9 L7.3 18.8 L7.6 19.9 ' +
    'L7.3 21 L6.5 21.9 L5.3 22.2 Z M11 22.2 L9.9 21.9 L9 21 L8.7 19.9 L9 18.8 L9.8 17.9 L11 17.6 L13 17.6 ' +
    'L14.2 17.9 L15 18.8 L15.3 19.9 L15 21 L14.2 21.9 L13 22.2 Z M18.7 22.2 L17.5 21.9 L16.7 21 L16.4 19.9 ' +
    'L16.7 18.8 L17.5 17.9 L18.7 17.6 L20.7 17.6 L21.9 17.9 L22.7 18.8 L23 19.9 L22.7 21 L21.9 21.9 L20.7 22.2 ' +
    'Z M7.1 16.9 L6 16.6 L5.2 15.8 L4.9 14.7 L5.2 13.6 L6 12.8 L7.1 12.5 L9.3 12.5 L10.4 12.8 L11.2 13.6 ' +
    'L11.5 14.7 L11.2 15.8 L10.4 16.6 L9.3 16.9 Z M14.7 16.9 L13.6 16.6 L12.8 15.8 L12.5 14.7 L12.8 13.6 ' +
    'L13.6 12.8 L14.7 12.5 L16.9 12.5 L18 12.8 L18.8 13.6 L19.1 14.7 L18.8 15.8 L18 16.6 L16.9 16.9 Z ' +
    'M10.9 11.8 L9.8 11.5 L9 10.7 L8.7 9.6 L9 8.5 L9.8 7.7 L10.9 7.4 L13.1 7.4 L14.2 7.7 L15 8.5 L15.3 9.6 ' +
    'L15 10.7 L14.2 11.5 L13.1 11.8 Z',
};

/** Icons whose holes are made by the even-odd rule. */
export const EVEN_ODD: ReadonlySet<IconName> = new Set<IconName>(['wheel', 'crewed-gun', 'tommy-gun', 'eye', 'clock']);

export const ICON_BOX = 24;
