/**
 * The builds write their scripts in ASCII alone (scripts/ascii-only.js): V8 keeps a script's
 * source for the whole run, at two bytes a character once one character is beyond Latin-1.
 * The escapes must leave every place a character may stand in a script meaning what it did.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error a build script, plain JavaScript without types
import { asciiOnly } from '../../scripts/ascii-only.js';

const escape = asciiOnly as (text: string) => string;

/** What a script returns, run as it was written and run escaped. */
const bothWays = (script: string) => [new Function(script)(), new Function(escape(script))()];

describe('a script escaped to ASCII', () => {
  it('has no character left beyond ASCII', () => {
    expect(escape('const a = "x–y"; // the glyph’s box 王 😀').match(/[^\x00-\x7f]/g)).toBeNull();
  });

  it.each([
    ['a string', 'return "7–9 ×2 ≤ 12 — 王小明";'],
    ['a template', 'const n = 3; return `${n}–${n + 2} — N’Ko`;'],
    ['a comment, the code after it kept', '// the font’s box\n/* N’Ko — 😀 */ return 1 + 1;'],
    ['a regular expression and its character class', 'return "4–6".split(/[–-]/).map(Number);'],
    ['a regular expression with the u flag and a character beyond the first plane', 'return [/^😀+$/u.test("😀😀"), /[😀]/u.test("😀"), "a😀b".replace(/😀/u, "-")];'],
    ['a name', 'const café = 2; return café * 3;'],
  ])('means what it did: %s', (_, script) => {
    const [plain, escaped] = bothWays(script);
    expect(escaped).toEqual(plain);
  });
});
