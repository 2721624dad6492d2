// What no message the page shows a player may hold (issue 28), for the tests of its words in
// Node and in chromium alike.

/** What a page message may not hold: a path into the file, the schema's words, a file's path, an option. */
export const NOT_PLAYER_WORDS: [string, RegExp][] = [
  ['a list index', /\w\[\d+\]/],
  // (a file's name and its ending are no key)
  ['a dotted key', /[A-Za-z]\.(?!(?:yaml|yml|json|zip|pdf)\b)[A-Za-z]/],
  ['the schema library', /Invalid input|Invalid option|Unrecognized key|Too small|Too big|expected \w+, received|>=|<=/],
  // the page's own folders (/player/...): a path inside the player's own house-rules folder is theirs
  ['a path of the page', /(^|[\s(])\/[\w.-]+\//],
  ['an option name', /(^|[\s(])--[a-z]/],
  ['the command line speaking', /^muster:/],
];

/** What of that each line holds, said; empty when every line is in a player's words. */
export function playerProblems(lines: readonly string[]): string[] {
  return lines.flatMap((line) => NOT_PLAYER_WORDS.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${what} in "${line}"`));
}

