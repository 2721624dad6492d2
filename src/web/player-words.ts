/**
 * The page's words for a run: the command line's messages with the page's own paths and
 * controls in place of what a player at a terminal would read.
 */
/** The status line for a player: "Wrote /out/muster.pdf (8 pages)" is the page's own path, so "muster.pdf ready (8 pages)". */
export function playerWords(stderr: string, out: string): string {
  const escaped = out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = out.slice(out.lastIndexOf('/') + 1);
  return stderr
    .replace(new RegExp(`^Wrote ${escaped}\\b`, 'gm'), `${name} ready`)
    .replace(/\bgive --allow-missing-glyphs to print\b/g, `tick "${ALLOW_MISSING_GLYPHS_LABEL}" (under Paper and printer) to print`);
}

/** The page's control for --allow-missing-glyphs, as its label reads (src/web/index.html). */
export const ALLOW_MISSING_GLYPHS_LABEL = 'Print characters no font has as empty boxes';
