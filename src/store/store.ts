import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './api';
import { authSlice } from './authSlice';
import { noIdentity, type IdentityClient, type ThunkExtra } from './identity';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.reducerPath]: authSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A fresh store. The identity client (Firebase in the app, a fake in tests) reaches thunks and
 * the API slice as the thunk extra argument; tests pass `preloadedState` too.
 */
export function makeStore(
  preloadedState?: Partial<RootState>,
  identity: IdentityClient = noIdentity,
) {
  const extra: ThunkExtra = { identity };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
    // Redux DevTools in development only.
    devTools: process.env.NODE_ENV !== 'production',
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
