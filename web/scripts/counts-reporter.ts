import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Appends "passed failed skipped" to the file named by SUITE_COUNTS when the run ends: the suite summary
 * of `make test` and `.ci/run` (scripts/suite.sh). Vitest's own output is unchanged.
 */
export default class CountsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const file = process.env.SUITE_COUNTS;
    if (!file) return;
    const count = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) count[test.result().state] += 1;
    }
    fs.appendFileSync(file, `${count.passed} ${count.failed} ${count.skipped + count.pending}\n`);
  }
}
