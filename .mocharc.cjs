// Mocha merges a config's `spec` with the files named on the command line, so a subset of the tests is chosen
// with TESTS (a glob or a file: `TESTS='test/unit/**/*.test.ts' mocha`, as `make test-unit` does); by default
// every test runs.
module.exports = {
  spec: [process.env.TESTS || 'test/**/*.test.ts'],
  extension: ['ts'],
  require: ['test/support/hooks.ts'],
  timeout: 20000,
  // TEST_TIMINGS=1 also writes each file's wall time to test-results/timings.json (test/support/timings-reporter.ts).
  reporter: process.env.TEST_TIMINGS ? 'test/support/timings-reporter.ts' : 'dot',
  // The root hook bounds the shared services' disposal (test/support/hooks.ts); whatever it leaves behind must
  // not keep the run from ending.
  exit: true,
};
