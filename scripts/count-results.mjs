// Sums the JSON reports of vitest and Playwright into the closing line CI reads.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    missing += 1;
    console.error(`no report at ${file}: that suite did not run to the end`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    // vitest (jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected ?? 0;
    failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    skipped += report.stats.skipped ?? 0;
  }
}
if (missing > 0) failed += missing;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
