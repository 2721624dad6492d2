// The parts the page's yargs is assembled from: scripts/build-web.js resolves these names to
// files inside the yargs, yargs-parser, y18n and cliui packages (past their "exports").
declare module 'muster-web:yargs-factory' {
  export function YargsFactory(shim: unknown): (processArgs?: readonly string[], cwd?: string) => unknown;
}
declare module 'muster-web:yargs-parser' {
  export class YargsParser {
    constructor(mixin: unknown);
    parse(args: unknown, opts?: unknown): { argv: unknown };
  }
}
declare module 'muster-web:yargs-parser-strings' {
  export function camelCase(s: string): string;
  export function decamelize(s: string, joinString?: string): string;
  export function looksLikeNumber(x: unknown): boolean;
}
declare module 'muster-web:y18n' {
  export function y18n(opts: unknown, shim: unknown): unknown;
}
declare module 'muster-web:yargs-locale-en' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module 'muster-web:cliui' {
  const cliui: (opts: unknown) => unknown;
  export default cliui;
}
declare module 'muster-web:string-width' {
  const stringWidth: (s: string) => number;
  export default stringWidth;
}
