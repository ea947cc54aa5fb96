import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { firebaseIdentity, startAuthAtLoad } from './features/auth/startAuth';
import { makeStore } from './store/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = makeStore(undefined, firebaseIdentity);

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);

// After the first render; while Firebase loads, the navbar shows its loading state.
startAuthAtLoad(store);
