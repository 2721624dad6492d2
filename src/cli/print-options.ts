import type { CardPrint, PrintSettings } from '../doc/model.js';
import { UsageError } from '../errors.js';
import type { INKS } from './command-table.js';

export interface InkArgs {
  backs?: boolean;
  ink?: (typeof INKS)[number];
  /** --shop, where a product takes it: a print shop's file */
  shop?: 'dtc';
}

/** The print settings a document carries to layout: only what differs from the defaults. */
export function printSettings(args: InkArgs): PrintSettings | undefined {
  const settings: PrintSettings = {
    ...(args.backs === false ? { backs: false } : {}),
    ...(args.ink === 'low' ? { ink: 'low' as const } : {}),
    ...(args.shop ? { colour: 'cmyk' as const } : {}),
  };
  return Object.keys(settings).length > 0 ? settings : undefined;
}

export interface CutArgs extends InkArgs {
  duplex: 'long' | 'short';
  backOffset: string;
  bleed: number;
  marks: 'crop' | 'none';
  /** --cards, where a product prints a force's cards */
  cards?: 'grouped' | 'each';
  /** --layout, where a product prints a deck */
  layout?: 'sheets' | 'fold';
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

/** Card print settings from the options, checked. */
export function cardPrint(args: CutArgs): CardPrint {
  if (!(args.bleed >= 0 && args.bleed <= 6)) throw new UsageError(`--bleed ${args.bleed}: allowed 0 to 6 mm`);
  const home: CardPrint = { width: 63, height: 88, bleed: args.bleed, marks: args.marks === 'crop', duplex: args.duplex, backOffset: parseOffset(args.backOffset), ...printSettings(args), ...(args.cards === 'each' ? { eachModel: true } : {}), ...(args.layout === 'fold' ? { fold: true } : {}) };
  if (args.shop !== 'dtc') return home;
  if (args.layout === 'fold') throw new UsageError('--layout fold: a print shop takes a card a page, not sheets to fold; leave --layout out with --shop');
  if (args.backs === false) throw new UsageError("--no-backs: DriveThruCards prints each card's back from the file; leave --no-backs out with --shop");
  // the shop's own size and bleed, its own cut: no marks
  return { ...home, ...DTC_POKER, marks: false, shop: 'dtc' };
}
