import type { Token } from '../data/tokens.js';
import type { SystemInfo } from '../data/schema.js';
import type { DocumentNode, Paper, TokenFace, TokenSheetNode, Units } from './model.js';

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

/** A rule set's tokens as data alone: one sheet with each token's count from its data. */
export function buildDataTokenDocument(
  info: SystemInfo,
  tokens: readonly Token[],
  options: { print: TokenSheetNode['print']; units: Units; paper: Paper; toolVersion: string },
): DocumentNode {
  return {
    meta: { title: `${info.name} tokens`, systemId: info.id, systemName: info.name, rulesVersion: info.rulesVersion, toolVersion: options.toolVersion, paper: options.paper, units: options.units },
    sheets: [],
    tokenSheets: [buildTokenSheet(tokens, new Map(tokens.map((t) => [t.id, t.count])), options.print, 'Tokens and markers')],
  };
}
