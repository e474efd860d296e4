import fs from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the failed tests, each with the first lines of its error, then one last line with the counts, e.g.
 * "E2E RESULT: FAILED - 5 passed, 1 failed, 0 flaky, 0 skipped", and appends "passed failed skipped" to the file
 * named by SUITE_COUNTS (the summary of make test, scripts/suite.sh). A flaky test (passed only on a retry) counts as
 * failed there: this suite runs without retries. The reasons come last because a CI log is often read from its end.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, ReturnType<TestCase['outcome']>>();
  private readonly reasons = new Map<TestCase, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test, test.outcome());
    if (result.status !== 'passed' && result.status !== 'skipped') {
      this.reasons.set(test, `${result.status} after ${Math.round(result.duration / 1000)} s: ${firstLines(result)}`);
    }
  }

  onEnd(result: FullResult): void {
    const count = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    for (const o of this.outcomes.values()) count[o] += 1;
    const failed = [...this.reasons].filter(([test]) => this.outcomes.get(test) !== 'expected');
    if (failed.length > 0) process.stdout.write('\nE2E FAILURES\n');
    for (const [test, reason] of failed) {
      process.stdout.write(`  ${test.location.file.split('/tests/').pop()}:${test.location.line} ${test.title}\n`);
      process.stdout.write(`    ${reason}\n`);
    }
    const ok = result.status === 'passed';
    const why = ok ? '' : ` (run status: ${result.status}${count.unexpected === 0 ? '; see errors above' : ''})`;
    process.stdout.write(
      `\nE2E RESULT: ${ok ? 'PASSED' : 'FAILED'} - ${count.expected} passed, ${count.unexpected} failed, ` +
        `${count.flaky} flaky, ${count.skipped} skipped${why}\n`,
    );
    if (process.env.SUITE_COUNTS) {
      fs.appendFileSync(process.env.SUITE_COUNTS, `${count.expected} ${count.unexpected + count.flaky} ${count.skipped}\n`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}

// firstLines is the error's message without colour codes, its first four lines joined, and where it was thrown.
function firstLines(result: TestResult): string {
  const error = result.errors[0];
  if (!error) return 'no error recorded';
  const message = (error.message ?? String(error.value ?? '')).replace(/\u001b\[[0-9;]*m/g, '');
  const lines = message.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 4).join(' | ');
  const at = error.location ? ` (${error.location.file.split('/tests/').pop()}:${error.location.line})` : '';
  return lines + at;
}
