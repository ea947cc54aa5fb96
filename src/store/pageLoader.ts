import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import {
  createContext,
  RouterContextProvider,
  type LoaderFunction,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import type { AppStore, RootState } from './store';
import type { ThunkExtra } from './thunkExtra';

/**
 * The store a router's loaders fill, and whether they wait for the answers: the server renderer
 * waits (its page then renders once, with its data); the browser only starts the calls, and the
 * page shows its loading state meanwhile, as it would without a loader.
 */
interface LoaderStore {
  store: AppStore;
  waitForAnswers: boolean;
}

const loaderStore = createContext<LoaderStore>();

/** The `context` a router gives its loaders (createStaticHandler's query, createBrowserRouter). */
export function loaderContext(store: AppStore, waitForAnswers: boolean): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(loaderStore, { store, waitForAnswers });
  return context;
}

/** A call a page shows the answer of: `api.endpoints.x.initiate(args)`. */
export type PageQuery = ThunkAction<
  PromiseLike<unknown> & { unsubscribe(): void },
  RootState,
  ThunkExtra,
  UnknownAction
>;

/**
 * A route loader that starts the calls its page shows (`queriesOf` the address), with the same
 * arguments as the page's own hooks, which then find their answers in the store's cache. It
 * answers nothing itself: the data lives in the store.
 */
export function pageLoader(queriesOf: (url: URL) => PageQuery[]): LoaderFunction {
  return async ({ request, context }: LoaderFunctionArgs<Readonly<RouterContextProvider>>) => {
    const { store, waitForAnswers } = context.get(loaderStore);
    const calls = queriesOf(new URL(request.url)).map((query) => store.dispatch(query));
    // The server's store is thrown away after its one render; a browser's keeps the answers for
    // the page's hooks, which subscribe as it mounts (an answer nobody subscribes to is dropped
    // after the slice's keepUnusedDataFor).
    if (waitForAnswers) await Promise.all(calls);
    else for (const call of calls) call.unsubscribe();
    return null;
  };
}
