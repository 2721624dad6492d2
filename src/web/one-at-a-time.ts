/**
 * Work run one piece at a time, each after the one before has ended, failed or not: a panel's
 * buttons and a tab's saves never interleave, and one failure never stops those after it.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const next = last.then(work);
    last = next.catch(() => undefined);
    return next;
  };
}
