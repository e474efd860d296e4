import fs from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints one last line with the counts, e.g. "E2E RESULT: FAILED - 5 passed, 1 failed, 0 flaky, 0 skipped", and
 * appends "passed failed skipped" to the file named by SUITE_COUNTS (the summary of make test, scripts/suite.sh).
 * A flaky test (passed only on a retry) counts as failed there: this suite runs without retries.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, ReturnType<TestCase['outcome']>>();

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test, test.outcome());
  }

  onEnd(result: FullResult): void {
    const count = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    for (const o of this.outcomes.values()) count[o] += 1;
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
