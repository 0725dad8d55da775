/** 1 -> "1 file", 3 -> "3 files": a count with its noun (a plain English plural in s). */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
