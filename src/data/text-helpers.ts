import Handlebars from 'handlebars';
import type { DataProblem } from '../errors.js';
import { formatPath } from './field-path.js';

/**
 * `{{dist CM IN}}` gives a distance in both units, centimetres first. The pair's ratio lies in
 * this band: muster's own texts all use 2.5 cm to the inch, as the rules' tables do (10 cm / 4 in,
 * 7.5 / 3, 20 / 8), and the true inch is 2.54 cm; the band leaves room to round either figure
 * (41 cm for 16 in is 2.56) but refuses a pair written the wrong way round (6 15) or whose
 * figures were meant as one unit (24 10, read as 24 in, prints "10 in": 2.4).
 */
export const DIST_RATIO = { min: 2.45, max: 2.6 } as const;
export const DIST_BAND = `${DIST_RATIO.min}-${DIST_RATIO.max} cm to the inch`;

type Literal = 'number' | 'string' | 'any';
/** What each helper takes, by kind: a value written in the text (number or string) or anything (a field). */
const SHAPES: Readonly<Record<string, { takes: readonly Literal[]; optional?: number; example: string; meaning: string }>> = {
  dist: { takes: ['number', 'number'], example: '{{dist 10 4}}', meaning: 'the distance in centimetres, then in inches, both numbers' },
  mod: { takes: ['number'], example: '{{mod -2}}', meaning: 'a modifier, a number' },
  join: { takes: ['any', 'string'], optional: 1, example: '{{join list ", "}}', meaning: 'a list, then what goes between its items' },
  chanceOfDoubles: { takes: ['string'], example: '{{chanceOfDoubles "2D6"}}', meaning: 'the dice, like "2D6"' },
  chance: { takes: ['string', 'number', 'string'], example: '{{chance "2D6" 6 "lower"}}', meaning: 'the dice, the number, then "lower" or "higher"' },
};

interface Node {
  type?: string;
  path?: { type?: string; original?: unknown };
  params?: Node[];
  value?: unknown;
  original?: unknown;
}

function shown(node: Node): string {
  if (node.type === 'StringLiteral') return JSON.stringify(node.value);
  if (node.type === 'NumberLiteral') return String(node.value);
  if (node.type === 'PathExpression') return String(node.original);
  if (node.type === 'SubExpression') return `(${shown(node.path as Node)} ...)`;
  return String(node.original ?? node.value ?? '?');
}

function kindOf(node: Node): Literal | 'other' {
  if (node.type === 'NumberLiteral') return 'number';
  if (node.type === 'StringLiteral') return 'string';
  return 'other';
}

/** A ratio as a reader reads it: 0.4, 2.5, 2.22. */
function ratioText(ratio: number): string {
  return String(Math.round(ratio * 100) / 100);
}

/**
 * What is wrong with the helpers one text calls, read from its syntax: the number and kind of
 * each helper's values, and whether a `{{dist}}` pair is the same distance in both units.
 * A text Handlebars cannot parse gives nothing here: filling it says what is wrong.
 */
export function helperSlips(text: string): string[] {
  if (!text.includes('{{')) return [];
  let ast: unknown;
  try {
    ast = Handlebars.parse(text);
  } catch {
    return [];
  }
  const slips: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const n = node as Node;
    if ((n.type === 'MustacheStatement' || n.type === 'SubExpression') && n.path?.type === 'PathExpression' && typeof n.path.original === 'string') {
      const name = n.path.original;
      // own keys only: a text's {{toString}} or {{__proto__}} is no helper (the template check refuses those)
      const shape = Object.hasOwn(SHAPES, name) ? SHAPES[name] : undefined;
      const params = n.params ?? [];
      if (shape && (params.length > 0 || n.type === 'SubExpression')) {
        const written = `{{${[name, ...params.map(shown)].join(' ')}}}`;
        const least = shape.takes.length - (shape.optional ?? 0);
        if (params.length < least || params.length > shape.takes.length) {
          const count = least === shape.takes.length ? `${least}` : `${least} or ${shape.takes.length}`;
          slips.push(`${written}: {{${name}}} takes ${count} ${shape.takes.length === 1 ? 'value' : 'values'} (${shape.meaning}), as in ${shape.example}`);
        } else {
          const wrong = params.findIndex((p, i) => shape.takes[i] !== 'any' && kindOf(p) !== 'other' && kindOf(p) !== shape.takes[i]);
          if (wrong >= 0) slips.push(`${written}: ${shown(params[wrong]!)} is not ${shape.takes[wrong] === 'number' ? 'a number' : 'a text in quotes'}; {{${name}}} takes ${shape.meaning}, as in ${shape.example}`);
          else if (name === 'dist') slips.push(...distSlip(written, params));
        }
      } else if (shape && shape.takes.length > (shape.optional ?? 0) && n.type === 'MustacheStatement') {
        // `{{dist}}` alone: Handlebars reads it as a helper called with nothing
        slips.push(`{{${name}}} takes ${shape.meaning}, as in ${shape.example}`);
      }
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'loc' && key !== 'path') visit(value);
  };
  visit(ast);
  return slips;
}

function distSlip(written: string, params: Node[]): string[] {
  if (params.some((p) => p.type !== 'NumberLiteral')) {
    return [`${written}: {{dist}} takes two numbers written in the text, centimetres then inches, as in {{dist 10 4}}`];
  }
  const [cm, inches] = params.map((p) => Number(p.value)) as [number, number];
  if (!(cm > 0) || !(inches > 0)) return [`${written}: a distance is more than 0 in both units`];
  const ratio = cm / inches;
  if (ratio >= DIST_RATIO.min - 1e-9 && ratio <= DIST_RATIO.max + 1e-9) return [];
  return [`${written}: ${cm} cm is not ${inches} in (the ratio is ${ratioText(ratio)}; {{dist}} takes centimetres then inches, at ${DIST_BAND})`];
}

/**
 * Every text of a data file checked for its helpers, each slip a problem with the file and the
 * field it stands in (`tables[2].summary`). Any string may be a text: the walk reads them all.
 */
export function textHelperProblems(raw: unknown, file: string): DataProblem[] {
  const problems: DataProblem[] = [];
  const walk = (value: unknown, at: PropertyKey[]): void => {
    if (typeof value === 'string') {
      for (const message of helperSlips(value)) problems.push({ file, path: formatPath(at), message });
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...at, i]));
    else if (typeof value === 'object' && value !== null) for (const [key, inner] of Object.entries(value)) walk(inner, [...at, key]);
  };
  walk(raw, []);
  return problems;
}
