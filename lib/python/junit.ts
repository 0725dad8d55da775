// pytest's JUnit XML report, read with a real XML parser: counts and the first failures.
import { XMLParser } from 'fast-xml-parser';
import { errorMessage } from '../errors';
import { isRecord } from '../protocol/records';

type TestFailure = { test: string; kind: 'failure' | 'error'; message: string; details: string };

export type TestReport = {
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
  total: number;
  failures: TestFailure[];
};

const LIST_TAGS = new Set(['testsuite', 'testcase', 'failure', 'error', 'skipped']);

type Element = Record<string, unknown>;

function list(value: unknown): Element[] {
  if (Array.isArray(value)) return value.map((item) => (isRecord(item) ? item : { '#text': String(item) }));
  if (value === undefined || value === null) return [];
  return [isRecord(value) ? value : { '#text': String(value) }];
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The useful part of a failure's text: pytest's "E " lines and the location, or its last lines. */
function details(body: string, limit: number): string {
  const lines = body.split('\n');
  const marked = lines.filter((line) => /^E\s/.test(line) || /^\S+\.py:\d+:/.test(line));
  const chosen = (marked.length > 0 ? marked : lines.slice(-12)).join('\n').trim();
  return chosen.length > limit ? `${chosen.slice(0, limit)}…` : chosen;
}

export type ParsedReport = { ok: true; report: TestReport } | { ok: false; error: string };

export function readJunitReport(xml: string, options: { maxFailures?: number; maxDetail?: number } = {}): ParsedReport {
  const maxFailures = options.maxFailures ?? 5;
  const maxDetail = options.maxDetail ?? 800;
  let document: unknown;
  try {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
      htmlEntities: true,
      isArray: (name) => LIST_TAGS.has(name),
    });
    document = parser.parse(xml);
  } catch (error) {
    return { ok: false, error: `the JUnit report is not valid XML: ${errorMessage(error)}` };
  }
  if (!isRecord(document)) return { ok: false, error: 'the JUnit report is empty' };
  const suites = isRecord(document.testsuites) ? list(document.testsuites.testsuite) : list(document.testsuite);
  if (suites.length === 0) return { ok: false, error: 'the JUnit report holds no <testsuite>' };
  const report: TestReport = { passed: 0, failed: 0, errors: 0, skipped: 0, total: 0, failures: [] };
  for (const suite of suites) {
    for (const testCase of list(suite.testcase)) {
      report.total += 1;
      const failures = list(testCase.failure);
      const errors = list(testCase.error);
      const name = [text(testCase['@_classname']), text(testCase['@_name'])].filter(Boolean).join('::');
      const problem = failures[0]
        ? { kind: 'failure' as const, element: failures[0] }
        : errors[0]
          ? { kind: 'error' as const, element: errors[0] }
          : null;
      if (problem) {
        if (problem.kind === 'failure') report.failed += 1;
        else report.errors += 1;
        if (report.failures.length < maxFailures) {
          report.failures.push({
            test: name,
            kind: problem.kind,
            message: text(problem.element['@_message']).slice(0, maxDetail),
            details: details(text(problem.element['#text']), maxDetail),
          });
        }
      } else if (list(testCase.skipped).length > 0) {
        report.skipped += 1;
      } else {
        report.passed += 1;
      }
    }
  }
  return { ok: true, report };
}
