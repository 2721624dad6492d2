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
 * Text for a terminal or a log: each control character (but newline and tab) as a visible
 * escape, so nothing a file or an option holds can move the cursor, retitle or clear the screen.
 */
export function escapeControls(text: string): string {
  return IN_PROSE.test(text) ? text.replace(ANY, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`) : text;
}
