// Sums the JSON reports of vitest and Playwright into the closing line CI reads, after one line per
// report (written without the closing line's comma, so that only the last line reads as a count).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const name = path.basename(file, '.json');
  if (!existsSync(file)) {
    failed += 1;
    console.log(`  ${name.padEnd(12)} no report: that suite did not run to the end (counted as 1 failed)`);
    continue;
  }
  const counts = countsOf(JSON.parse(readFileSync(file, 'utf8')));
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  const skippedText = counts.skipped ? `  ${counts.skipped} skipped` : '';
  console.log(`  ${name.padEnd(12)} ${counts.passed} passed  ${counts.failed} failed${skippedText}`);
}
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
