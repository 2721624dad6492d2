/**
 * A name that owns something, as a reader expects it: "Anna's force", but "the Allies' force"
 * and "United States' doctrines" where the name already ends in an s (a plural, a place).
 * Names come from players (--names, force files) and data, so the rule is English's, not a list.
 */
export function possessive(name: string): string {
  return /s$/i.test(name.trim()) ? `${name}'` : `${name}` + "'s";
}
