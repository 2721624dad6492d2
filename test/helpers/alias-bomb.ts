// A Blaze Away! force of a few hundred characters that YAML aliases make huge (issue 55, point
// 5): one anchored list of 500 stands, named by each of 100 units.

/** The force file: 100 infantry units, every one's stands the same anchored list of 500. */
export function aliasBombYaml(units = 100, stands = 500): string {
  // counts that change along the list, as a player's would, and units numbered: a link some
  // 670 characters long, as long as the (608), not a run of one repeated stand
  const list = Array.from({ length: stands }, (_, i) => `{type: rifle, count: ${1 + ((i * 13) % 9)}}`).join(', ');
  const rest = Array.from({ length: units - 1 }, (_, i) => `  - {name: Zug ${i + 2}, kind: infantry, stands: *s}\n`).join('');
  return `name: Alias bomb\nside: axis\nnation: Germany\nrating: Average\nunits:\n  - {name: Zug 1, kind: infantry, stands: &s [${list}]}\n${rest}`;
}
