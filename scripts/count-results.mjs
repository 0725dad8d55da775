// Sums the JSON reports of vitest and Playwright into the closing line CI reads, after one line per
// report (written without the closing line's comma, so that only the last line reads as a count).
// The failed tests are named just above those lines: CI shows the end of the output, and a suite's
// own failure report can be hundreds of lines further up.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const failures = [];
for (const file of process.argv.slice(2)) {
  const name = path.basename(file, '.json');
  if (!existsSync(file)) {
    failed += 1;
    lines.push(`  ${name.padEnd(12)} no report: that suite did not run to the end (counted as 1 failed)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = countsOf(report);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  for (const failure of failuresOf(report)) failures.push(`  ${name}: ${failure}`);
  const skippedText = counts.skipped ? `  ${counts.skipped} skipped` : '';
  lines.push(`  ${name.padEnd(12)} ${counts.passed} passed  ${counts.failed} failed${skippedText}`);
}
if (failures.length) console.log(['failed:', ...failures].join('\n'));
console.log(lines.join('\n'));
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

function countsOf(report) {
  // scripts/typecheck.mjs: the type check as one test
  if (typeof report.passed === 'number') return { passed: report.passed, failed: report.failed, skipped: 0 };
  if (typeof report.numPassedTests === 'number') {
    // vitest (jest-compatible JSON)
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  }
  // Playwright; a flaky test (passed on a retry) counts as failed, and so does an error outside any
  // test (the web server did not start, a spec did not load).
  const stats = report.stats ?? {};
  const outside = report.errors?.length ?? 0;
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + outside,
    skipped: stats.skipped ?? 0,
  };
}

/** One line per failed test: where it is, its title, and the first line of its error. */
function failuresOf(report) {
  if (typeof report.passed === 'number') return report.failed ? ['the type check (see "--- type check" above)'] : [];
  if (Array.isArray(report.testResults)) {
    return report.testResults.flatMap((file) => {
      const where = path.relative(process.cwd(), file.name);
      const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      // A file that failed outside any test (it did not load, a hook threw) has no failed test in it.
      if (!tests.length && file.status === 'failed') return [`${where}: ${firstLine(file.message)}`];
      return tests.map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    });
  }
  const found = (report.errors ?? []).map((error) => `outside any test: ${firstLine(error.message)}`);
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.errors?.length)?.errors[0];
        found.push(`${spec.file}:${spec.line} > ${spec.title}: ${firstLine(error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return found;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- reporters colour their messages
  const plain = String(text ?? '(no message)').replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((part) => part.trim()) ?? '(no message)';
  return line.trim().slice(0, 240);
}
