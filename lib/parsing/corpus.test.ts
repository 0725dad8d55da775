// Replays the recorded response shapes in fixtures/*.json. Add a case there when a server surprises us.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseResponse } from './parse-response';
import { messageFromBody } from './response-message';
import { ALL_PARSE_PATHS, type ResponsePreference } from './types';
import { familyByName } from '../families/registry';
import { type ParsedCall } from '../protocol/parsed-call';

type ExpectedCall = ParsedCall & { argumentsErrorIncludes?: string };
type FixtureCase = {
  name: string;
  comment?: string;
  preference?: ResponsePreference;
  /** The variant's declared model family (lib/families), when the case needs one. */
  family?: string;
  message?: unknown;
  response?: unknown;
  expected: { path: string; text: string; calls: ExpectedCall[]; error?: null; errorIncludes?: string };
};
type FixtureFile = { source: string; notes: string; cases: FixtureCase[] };

const folder = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ name, fixture: JSON.parse(readFileSync(join(folder, name), 'utf8')) as FixtureFile }));

function comparableCalls(
  calls: ParsedCall[],
  expected: ExpectedCall[],
): { actual: ParsedCall[]; expected: ParsedCall[] } {
  // An expected arguments error is matched by a fragment; the rest of each call must match exactly.
  const actual = calls.map((call, index) => {
    const wanted = expected[index];
    if (wanted?.argumentsErrorIncludes !== undefined && call.argumentsError?.includes(wanted.argumentsErrorIncludes)) {
      return { ...call, argumentsError: 'matched' };
    }
    return call;
  });
  const normalizedExpected = expected.map(({ argumentsErrorIncludes, ...call }) =>
    argumentsErrorIncludes === undefined ? call : { ...call, argumentsError: 'matched' },
  );
  return { actual, expected: normalizedExpected };
}

describe('response corpus', () => {
  it('has fixture files, each with a source and cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const { fixture } of files) {
      expect(fixture.source).toBeTruthy();
      expect(fixture.cases.length).toBeGreaterThan(0);
    }
  });

  it('covers every parse path', () => {
    const seen = new Set(files.flatMap(({ fixture }) => fixture.cases.map((item) => item.expected.path)));
    expect([...seen].sort()).toEqual([...ALL_PARSE_PATHS].sort());
  });

  for (const { name, fixture } of files) {
    describe(name, () => {
      for (const item of fixture.cases) {
        it(item.name, () => {
          const message = 'response' in item ? messageFromBody(item.response) : item.message;
          const result = parseResponse(message, item.preference, item.family ? familyByName(item.family) : null);
          expect(result.path).toBe(item.expected.path);
          expect(result.text).toBe(item.expected.text);
          const calls = comparableCalls(result.calls, item.expected.calls);
          expect(calls.actual).toEqual(calls.expected);
          if (item.expected.errorIncludes !== undefined) expect(result.error).toContain(item.expected.errorIncludes);
          else if (item.expected.path === 'malformed') expect(result.error).toEqual(expect.any(String));
          else expect(result.error).toBeNull();
        });
      }
    });
  }
});
