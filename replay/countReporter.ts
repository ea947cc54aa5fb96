import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints, after the run, how many paths of each machine were replayed (and how they ended). */
export default class CountReporter implements Reporter {
  private counts = new Map<string, Record<string, number>>();

  onTestEnd(test: TestCase, result: TestResult) {
    const machine = test.title.split(' path ')[0]!;
    const counts = this.counts.get(machine) ?? {};
    // A retry counts once, by its last outcome.
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped')
      return;
    counts[result.status] = (counts[result.status] ?? 0) + 1;
    this.counts.set(machine, counts);
  }

  onEnd() {
    console.log('\nMachine paths replayed:');
    for (const [machine, counts] of this.counts) {
      const rest = Object.entries(counts)
        .filter(([status]) => status !== 'passed')
        .map(([status, n]) => `${n} ${status}`);
      console.log(
        `  ${machine}: ${counts.passed ?? 0} paths replayed${rest.length ? ` (${rest.join(', ')})` : ''}`,
      );
    }
  }
}
