// Counting and cutting extracted text: the small helpers the service uses on the main thread for
// every answer (a cached page is cut to max there). Apart from the extractor, so that the main
// thread loads none of the DOM libraries for them (docs/decisions/start-up.md).

/** Words of a text: letter/number runs, and each CJK character on its own. */
export function countWords(text: string): number {
  return text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_-]*/gu)?.length ?? 0;
}

export function readingTime(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / 230));
}

/** Cuts content to at most max characters, at a paragraph or word boundary when one is near. */
export function truncate(content: string, max: number): string {
  if (content.length <= max) return content;
  let cut = content.slice(0, max);
  // Never split a surrogate pair.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  const para = cut.lastIndexOf('\n\n');
  if (para > max * 0.7) return cut.slice(0, para).trimEnd();
  const space = cut.search(/\s\S*$/);
  if (space > max * 0.7) return cut.slice(0, space).trimEnd();
  return cut;
}
