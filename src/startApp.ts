/**
 * The app's chunk (after boot.ts). Evaluating the app's libraries is the largest piece of a page's start-up work
 * (React DOM alone is about a fifth of a second on a phone): one long task kept the main thread
 * from answering a tap. Each library is evaluated in a task of its own, the browser getting the
 * thread back in between, then the app (index.tsx) starts. The modules stay in this file's
 * chunk (`eager`): no extra request, and each import names what is used, so nothing more is
 * kept than the app's own imports keep.
 */

/** Chrome's Prioritized Task Scheduling API (`scheduler.yield`); absent elsewhere. */
const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };

/** Gives the main thread back to the browser until a new task. */
const nextTask = (): Promise<void> =>
  scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));

export async function startApp() {
  await import(/* webpackMode: "eager", webpackExports: ["hydrateRoot"] */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["ThemeProvider"] */ 'styled-components');
  await nextTask();
  await import(
    /* webpackMode: "eager", webpackExports: ["createBrowserRouter"] */ 'react-router-dom'
  );
  await nextTask();
  await import(
    /* webpackMode: "eager", webpackExports: ["createApi"] */ '@reduxjs/toolkit/query/react'
  );
  await nextTask();
  await import(/* webpackMode: "eager" */ './index');
}
