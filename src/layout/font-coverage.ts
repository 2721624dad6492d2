/**
 * Which characters a font has, kept without the font: the build writes it for the fonts that
 * come in a package of their own (the Chinese and Korean ones), so that a run without that
 * package still picks, for every character, the font a run with it would pick, and can tell a
 * character that needs the package from one no font has.
 *
 * Written as ranges of code points, each as the gap after the previous range and its length
 * less one, in base 36 ("gap:length" joined by commas): Noto Sans KR's 23,000 characters in
 * 4,700 ranges take some 25 kB.
 */
export function coverageText(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const parts: string[] = [];
  let previousEnd = -1;
  for (let i = 0; i < sorted.length; ) {
    const start = sorted[i]!;
    let end = start;
    while (i + 1 < sorted.length && sorted[i + 1] === end + 1) end = sorted[++i]!;
    i += 1;
    parts.push(`${(start - previousEnd - 1).toString(36)}:${(end - start).toString(36)}`);
    previousEnd = end;
  }
  return parts.join(',');
}

/** Whether a code point is among those `coverageText` wrote; a text it did not write throws. */
export function coverageOf(text: string): (codePoint: number) => boolean {
  const parts = text === '' ? [] : text.split(',');
  const starts = new Uint32Array(parts.length);
  const ends = new Uint32Array(parts.length);
  let previousEnd = -1;
  parts.forEach((part, i) => {
    const found = /^([0-9a-z]+):([0-9a-z]+)$/.exec(part);
    if (!found) throw new Error(`a font's coverage holds "${part}", not gap:length`);
    starts[i] = previousEnd + 1 + parseInt(found[1]!, 36);
    ends[i] = starts[i]! + parseInt(found[2]!, 36);
    previousEnd = ends[i]!;
  });
  return (codePoint) => {
    let low = 0;
    let high = starts.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (codePoint < starts[middle]!) high = middle - 1;
      else if (codePoint > ends[middle]!) low = middle + 1;
      else return true;
    }
    return false;
  };
}
