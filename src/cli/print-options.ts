import type { CardPrint, PrintSettings, Shop } from '../doc/model.js';
import { UsageError } from '../errors.js';
import type { INKS } from './command-table.js';

export interface InkArgs {
  backs?: boolean;
  ink?: (typeof INKS)[number];
  /** --shop, where a product takes it: a print shop's file */
  shop?: Shop;
}

/** The print settings a document carries to layout: only what differs from the defaults. */
export function printSettings(args: InkArgs): PrintSettings | undefined {
  const settings: PrintSettings = {
    ...(args.backs === false ? { backs: false } : {}),
    ...(args.ink === 'low' ? { ink: 'low' as const } : {}),
    // DriveThruCards prints from CMYK; MakePlayingCards takes RGB images
    ...(args.shop === 'dtc' ? { colour: 'cmyk' as const } : {}),
  };
  return Object.keys(settings).length > 0 ? settings : undefined;
}

export interface CutArgs extends InkArgs {
  duplex: 'long' | 'short';
  backOffset: string;
  /** left out: DEFAULT_BLEED, or 2 mm where that fits more cards a sheet */
  bleed?: number;
  marks: 'crop' | 'none';
  /** --cards, where a product prints a force's cards */
  cards?: 'grouped' | 'each';
  /** --layout, where a product prints a deck */
  layout?: 'sheets' | 'guillotine' | 'fold';
}

/** "1.5,-0.5" -> {x: 1.5, y: -0.5}, in mm. */
export function parseOffset(text: string): { x: number; y: number } {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) throw new UsageError(`--back-offset "${text}": give two numbers in mm, across and down, like 1.5,-0.5`);
  const offset = { x: Number(match[1]), y: Number(match[2]) };
  if (Math.abs(offset.x) > 20 || Math.abs(offset.y) > 20) {
    throw new UsageError(`--back-offset "${text}": a printer is off by a few mm at most; allowed -20 to 20 each way`);
  }
  return offset;
}

/**
 * DriveThruCards' poker card (docs/print-shops.md): 2.5 x 3.5 in, 1/8 in of bleed on every side,
 * a page of 2.75 x 3.75 in. In mm, as every card size is.
 */
export const DTC_POKER = { width: 63.5, height: 88.9, bleed: 3.175 } as const;

/**
 * MakePlayingCards' poker card (docs/print-shops.md): 2.5 x 3.5 in with 36 px of bleed on every
 * side at MPC_DPI (0.12 in), an image of 822 x 1122 px.
 */
export const MPC_POKER = { width: 63.5, height: 88.9, bleed: 3.048 } as const;
/** The resolution MakePlayingCards takes its images at. */
export const MPC_DPI = 300;

/** Each shop's name as a player knows it, and its card. */
export const SHOP_CARDS: Readonly<Record<Shop, { name: string; card: { width: number; height: number; bleed: number } }>> = {
  dtc: { name: 'DriveThruCards', card: DTC_POKER },
  mpc: { name: 'MakePlayingCards', card: MPC_POKER },
};

/** The bleed round each card where --bleed is left out: a sheet takes 2 mm instead where that holds more cards (card-grids.ts). */
export const DEFAULT_BLEED = 3;

/** --bleed checked: 0 to 6 mm round the cards (a muster.yaml's `bleed` is checked by this too). */
export function checkBleed(bleed: number): number {
  if (!(bleed >= 0 && bleed <= 6)) throw new UsageError(`--bleed ${bleed}: allowed 0 to 6 mm`);
  return bleed;
}

/** Card print settings from the options, checked. */
export function cardPrint(args: CutArgs): CardPrint {
  if (args.bleed !== undefined) checkBleed(args.bleed);
  const home: CardPrint = {
    width: 63,
    height: 88,
    bleed: args.bleed ?? DEFAULT_BLEED,
    ...(args.bleed !== undefined ? { keepBleed: true } : {}),
    marks: args.marks === 'crop',
    duplex: args.duplex,
    backOffset: parseOffset(args.backOffset),
    ...printSettings(args),
    ...(args.cards === 'each' ? { eachModel: true } : {}),
    ...(args.layout === 'fold' ? { fold: true } : {}),
    ...(args.layout === 'guillotine' && args.shop === undefined ? { guillotine: true } : {}),
  };
  if (args.shop === undefined) return home;
  const shop = SHOP_CARDS[args.shop];
  if (args.layout === 'fold') throw new UsageError('--layout fold: a print shop takes a card a page, not sheets to fold; leave --layout out with --shop');
  if (args.backs === false) throw new UsageError(`--no-backs: ${shop.name} prints each card's back from the file; leave --no-backs out with --shop`);
  // the shop's own size and bleed, its own cut: no marks
  return { ...home, ...shop.card, marks: false, shop: args.shop };
}
