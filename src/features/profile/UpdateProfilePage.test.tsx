import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { TEXT_MAX } from '@contract/limits';
import type { Profile } from '@contract/profiles';
import { copy } from '@contract/copy';
import { apiError, configHandler, uploadHandler } from '../../test/apiHandlers';
import { profile } from '../../test/fixtures';
import { pngFile } from '../../test/files';
import { renderRoutes, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { withToasts } from '../../test/toasts';
import { LINKEDIN_MESSAGE } from './profileSchema';
import { ProfilePage } from './ProfilePage';
import { UpdateProfilePage } from './UpdateProfilePage';

const user = { email: 'shopper@store.test', displayName: 'Demo Shopper' };

function renderForm() {
  const routes = withToasts([
    { path: '/dashboard/profile/updateProfile', element: <UpdateProfilePage /> },
    { path: '/dashboard/profile', element: <ProfilePage /> },
  ]);
  return renderRoutes(routes, '/dashboard/profile/updateProfile', {
    auth: signedInAuth({ user }),
  });
}

/** The API's profile store for one user: none at first, or `initial`. */
function profileApi(initial: Profile | null) {
  const state = { saved: initial, posts: [] as unknown[] };
  const handlers = [
    http.get('/api/profile', () =>
      state.saved ? HttpResponse.json(state.saved) : apiError(404, 'This user has no profile yet.'),
    ),
    http.post('/api/profile', async ({ request }) => {
      const body = (await request.json()) as Profile;
      state.posts.push(body);
      state.saved = { ...body, email: user.email };
      return HttpResponse.json(state.saved);
    }),
  ];
  return { handlers, state };
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: copy.profile.updateButton });

async function fillText(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.clear(field(label));
    await userEvent.type(field(label), value);
  }
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'app-token');
  server.use(configHandler());
});
afterEach(() => localStorage.clear());

