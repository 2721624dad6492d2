/** A line split where pdfkit's layout splits it: after each space or tab. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      words.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) words.push(text.slice(start));
  return words;
}
