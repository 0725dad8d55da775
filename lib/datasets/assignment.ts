// The cheapest one-to-one pairing of expected calls with calls made, so that parallel calls are
// matched in any order by a proper assignment (a greedy first-fit can pair a call with the wrong
// expected call and then find no partner for the rest).

/** Pairs (expected, called); leaving one side unpaired costs `unpairedCost`. */
export type Assignment = {
  pairs: [number, number][];
  unpairedExpected: number[];
  unpairedCalled: number[];
  cost: number;
};

/**
 * Exact for up to this many calls made (2^n states). Beyond it: a maximum matching over the pairs
 * that cost nothing (so a response that is right is always found right), then cheapest pairs first.
 */
const EXACT_LIMIT = 12;

export function assignCalls(
  cost: number[][],
  expectedCount: number,
  calledCount: number,
  unpairedCost: number,
): Assignment {
  if (calledCount <= EXACT_LIMIT) return exactAssignment(cost, expectedCount, calledCount, unpairedCost);
  return greedyAssignment(cost, expectedCount, calledCount, unpairedCost);
}

function exactAssignment(
  cost: number[][],
  expectedCount: number,
  calledCount: number,
  unpairedCost: number,
): Assignment {
  const states = 1 << calledCount;
  // best[i][mask]: least cost for expected calls i.. given the calls in mask are taken.
  const best: number[][] = Array.from({ length: expectedCount + 1 }, () => new Array<number>(states).fill(Infinity));
  const choice: number[][] = Array.from({ length: expectedCount + 1 }, () => new Array<number>(states).fill(-1));
  for (let mask = 0; mask < states; mask++) best[expectedCount][mask] = unpairedCost * (calledCount - popcount(mask));
  for (let expected = expectedCount - 1; expected >= 0; expected--) {
    for (let mask = 0; mask < states; mask++) {
      let least = unpairedCost + best[expected + 1][mask];
      let chosen = -1;
      for (let called = 0; called < calledCount; called++) {
        if (mask & (1 << called)) continue;
        const total = cost[expected][called] + best[expected + 1][mask | (1 << called)];
        if (total < least) {
          least = total;
          chosen = called;
        }
      }
      best[expected][mask] = least;
      choice[expected][mask] = chosen;
    }
  }
  const pairs: [number, number][] = [];
  const unpairedExpected: number[] = [];
  let mask = 0;
  for (let expected = 0; expected < expectedCount; expected++) {
    const called = choice[expected][mask];
    if (called === -1) unpairedExpected.push(expected);
    else {
      pairs.push([expected, called]);
      mask |= 1 << called;
    }
  }
  const unpairedCalled = range(calledCount).filter((called) => !(mask & (1 << called)));
  return { pairs, unpairedExpected, unpairedCalled, cost: best[0][0] };
}

function greedyAssignment(
  cost: number[][],
  expectedCount: number,
  calledCount: number,
  unpairedCost: number,
): Assignment {
  const usedExpected = new Set<number>();
  const usedCalled = new Set<number>();
  const pairs: [number, number][] = [];
  let total = 0;
  for (const [expected, called] of perfectPairs(cost, expectedCount, calledCount)) {
    usedExpected.add(expected);
    usedCalled.add(called);
    pairs.push([expected, called]);
  }
  const candidates: [number, number, number][] = [];
  for (let expected = 0; expected < expectedCount; expected++) {
    for (let called = 0; called < calledCount; called++) candidates.push([cost[expected][called], expected, called]);
  }
  candidates.sort((first, second) => first[0] - second[0] || first[1] - second[1] || first[2] - second[2]);
  for (const [pairCost, expected, called] of candidates) {
    if (usedExpected.has(expected) || usedCalled.has(called) || pairCost >= 2 * unpairedCost) continue;
    usedExpected.add(expected);
    usedCalled.add(called);
    pairs.push([expected, called]);
    total += pairCost;
  }
  const unpairedExpected = range(expectedCount).filter((index) => !usedExpected.has(index));
  const unpairedCalled = range(calledCount).filter((index) => !usedCalled.has(index));
  total += unpairedCost * (unpairedExpected.length + unpairedCalled.length);
  pairs.sort((first, second) => first[0] - second[0]);
  return { pairs, unpairedExpected, unpairedCalled, cost: total };
}

/** Kuhn's augmenting paths over the zero-cost pairs: a maximum set of pairs that are exactly right. */
function perfectPairs(cost: number[][], expectedCount: number, calledCount: number): [number, number][] {
  const partnerOfCalled = new Array<number>(calledCount).fill(-1);
  const augment = (expected: number, seen: boolean[]): boolean => {
    for (let called = 0; called < calledCount; called++) {
      if (cost[expected][called] !== 0 || seen[called]) continue;
      seen[called] = true;
      if (partnerOfCalled[called] === -1 || augment(partnerOfCalled[called], seen)) {
        partnerOfCalled[called] = expected;
        return true;
      }
    }
    return false;
  };
  for (let expected = 0; expected < expectedCount; expected++)
    augment(expected, new Array<boolean>(calledCount).fill(false));
  const pairs: [number, number][] = [];
  partnerOfCalled.forEach((expected, called) => {
    if (expected !== -1) pairs.push([expected, called]);
  });
  return pairs;
}

function popcount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

function range(length: number): number[] {
  return Array.from({ length }, (_, index) => index);
}
