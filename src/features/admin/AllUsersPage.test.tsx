import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { User } from '@contract/users';
import { copy } from '@contract/copy';
import { apiError } from '../../test/apiHandlers';
import { renderRoutes, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { withToasts } from '../../test/toasts';
import { AllUsersPage, REMOVE_NOT_SUPPORTED } from './AllUsersPage';

const adminUser: User = {
  _id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@store.test',
  role: 'admin',
};
const shopper: User = {
  _id: '00000000-0000-4000-8000-000000000002',
  email: 'shopper@store.test',
  role: 'user',
};

function renderPage() {
  return renderRoutes(
    withToasts([{ path: '*', element: <AllUsersPage /> }]),
    '/dashboard/alluser',
    {
      auth: signedInAuth({
        user: { email: 'admin@store.test', displayName: 'Admin' },
        admin: true,
      }),
    },
  );
}

/** GET /api/users answering from a list the PUT handler can change. */
function usersApi(users: User[], promote: (email: string) => Response) {
  let loads = 0;
  const handlers = [
    http.get('/api/users', () => {
      loads += 1;
      return HttpResponse.json(users);
    }),
    http.put('/api/users/admin/:email', ({ params }) => promote(String(params.email))),
  ];
  return { handlers, loads: () => loads };
}

const rowOf = (email: string) => screen.getByRole('row', { name: new RegExp(email) });

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

/** Confirms the Make Admin dialog, which names the user. */
async function confirmPromotion(email: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Make this user an admin?' });
  expect(dialog).toHaveTextContent(email);
  await userEvent.click(within(dialog).getByRole('button', { name: copy.users.makeAdmin }));
}

describe('All Users', () => {
  it('lists users under SL, Email, Job, Favorite Color, with the right button per role', async () => {
    const api = usersApi([adminUser, shopper], () => HttpResponse.json({ modifiedCount: 1 }));
    server.use(...api.handlers);
    renderPage();

    const table = await screen.findByRole('table', { name: 'All users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([...copy.users.columns, 'Actions']);

    const admin = within(rowOf('admin@store.test'));
    expect(admin.getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(admin.getByText('(you)')).toBeInTheDocument();
    expect(admin.getByText(copy.users.alreadyAdmin)).toBeInTheDocument();
    expect(admin.queryByRole('button', { name: copy.users.makeAdmin })).not.toBeInTheDocument();
    // No job or colour is stored: a dash, read out as "Not recorded".
    expect(admin.getAllByText('Not recorded')).toHaveLength(2);

    const row = within(rowOf('shopper@store.test'));
    expect(row.getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: copy.users.makeAdmin })).toBeEnabled();

    for (const remove of screen.getAllByRole('button', { name: copy.users.removeUser })) {
      expect(remove).toBeDisabled();
      expect(remove).toHaveAttribute('title', REMOVE_NOT_SUPPORTED);
    }
  });

  it('asks first, naming the user, and Cancel promotes nobody', async () => {
    let calls = 0;
    const api = usersApi([adminUser, shopper], () => {
      calls += 1;
      return HttpResponse.json({ modifiedCount: 1 });
    });
    server.use(...api.handlers);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: copy.users.makeAdmin }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this user an admin?' });
    expect(dialog).toHaveTextContent('shopper@store.test will be able to add products');
    expect(dialog).toHaveTextContent('This cannot be undone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('promotes a user: the spec’s toast, and the list refetches to show Already Admin', async () => {
    const users = [adminUser, shopper];
    let promoted: string | null = null;
    const api = usersApi(users, (email) => {
      promoted = email;
      users[1] = { ...shopper, role: 'admin' };
      return HttpResponse.json({ modifiedCount: 1 });
    });
    server.use(...api.handlers);
    renderPage();

    const button = await screen.findByRole('button', { name: copy.users.makeAdmin });
    await userEvent.click(button);
    await confirmPromotion('shopper@store.test');
    expect(await screen.findByText(copy.users.promoted)).toBeInTheDocument();
    expect(promoted).toBe('shopper@store.test');
    await waitFor(() =>
      expect(
        within(rowOf('shopper@store.test')).getByText(copy.users.alreadyAdmin),
      ).toBeInTheDocument(),
    );
    expect(api.loads()).toBe(2);
    expect(screen.queryByRole('button', { name: copy.users.makeAdmin })).not.toBeInTheDocument();
  });

  it('says so when the user was already an admin (modifiedCount 0), and refetches', async () => {
    const api = usersApi([adminUser, shopper], () => HttpResponse.json({ modifiedCount: 0 }));
    server.use(...api.handlers);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: copy.users.makeAdmin }));
    await confirmPromotion('shopper@store.test');
    expect(await screen.findByText('shopper@store.test is already an admin.')).toBeInTheDocument();
    expect(screen.queryByText(copy.users.promoted)).not.toBeInTheDocument();
    await waitFor(() => expect(api.loads()).toBe(2));
  });

  it.each([401, 403])('toasts the spec’s failure on a %s', async (status) => {
    const api = usersApi([adminUser, shopper], () => apiError(status, 'Admins only.'));
    server.use(...api.handlers);
    renderPage();
    const button = await screen.findByRole('button', { name: copy.users.makeAdmin });
    await userEvent.click(button);
    await confirmPromotion('shopper@store.test');
    expect(await screen.findByText(copy.users.promoteFailed)).toBeInTheDocument();
    expect(screen.queryByText(copy.users.promoted)).not.toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(api.loads()).toBe(1);
  });

  it('shows other failures in the API’s words', async () => {
    const api = usersApi([adminUser, shopper], () =>
      apiError(404, 'No user with this email has signed in to the store.'),
    );
    server.use(...api.handlers);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: copy.users.makeAdmin }));
    await confirmPromotion('shopper@store.test');
    expect(
      await screen.findByText('No user with this email has signed in to the store.'),
    ).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('/api/users', () => {
        calls += 1;
        return calls === 1
          ? apiError(429, 'Too many requests. Please wait a moment, then try again.')
          : HttpResponse.json([adminUser]);
      }),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the users.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'All users' })).toBeInTheDocument();
  });
});
