/**
 * Control characters in what a player gives: a name in a shared state file such as
 * "\u001b]0;PWNED\u0007" would retitle or clear the terminal muster prints it to. Names refuse
 * them; text to a terminal shows them as escapes instead.
 */

/** C0 controls but tab and newline, DEL, and the C1 controls (U+0080 to U+009F). */
const IN_PROSE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
/** The same, with tab and newline: a name is one line. */
const IN_NAME = /[\u0000-\u001f\u007f-\u009f]/u;
const ANY = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu;

/** The first control character in a text (none for undefined), as `U+001B`. */
export function controlCharIn(text: string, multiline = false): string | undefined {
  const found = (multiline ? IN_PROSE : IN_NAME).exec(text)?.[0];
  return found === undefined ? undefined : `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The message for a name or text with a control character in it. */
export function controlCharMessage(code: string): string {
  return `holds the control character ${code}, which no name or text may contain; type the text again without it`;
}

/**
 * The bidirectional controls: embeddings and overrides (U+202A to U+202E), isolates (U+2066 to
 * U+2069), the marks (U+200E, U+200F) and the Arabic letter mark (U+061C). A name is allowed them
 * (a Hebrew or Arabic name may need a mark, and the PDF's layout reorders text by them), but in
 * a terminal an override turns the rest of its line round: a name can make a message read as
 * another one.
 */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const ANY_BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text for a terminal or a log: each control character (but newline and tab) as a visible
 * escape, so nothing a file or an option holds can move the cursor, retitle or clear the screen,
 * and each bidirectional control as `\u202E`, so nothing turns the rest of a line round. That
 * spelling is JSON's own escape, so JSON on standard output still reads back as the same text.
 */
export function escapeControls(text: string): string {
  const controls = IN_PROSE.test(text) ? text.replace(ANY, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`) : text;
  return BIDI.test(controls) ? controls.replace(ANY_BIDI, (c) => `\\u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`) : controls;
}
