/**
 * Where a rule muster prints or rolls comes from (issue 49): a section of the rule set's text,
 * named by its heading as the text prints it ("Deployment", "7.2.2"), or one of muster's
 * readings, named by its entry in the rule set's register (data/<system>/readings.yaml). Here,
 * below every layer, because the engine's roll log, the document model and the layout that
 * prints the dagger all carry it.
 */

/**
 * A reading of a rule set's register by its rule set and id, "bof/solo-bag-end": every dagger
 * muster prints names the entry that says what it means.
 */
export type ReadingId = `${string}/${string}`;

export type Provenance = { readonly section: string; readonly reading?: never } | { readonly reading: ReadingId; readonly section?: never };

/** Whether the rule is muster's reading rather than the text's: then it is printed with the dagger. */
export function isReading(source: Provenance): source is { readonly reading: ReadingId } {
  return source.reading !== undefined;
}

/** The rule set a reading belongs to and its id in that rule set's register. */
export function readingParts(reading: ReadingId): { system: string; id: string } {
  const slash = reading.indexOf('/');
  return { system: reading.slice(0, slash), id: reading.slice(slash + 1) };
}
