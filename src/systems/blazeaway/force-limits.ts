/**
 * The longest lists of a Blaze Away! force file: the schema refuses a file past them, and the
 * page's builder refuses it with them before it draws a row (a unit sheet has room for 20
 * stands a unit; a brigade is far short of 100 units).
 */
export const BA_FORCE_LISTS = {
  units: 100,
  'units[].stands': 20,
  'units[].weapons': 10,
} as const;
