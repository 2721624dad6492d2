/**
 * Colours for a print shop's press (--shop): DeviceCMYK instead of RGB, with black generated
 * from what the three inks share and the total ink held to what the shop's presses take.
 */

/** DriveThruCards asks for at most 240% of ink on any spot: more does not dry on card stock. */
export const TOTAL_INK = 2.4;

/**
 * How far apart, out of 255, a colour's three channels may lie for it to print as a grey on the
 * black plate alone. muster's ink (#1b1d1a) and muted text (#62675c) are greys with a tint of
 * green; in three inks besides black, a hairline off register fringes small type with colour,
 * and a shop's preflight asks for black and grey text on K only.
 */
export const GREY_SPREAD = 12;

/** A "#rrggbb" colour as cyan, magenta, yellow and black, each 0 to 1, adding up to TOTAL_INK at most. */
export function cmykOf(hex: string): [number, number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 0xff, value & 0xff] as const;
  // a grey: black alone, as dark as the colour looks (ITU-R BT.601 luma)
  if (Math.max(...channels) - Math.min(...channels) <= GREY_SPREAD) return [0, 0, 0, 1 - (0.299 * channels[0] + 0.587 * channels[1] + 0.114 * channels[2]) / 255];
  const [r, g, b] = channels.map((v) => v / 255) as [number, number, number];
  const k = 1 - Math.max(r, g, b);
  if (k >= 1) return [0, 0, 0, 1];
  const cmy = [r, g, b].map((v) => (1 - v - k) / (1 - k)) as [number, number, number];
  const colour = cmy[0] + cmy[1] + cmy[2];
  // full black generation leaves at most two of the three inks: only deep, saturated colours
  // pass the limit, and they keep their hue with less of each
  const scale = colour + k > TOTAL_INK ? (TOTAL_INK - k) / colour : 1;
  return [cmy[0] * scale, cmy[1] * scale, cmy[2] * scale, k];
}
