import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';
import { QueryState } from './QueryState';

describe('QueryState', () => {
  const failed = (status: number | string) => ({
    isError: true,
    isFetching: false,
    error: { status, data: { error: 'x', message: 'The API’s own words.' } },
    refetch: jest.fn(),
  });

  it.each([400, 403, 404])(
    'offers no retry for a refusal (%s): asking again cannot help',
    (status) => {
      render(
        <ThemeProvider theme={theme}>
          <QueryState query={failed(status)} loadingLabel="Loading" errorMessage="Could not load">
            {() => null}
          </QueryState>
        </ThemeProvider>,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('The API’s own words.');
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    },
  );

  it.each([500, 503, 429, 'FETCH_ERROR'])('offers to try again after %s', async (status) => {
    const query = failed(status);
    render(
      <ThemeProvider theme={theme}>
        <QueryState query={query} loadingLabel="Loading" errorMessage="Could not load">
          {() => null}
        </QueryState>
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalled();
  });
});