describe('Update Your Profile', () => {
  it('starts a first profile from the signed-in name, with the email read-only', async () => {
    server.use(...profileApi(null).handlers);
    renderForm();
    expect(
      screen.getByRole('heading', { level: 1, name: copy.profile.update }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Demo Shopper');
    expect(field('Email')).toHaveValue('shopper@store.test');
    expect(field('Email')).toHaveAttribute('readonly');
    expect(field('Institute name')).toHaveValue('');
    expect(document.title).toBe(`${copy.profile.update} | Tyre & Auto Parts Store`);
  });

  it('shows every required message under its own field', async () => {
    server.use(...profileApi(null).handlers);
    renderForm();
    await userEvent.clear(await screen.findByLabelText('Name'));
    await userEvent.click(submit());
    const expected: [string, string][] = [
      ['Name', copy.profile.nameRequired],
      ['Institute name', copy.profile.instituteRequired],
      ['Department', copy.profile.departmentRequired],
      ['Address', copy.profile.addressRequired],
      ['Linkedin link', copy.profile.linkedinRequired],
      ['Image', copy.profile.imageRequired],
    ];
    await screen.findByText(copy.profile.nameRequired);
    for (const [label, message] of expected) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(field('Name')).toHaveFocus();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  it.each(['linkedin.com/in/maria', 'javascript:alert(1)', 'https://'])(
    'wants Linkedin as a web address, not %s',
    async (typed) => {
      server.use(...profileApi(null).handlers);
      renderForm();
      await userEvent.type(await screen.findByLabelText('Linkedin link'), typed);
      await userEvent.tab();
      expect(await screen.findByText(LINKEDIN_MESSAGE)).toBeInTheDocument();
    },
  );

  it('saves a first profile with its picture, toasts, and the profile page shows it', async () => {
    const api = profileApi(null);
    const upload = uploadHandler('/api/images/face');
    server.use(...api.handlers, upload.handler);
    const { router } = renderForm();
    await screen.findByLabelText('Name');
    await fillText({
      Name: ' Maria Kowalska ',
      'Institute name': profile.instituteName,
      Department: profile.Department,
      Address: profile.Address,
      'Linkedin link': profile.Linkedin,
    });
    await userEvent.upload(field('Image'), pngFile('face.png'));
    await userEvent.click(submit());

    expect(await screen.findByText(copy.profile.updated)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/profile');
    expect(api.state.posts).toEqual([
      {
        email: 'shopper@store.test',
        name: 'Maria Kowalska',
        instituteName: profile.instituteName,
        Department: profile.Department,
        Address: profile.Address,
        Linkedin: profile.Linkedin,
        image: '/api/images/face',
      },
    ]);
    const card = within(await screen.findByRole('article', { name: 'Maria Kowalska' }));
    expect(card.getByRole('img', { name: 'Photo of Maria Kowalska' })).toHaveAttribute(
      'src',
      '/api/images/face',
    );
  });

  it('edits a saved profile: filled in, the saved picture kept unless another is chosen', async () => {
    const api = profileApi(profile);
    const upload = uploadHandler();
    server.use(...api.handlers, upload.handler);
    const { router } = renderForm();
    expect(await screen.findByLabelText('Name')).toHaveValue(profile.name);
    expect(field('Institute name')).toHaveValue(profile.instituteName);
    expect(field('Department')).toHaveValue(profile.Department);
    expect(field('Address')).toHaveValue(profile.Address);
    expect(field('Linkedin link')).toHaveValue(profile.Linkedin);
    expect(screen.getByRole('img', { name: 'Current picture' })).toHaveAttribute(
      'src',
      profile.image,
    );

    await fillText({ Department: 'Automotive Engineering' });
    await userEvent.click(submit());

    expect(await screen.findByText(copy.profile.updated)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/profile');
    expect(upload.seen.uploads).toBe(0);
    expect(api.state.posts).toEqual([
      expect.objectContaining({ Department: 'Automotive Engineering', image: profile.image }),
    ]);
    // The new data at once, never the old.
    expect(await screen.findByText('Automotive Engineering')).toBeInTheDocument();
    expect(screen.queryByText(profile.Department)).not.toBeInTheDocument();
  });

  it('keeps what was typed when the upload fails', async () => {
    const api = profileApi(null);
    server.use(
      ...api.handlers,
      http.post('/api/images', () =>
        apiError(400, 'Only JPEG, PNG, GIF, WebP or AVIF pictures can be uploaded.'),
      ),
    );
    const { router } = renderForm();
    await screen.findByLabelText('Name');
    await fillText({
      'Institute name': 'KUT',
      Department: 'ME',
      Address: 'Krakow',
      'Linkedin link': 'https://linkedin.com/in/m',
    });
    await userEvent.upload(field('Image'), pngFile('fake.png'));
    await userEvent.click(submit());

    expect(
      await screen.findByText('Only JPEG, PNG, GIF, WebP or AVIF pictures can be uploaded.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/profile/updateProfile');
    expect(field('Name')).toHaveValue('Demo Shopper');
    expect(field('Institute name')).toHaveValue('KUT');
    expect(field('Linkedin link')).toHaveValue('https://linkedin.com/in/m');
    expect(api.state.posts).toHaveLength(0);
  });

  it('puts the API’s field message under the field', async () => {
    server.use(
      // Ahead of the store's handlers: msw answers with the first that matches.
      http.post('/api/profile', () =>
        apiError(400, 'Linkedin link can be at most 300 characters.', 'Linkedin'),
      ),
      ...profileApi(profile).handlers,
    );
    renderForm();
    await screen.findByLabelText('Name');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(field('Linkedin link')).toHaveAccessibleDescription(
        'Linkedin link can be at most 300 characters.',
      ),
    );
  });

  it('takes no more text in a field than the API does', async () => {
    server.use(...profileApi(null).handlers);
    renderForm();
    expect(await screen.findByLabelText('Name')).toHaveAttribute(
      'maxlength',
      String(TEXT_MAX.personName),
    );
    expect(field('Institute name')).toHaveAttribute('maxlength', String(TEXT_MAX.institute));
    expect(field('Department')).toHaveAttribute('maxlength', String(TEXT_MAX.department));
    expect(field('Address')).toHaveAttribute('maxlength', String(TEXT_MAX.address));
    expect(field('Linkedin link')).toHaveAttribute('maxlength', String(TEXT_MAX.webUrl));
    expect(field('Email')).not.toHaveAttribute('maxlength');
  });
});
