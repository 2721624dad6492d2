import type { Token, TokenGroup } from '../data/tokens.js';
import type { SystemInfo } from '../data/schema.js';
import { markHouse, type DocumentNode, type Paper, type TokenFace, type TokenSheetNode, type Units } from './model.js';
import { documentMeta, withHouseRules } from './document-meta.js';

function faceOf(token: Token): TokenFace {
  return {
    // a house folder's token carries the house mark after its label
    label: markHouse(token.label, token.house),
    icon: token.icon,
    colour: token.colour,
    shape: token.shape,
    ...(token.number !== undefined ? { number: token.number } : {}),
    ...(token.size ? { size: { ...token.size } } : {}),
    ...(token.house !== undefined ? { house: token.house } : {}),
  };
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

/**
 * A rule set's tokens as data alone: the common sheet at the sizes asked for, then a sheet for
 * each group of true-size pieces. A token's other side may be on any sheet.
 */
export function buildDataTokenDocument(
  info: SystemInfo,
  groups: readonly TokenGroup[],
  options: { print: TokenSheetNode['print']; units: Units; paper: Paper; toolVersion: string; forceName?: string },
): DocumentNode {
  const all = groups.flatMap((g) => g.tokens);
  const sheets = [...groups]
    // the common sheet first, then the true-size sheets in the order their files were read
    .sort((a, b) => Number(a.title !== undefined) - Number(b.title !== undefined))
    .filter((g) => g.tokens.some((t) => t.count > 0))
    .map((g) =>
      buildTokenSheet(
        all,
        new Map(g.tokens.map((t) => [t.id, t.count])),
        { ...options.print, round: g.round ?? options.print.round, square: g.square ?? options.print.square },
        g.title ?? (options.forceName !== undefined ? `Tokens for ${options.forceName}` : 'Tokens and markers'),
      ),
    );
  return withHouseRules({
    meta: documentMeta(info, options.forceName !== undefined ? `${info.name} tokens for ${options.forceName}` : `${info.name} tokens`, options),
    sheets: [],
    tokenSheets: sheets,
  });
}
