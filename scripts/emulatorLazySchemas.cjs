/**
 * Preloaded (`node --require`) into the Firebase Auth emulator that `npm start` runs: it compiles
 * the JSON schema of each Identity Toolkit operation when that operation is first called, not
 * all of them at start.
 *
 * The emulator serves its API through exegesis, which by default compiles a validator (Ajv) for
 * every request and response of the whole OpenAPI document before it listens: about 20 s of CPU
 * (six seconds on an idle core, minutes on a busy machine) for the few operations a store calls.
 * exegesis's own `lazyCompileValidationSchemas` option compiles each on first use instead; the
 * validation is the same. An option the emulator sets itself is left as it set it.
 */
'use strict';
// A CommonJS file Node preloads as it is: no TypeScript, no import syntax.
/* eslint-disable @typescript-eslint/no-require-imports */
const path = require('node:path');

// exegesis as firebase-tools resolves it (hoisted or its own copy).
const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
const options = require(require.resolve('exegesis/lib/options', { paths: [firebaseTools] }));

const compileOptions = options.compileOptions;
options.compileOptions = function lazilyCompiled(given) {
  return compileOptions({ lazyCompileValidationSchemas: true, ...given });
};
