import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './api';
import { authSlice } from './authSlice';
import { guestBagSlice } from '../shared/bag/guestBag';
import { followOtherTabs, guestBagStorage } from '../shared/bag/guestBagStorage';
import type { SendApiRequest } from '@contract/renderedPages';
import { noIdentity, type IdentityClient } from './identity';
import { fetchApi } from './session';
import type { ThunkExtra } from './thunkExtra';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.reducerPath]: authSlice.reducer,
  [guestBagSlice.reducerPath]: guestBagSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Redux Toolkit's development checks (the state is never mutated; state and actions are
 * serializable) run in development and in tests, never in a production build. Each also times
 * itself and warns past `warnAfter` ms (32 by default): in a browser, a sign that the state has
 * grown too big to check on every action. Under Jest the time says how busy the machine is, not
 * how big the state is (a test's state is a few products, checked in a millisecond or less; a
 * busy machine's pauses made it "take" 30-280 ms), so tests keep both checks but not the timing.
 */
const checkWarnAfterMs = process.env.NODE_ENV === 'test' ? Infinity : 32;

/**
 * A fresh store. The identity client (Firebase in the app, a fake in tests) and the way to the
 * API (`fetch`; the API process itself for the server renderer) reach thunks and the API slice
 * as the thunk extra argument; tests pass `preloadedState` too.
 */
export function makeStore(
  preloadedState?: Partial<RootState>,
  identity: IdentityClient = noIdentity,
  send: SendApiRequest = fetchApi,
) {
  const extra: ThunkExtra = { identity, send };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        immutableCheck: { warnAfter: checkWarnAfterMs },
        serializableCheck: { warnAfter: checkWarnAfterMs },
      }).concat(api.middleware, guestBagStorage),
    // Redux DevTools in development only.
    devTools: process.env.NODE_ENV !== 'production',
  });
  setupListeners(store.dispatch);
  // The guest's bag outlives the page and is shared by the tabs (guestBagStorage.ts).
  followOtherTabs(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
