/**
 * The Auth emulator's start (`scripts/emulatorLazySchemas.cjs`, preloaded into it): exegesis,
 * which serves its API, compiles each operation's schemas at first use. An upgrade of
 * firebase-tools that moved exegesis's options would make every start a minute slower again on a
 * busy machine without failing anything else.
 */
import path from 'node:path';

const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
const exegesisOptions = () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(require.resolve('exegesis/lib/options', { paths: [firebaseTools] })) as {
    compileOptions(given: object): { lazyCompileValidationSchemas: boolean };
  };

test("the emulator's exegesis compiles schemas lazily, unless told otherwise", () => {
  expect(exegesisOptions().compileOptions({}).lazyCompileValidationSchemas).toBe(false);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../../scripts/emulatorLazySchemas.cjs');
  expect(exegesisOptions().compileOptions({}).lazyCompileValidationSchemas).toBe(true);
  const told = exegesisOptions().compileOptions({ lazyCompileValidationSchemas: false });
  expect(told.lazyCompileValidationSchemas).toBe(false);
});
