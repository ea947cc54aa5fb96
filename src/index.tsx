import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type HydrationState } from 'react-router-dom';
import { App } from './app/App';
import { idle, reactListens } from './shared/loading/beforeHydration';
import { loadMatchedPages } from './app/loadMatchedPages';
import { routes } from './app/routes';
import { firebaseIdentity, startAuthAtLoad } from './features/auth/startAuth';
import { serverRendered } from './store/api';
import { loaderContext } from './store/pageLoader';
import { readServerState } from './store/serverState';
import { makeStore } from './store/store';

async function start(container: HTMLElement) {
  const store = makeStore(undefined, firebaseIdentity);
  const serverState = readServerState();
  // Who is signed in is known only here, after the first render: until then the navbar shows
  // its loading state, as the server rendered it.
  const afterFirstRender = () => {
    // The page answers from here on: what was typed or sent before is handed over now
    // (shared/loading/beforeHydration.ts, which waits for this mark, as the browser journeys may). Not
    // before the browser is idle: the page's parts in Suspense boundaries hydrate after the
    // shell, and an event sent to one before is lost.
    void idle().then(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
    startAuthAtLoad(store);
  };
  // The same loaders as on the server, on this store; here they start the page's calls and
  // leave the page to show its loading state until the answers come.
  const app = (hydrationData?: HydrationState) => (
    <StrictMode>
      <App
        store={store}
        router={
          <RouterProvider
            router={createBrowserRouter(routes, {
              getContext: () => loaderContext(store, false),
              hydrationData,
            })}
          />
        }
        afterFirstRender={afterFirstRender}
      />
    </StrictMode>
  );
  // Once a root is made, a tap or a form sent is React's (it hydrates the part there and then):
  // not one for shared/loading/beforeHydration.ts to replay.
  const render = () => {
    createRoot(container).render(app());
    reactListens();
  };
  if (!serverState) return render();
  // A server-rendered public page: the same data and the same page component, then hydrate.
  store.dispatch(serverRendered(serverState));
  try {
    await loadMatchedPages(routes, window.location);
  } catch {
    // The page's chunk would not load (after its retry): the app renders instead, and its
    // route shows the error screen with a way to reload, as on any failed page load.
    return render();
  }
  // The loaders' answers the server had: the router runs none of them again to hydrate. As a
  // transition, hydration yields to the browser every few milliseconds (and to a tap) instead of
  // one long task: a phone's main thread stays free while the page comes alive.
  startTransition(() => {
    hydrateRoot(container, app(serverState.router));
  });
  reactListens();
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
