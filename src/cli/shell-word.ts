/** Words a POSIX shell takes as they are; anything else is single-quoted. */
const BARE = /^[\w.,:/=+@%-]+$/;

/**
 * One word as a POSIX shell must be given it to pass it on unchanged: a command muster shows
 * (the page's, a seed's hint) may be pasted into a terminal, and a shared link chooses its words.
 */
export function shellWord(word: string): string {
  return BARE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * An option and its value as shell words: `--seed club`, or `--seed='-x'` when the value begins
 * with a dash, which on its own would be read as an option.
 */
export function shellOption(name: string, value: string): string {
  return value.startsWith('-') ? `--${name}=${shellWord(value)}` : `--${name} ${shellWord(value)}`;
}
