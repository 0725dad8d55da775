import { describe, expect, it } from 'vitest';
import { readJunitReport } from './junit';

const report = `<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">\
<testsuite name="pytest" errors="1" failures="1" skipped="1" tests="4">
<testcase classname="test_mod" name="test_ok" time="0.000" />
<testcase classname="test_mod" name="test_bad" time="0.000">\
<failure message="AssertionError: sum is wrong&#10;assert 3 == 4">def test_bad():
&gt;       assert add(1, 2) == 4, "sum is wrong"
E       AssertionError: sum is wrong
E       assert 3 == 4

test_mod.py:6: AssertionError</failure></testcase>
<testcase classname="test_mod" name="test_skip" time="0.000">\
<skipped type="pytest.skip" message="later">test_mod.py:7: later</skipped></testcase>
<testcase classname="test_mod" name="test_err" time="0.000">\
<error message="failed on setup with &quot;RuntimeError: boom&quot;">E   RuntimeError: boom</error></testcase>
</testsuite></testsuites>`;

describe('readJunitReport', () => {
  it('counts passed, failed, errors and skipped from the test cases and keeps the failures', () => {
    const parsed = readJunitReport(report);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.report).toMatchObject({ passed: 1, failed: 1, errors: 1, skipped: 1, total: 4 });
    expect(parsed.report.failures).toEqual([
      {
        test: 'test_mod::test_bad',
        kind: 'failure',
        message: 'AssertionError: sum is wrong\nassert 3 == 4',
        details: 'E       AssertionError: sum is wrong\nE       assert 3 == 4\ntest_mod.py:6: AssertionError',
      },
      {
        test: 'test_mod::test_err',
        kind: 'error',
        message: 'failed on setup with "RuntimeError: boom"',
        details: 'E   RuntimeError: boom',
      },
    ]);
  });

  it('reads a single suite without a testsuites wrapper, and rejects documents without suites', () => {
    const single = readJunitReport('<testsuite tests="1"><testcase classname="a" name="b"/></testsuite>');
    expect(single).toMatchObject({ ok: true, report: { passed: 1, total: 1 } });
    expect(readJunitReport('<html><body>not junit</body></html>')).toMatchObject({ ok: false });
    expect(readJunitReport('')).toMatchObject({ ok: false });
  });
});
