/** A "#rrggbb" colour mixed with white: `keep` 1 is the colour itself, 0 is white. */
export function withWhite(hex: string, keep: number): string {
  const mix = (i: number) => Math.round(parseInt(hex.slice(i, i + 2), 16) * keep + 255 * (1 - keep)).toString(16).padStart(2, '0');
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

/** Two "#rrggbb" colours mixed: `share` 0 is the first, 1 the second. */
export function mixColours(hex: string, other: string, share: number): string {
  const mix = (i: number) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - share) + parseInt(other.slice(i, i + 2), 16) * share).toString(16).padStart(2, '0');
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}
