import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { firebaseIdentity, startAuth } from './features/auth/startAuth';
import { signInFailed } from './store/authSlice';
import { makeStore } from './store/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = makeStore(undefined, firebaseIdentity);

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);

// Firebase loads after the first render; the navbar shows its loading state meanwhile.
startAuth(store).catch((err: unknown) => {
  console.error('Sign-in is unavailable', err);
  store.dispatch(signInFailed('Sign-in is unavailable right now. Please reload the page.'));
});
