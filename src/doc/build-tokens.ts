import type { Token } from '../data/tokens.js';
import type { TokenFace, TokenSheetNode } from './model.js';

function faceOf(token: Token): TokenFace {
  return { label: token.label, icon: token.icon, colour: token.colour, shape: token.shape, ...(token.number !== undefined ? { number: token.number } : {}) };
}

/** A sheet of tokens, each with the face of its other side (or itself again). */
export function buildTokenSheet(tokens: readonly Token[], counts: ReadonlyMap<string, number>, print: TokenSheetNode['print'], title: string): TokenSheetNode {
  const byId = new Map(tokens.map((t) => [t.id, t]));
  const sheet: TokenSheetNode['tokens'] = [];
  for (const token of tokens) {
    const back = (token.back && byId.get(token.back)) || token;
    for (let i = 0; i < (counts.get(token.id) ?? 0); i++) sheet.push({ front: faceOf(token), back: faceOf(back) });
  }
  return { title, tokens: sheet, print };
}
