import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configHandler, uploadHandler } from '../../../test/apiHandlers';
import { catalogueApi } from '../../../test/catalogueApi';
import { pngFile } from '../../../test/files';
import { tyre } from '../../../test/fixtures';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { withToasts } from '../../../test/toasts';
import { EditProductPage } from '../products/EditProductPage';

function renderEdit() {
  const api = catalogueApi([tyre]);
  server.use(configHandler(), ...api.handlers);
  renderRoutes(
    withToasts([{ path: '/dashboard/products/:id', element: <EditProductPage /> }]),
    `/dashboard/products/${tyre._id}`,
    { auth: signedInAuth({ user: { email: 'admin@store.test', displayName: 'A' }, admin: true }) },
  );
  return api;
}

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));

const gallery = () => screen.getByRole('region', { name: "The model's pictures" });
const pictures = () =>
  within(gallery())
    .queryAllByRole('listitem')
    .map((item) => within(item).getByRole('img').getAttribute('alt'));

async function addPicture(file: string, alt: string, url: string) {
  const upload = uploadHandler(url);
  server.use(upload.handler);
  const add = within(gallery()).getByRole('form', { name: 'Add the picture' });
  await userEvent.upload(within(add).getByLabelText(/^Picture/), pngFile(file));
  await userEvent.type(within(add).getByLabelText('Alt text'), alt);
  await userEvent.click(within(add).getByRole('button', { name: 'Add the picture' }));
  await waitFor(() => expect(pictures()).toContain(alt));
  return upload;
}

describe("the dashboard's gallery of a model", () => {
  it('uploads pictures, then reorders, renames and removes them', async () => {
    const api = renderEdit();
    expect(
      await within(await screen.findByRole('region', { name: "The model's pictures" })).findByText(
        /No pictures yet/,
      ),
    ).toBeInTheDocument();

    const upload = await addPicture(
      'tread.png',
      'The tread',
      '/api/images/0a0a0a0a-0000-4000-8000-000000000001',
    );
    expect(upload.seen.names).toEqual(['tread.png']);
    await addPicture(
      'side.png',
      'The sidewall',
      '/api/images/0a0a0a0a-0000-4000-8000-000000000002',
    );
    expect(pictures()).toEqual(['The tread', 'The sidewall']);
    expect(api.writes().map((call) => call.body)).toEqual([
      { url: '/api/images/0a0a0a0a-0000-4000-8000-000000000001', alt: 'The tread' },
      { url: '/api/images/0a0a0a0a-0000-4000-8000-000000000002', alt: 'The sidewall' },
    ]);

    const second = within(screen.getByRole('listitem', { name: 'Picture 2 of 2' }));
    await userEvent.click(second.getByRole('button', { name: 'Move up' }));
    await waitFor(() => expect(pictures()).toEqual(['The sidewall', 'The tread']));

    const first = within(screen.getByRole('listitem', { name: 'Picture 1 of 2' }));
    await userEvent.clear(first.getByLabelText('Alt text'));
    await userEvent.type(first.getByLabelText('Alt text'), 'The sidewall with its size');
    await userEvent.click(first.getByRole('button', { name: 'Save alt text' }));
    await waitFor(() => expect(pictures()).toEqual(['The sidewall with its size', 'The tread']));

    const last = within(screen.getByRole('listitem', { name: 'Picture 2 of 2' }));
    await userEvent.click(last.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(pictures()).toEqual(['The sidewall with its size']));
    expect(api.gallery(tyre._id).map((picture) => picture.alt)).toEqual([
      'The sidewall with its size',
    ]);
  });
});
