import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import type { AppStore } from '../store/store';
import { GlobalStyle } from '../ui/GlobalStyle';
import { theme } from '../ui/theme';

/** Runs `then` once the first render is on screen (after hydration, when hydrating). */
function AfterFirstRender({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

const nothing = () => {};

/**
 * The app around its router: the browser's router, or the server renderer's static one. Both
 * sides render this same tree, so hydration finds what the server sent.
 */
export function App({
  store,
  router,
  afterFirstRender = nothing,
}: {
  store: AppStore;
  router: ReactNode;
  afterFirstRender?: () => void;
}) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {router}
        <AfterFirstRender then={afterFirstRender} />
      </ThemeProvider>
    </Provider>
  );
}
