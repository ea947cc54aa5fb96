import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { AppStore } from '../store/store';
import { GlobalStyle } from '../ui/GlobalStyle';
import { theme } from '../ui/theme';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>
  );
}
