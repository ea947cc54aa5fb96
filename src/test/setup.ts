import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// jsdom does not scroll; the router's ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};

// How long findBy… and waitFor keep looking before they fail. They return as soon as what they
// wait for is there, so this is a limit, not a pause: Testing Library's 1 s is less than a busy
// machine can take to compile a lazy route's module or to run a debounced search through MSW
// and render its rows. A fresh clone's first run compiles every lazy page cold while the other
// worker compiles too: 15 s was once not enough for the product form. 40 s stays under the 60 s
// a test may take (jest.config.ts), so a failing wait still reports what it could not find.
configure({ asyncUtilTimeout: 40_000 });
