// A small seeded random stream and string hashing: the simulator's answers depend only on the
// seed and the request, never on Math.random or arrival order.

/** Two independent 32-bit hashes of a string (FNV-1a and a multiply-rotate variant), as a pair. */
export function hashText(text: string): [number, number] {
  let first = 0x811c9dc5;
  let second = 0x9e3779b9;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x85ebca6b);
    second = (second << 13) | (second >>> 19);
  }
  return [first >>> 0, Math.imul(second ^ (second >>> 16), 0xc2b2ae35) >>> 0];
}

/** Mixes 32-bit words into one well-spread 32-bit state (murmur3's finalizer over a running sum). */
export function mixWords(...words: number[]): number {
  let state = 0x6a09e667;
  for (const word of words) {
    state = Math.imul(state ^ (word >>> 0), 0x9e3779b1);
    state ^= state >>> 15;
    state = Math.imul(state, 0x85ebca77);
    state ^= state >>> 13;
  }
  return state >>> 0;
}

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let value = this.state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }

  /** True with probability `probability`. */
  chance(probability: number): boolean {
    return probability > 0 && this.next() < probability;
  }

  /** Integer in [low, high]. */
  integer(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** A key drawn with probability proportional to its weight; weights must not all be 0. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let draw = this.next() * total;
    for (const [key, weight] of entries) {
      if (weight <= 0) continue;
      draw -= weight;
      if (draw < 0) return key;
    }
    return entries.filter(([, weight]) => weight > 0).at(-1)![0];
  }

  /** `length` lower-case hex digits. */
  hex(length: number): string {
    let text = '';
    while (text.length < length)
      text += Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, '0');
    return text.slice(0, length);
  }
}

/** Splits a seed that may exceed 32 bits into two words. */
export function seedWords(seed: number): [number, number] {
  return [seed >>> 0, Math.floor(seed / 4294967296) >>> 0];
}
