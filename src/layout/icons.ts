/**
 * Vector icons, drawn in a 24 x 24 box as SVG path data and filled. They stay sharp at any
 * size and need no image files. The names are the symbols the rules texts use for stats.
 */
import type { IconName } from '../doc/model.js';

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
  /** passengers: a helmet */
  helmet: 'M3.5 15.5 C3.5 9 7.2 4.5 12 4.5 C16.8 4.5 20.5 9 20.5 15.5 Z M1.5 15.5 H22.5 V18 H1.5 Z',
  /** actions: a chevron pair */
  actions: 'M3 5 L11 12 L3 19 V15 L6.5 12 L3 9 Z M12 5 L20 12 L12 19 V15 L15.5 12 L12 9 Z',
  /** ranking officer: a star */
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
  /** objective */
  flag: 'M4 1.5 H6.2 V22.5 H4 Z M6.2 2.5 C9 1 12 4.5 15 3.2 C17 2.4 18.6 2.2 20.5 2.8 V12.5 C18.6 11.9 17 12.1 15 12.9 C12 14.2 9 10.7 6.2 12.2 Z',
  /** mine */
  mine:
    'M12 5 A7 7 0 1 1 11.99 5 Z M11 1 H13 V5 H11 Z M11 19 H13 V23 H11 Z M1 11 H5 V13 H1 Z M19 11 H23 V13 H19 Z ' +
    'M3.9 5.3 L5.3 3.9 L8.1 6.7 L6.7 8.1 Z M15.9 17.3 L17.3 15.9 L20.1 18.7 L18.7 20.1 Z ' +
    'M18.7 3.9 L20.1 5.3 L17.3 8.1 L15.9 6.7 Z M6.7 15.9 L8.1 17.3 L5.3 20.1 L3.9 18.7 Z',
  /** watching: overwatch, spotted */
  eye:
    'M12 5 C17 5 20.8 8.2 23 12 C20.8 15.8 17 19 12 19 C7 19 3.2 15.8 1 12 C3.2 8.2 7 5 12 5 Z ' +
    'M12 7.6 A4.4 4.4 0 1 0 12.01 7.6 Z M12 9.8 A2.2 2.2 0 1 1 11.99 9.8 Z',
  /** injured */
  cross: 'M9 2 H15 V9 H22 V15 H15 V22 H9 V15 H2 V9 H9 Z',
  /** damage, breakdown */
  wrench:
    'M15.5 1.8 C18.6 1.2 21.6 3.4 22.2 6.5 L18.6 8 L16.4 7.5 L16 5.3 L19.2 3.1 C18.1 2.4 16.8 2.2 15.5 2.5 ' +
    'C13 3.2 11.6 5.8 12.4 8.3 L2.6 18.1 C1.6 19.1 1.6 20.7 2.6 21.7 C3.6 22.7 5.2 22.7 6.2 21.7 L16 11.9 ' +
    'C18.5 12.7 21.1 11.3 21.8 8.8 L22.2 6.5 Z',
  /** a turn passing: spent, cool-down */
  clock: 'M12 1.5 A10.5 10.5 0 1 1 11.99 1.5 Z M12 4 A8 8 0 1 0 12.01 4 Z M11 6 H13 V11.4 L16.6 15 L15.2 16.4 L11 12.2 Z',
  /** going to ground: hide, back up, retreat */
  down: 'M9.5 2 H14.5 V13 H19.5 L12 22 L4.5 13 H9.5 Z',
  /** an obstacle of barbed wire: a strand with its barbs */
  wire: 'M1 11 H23 V13 H1 Z M2.2 8.6 L3.8 7.4 L9.8 15.4 L8.2 16.6 Z M8.2 7.4 L9.8 8.6 L3.8 16.6 L2.2 15.4 Z M14.2 8.6 L15.8 7.4 L21.8 15.4 L20.2 16.6 Z M20.2 7.4 L21.8 8.6 L15.8 16.6 L14.2 15.4 Z',
};

/** Icons whose holes are made by the even-odd rule. */
export const EVEN_ODD: ReadonlySet<IconName> = new Set<IconName>(['wheel', 'crewed-gun', 'tommy-gun', 'eye', 'clock']);

export const ICON_BOX = 24;
