import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../test/render';
import { retryImport } from '../shared/loading/retryImport';
import { RouteError } from './RouteError';

function chunkLoadError() {
  const error = new Error(
    'Loading chunk reviews failed.\n(missing: /static/js/reviews.1.chunk.js)',
  );
  error.name = 'ChunkLoadError';
  return error;
}

describe('a route that fails', () => {
  it('retries a chunk that does not load, then offers a reload instead of a blank page', async () => {
    const load = jest.fn(() => Promise.reject(chunkLoadError()));
    renderRoutes(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          hydrateFallbackElement: <p>Loading</p>,
          lazy: retryImport(load, 0),
        },
      ],
      '/',
    );
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'Reload page' })).toBeEnabled();
    expect(within(alert).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(
      within(alert).getByText(/ChunkLoadError: Loading chunk reviews failed\./),
    ).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the page when the second try works', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(chunkLoadError())
      .mockResolvedValueOnce({ Component: () => <h1>Reviews</h1> });
    renderRoutes(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          hydrateFallbackElement: <p>Loading</p>,
          lazy: retryImport(load, 0),
        },
      ],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says something went wrong when a page throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    renderRoutes([{ path: '/', errorElement: <RouteError />, Component: Broken }], '/');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
