import type { Argv } from 'yargs';
import type { PrintSettings } from '../doc/model.js';
import { UsageError } from '../errors.js';

export const INKS = ['normal', 'low'] as const;

/** Options of every product that prints: leave out the backs, save ink. */
export function inkOptions<T>(y: Argv<T>) {
  return y
    .option('backs', { type: 'boolean', default: true, describe: 'print the backs of cards and two-sided tokens; --no-backs leaves those pages out' })
    .option('ink', { choices: INKS, default: 'normal' as const, describe: 'normal: solid colour; low: saves ink on a home printer (white card backs with an outline, light tints, outlined tokens and lighter map zones)' });
}

export interface InkArgs {
  backs?: boolean;
  ink?: (typeof INKS)[number];
}

/** The print settings a document carries to layout: only what differs from the defaults. */
export function printSettings(args: InkArgs): PrintSettings | undefined {
  const settings: PrintSettings = {
    ...(args.backs === false ? { backs: false } : {}),
    ...(args.ink === 'low' ? { ink: 'low' as const } : {}),
  };
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/** Options of every product that is cut out: cards, tokens. */
export function cutOptions<T>(y: Argv<T>) {
  return inkOptions(y)
    .option('duplex', { choices: ['long', 'short'] as const, default: 'long' as const, describe: "how your printer turns the sheet for the backs: long (over the long edge, most printers' default) or short" })
    .option('back-offset', { type: 'string', default: '0,0', describe: 'shift the backs by X,Y mm to correct a printer' })
    .option('bleed', { type: 'number', default: 3, describe: 'bleed round the cards in mm (0 to 6)' })
    .option('marks', { choices: ['crop', 'none'] as const, default: 'crop' as const, describe: 'crop: marks showing where to cut; none: no marks (for a cutter that needs none)' });
}

export interface CutArgs extends InkArgs {
  duplex: 'long' | 'short';
  backOffset: string;
  bleed: number;
  marks: 'crop' | 'none';
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

/** Card print settings from the options, checked. */
export function cardPrint(args: CutArgs) {
  if (!(args.bleed >= 0 && args.bleed <= 6)) throw new UsageError(`--bleed ${args.bleed}: allowed 0 to 6 mm`);
  return { width: 63, height: 88, bleed: args.bleed, marks: args.marks === 'crop', duplex: args.duplex, backOffset: parseOffset(args.backOffset), ...printSettings(args) };
}
