import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { FakeXhr } from '../../test/fakeXhr';
import { pngFile, testFile } from '../../test/files';
import { signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import type { IdentityClient } from '../../store/identity';
import { IMAGE_TYPE_MESSAGE } from '@contract/imageLimits';
import { makeStore } from '../../store/store';
import { useImageUpload } from './useImageUpload';

const EMAIL = 'shopper@store.test';

function config(imageUploadUrl = '/api/images') {
  return http.get('/api/config', () =>
    HttpResponse.json({
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', authEmulatorUrl: null },
      payments: { provider: 'local', stripePublishableKey: null },
      imageUploadUrl,
    }),
  );
}

const uploaded = (url: string) =>
  HttpResponse.json({
    success: true,
    status: 200,
    data: { id: 'i', url, display_url: url, size: 1, mime: 'image/png' },
  });

function setup(identity?: IdentityClient) {
  const store = makeStore(
    { auth: signedInAuth({ user: { email: EMAIL, displayName: null } }) },
    identity,
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  render(<ToastContainer />);
  return renderHook(() => useImageUpload(), { wrapper });
}

beforeEach(() => localStorage.setItem('accessToken', 'app-token'));
afterEach(() => localStorage.clear());

describe('useImageUpload', () => {
  it('follows the upload’s progress and ends with the hosted URL', async () => {
    server.use(config());
    const restore = FakeXhr.install();
    try {
      const { result } = setup();
      expect(result.current.status).toBe('idle');
      let done!: Promise<string | null>;
      act(() => {
        done = result.current.upload(pngFile());
      });
      expect(result.current.status).toBe('uploading');
      await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
      const xhr = FakeXhr.requests[0]!;
      expect(xhr.url).toBe('/api/images');
      expect(xhr.headers.authorization).toBe('Bearer app-token');

      act(() => xhr.progress(1, 4));
      expect(result.current).toMatchObject({ status: 'uploading', progress: 0.25 });
      act(() => xhr.progress(3, 4));
      expect(result.current.progress).toBe(0.75);

      let url: string | null = null;
      await act(async () => {
        xhr.respond(200, { success: true, data: { url: '/api/images/p1' } });
        url = await done;
      });
      expect(url).toBe('/api/images/p1');
      expect(result.current).toMatchObject({ status: 'done', progress: 1 });
    } finally {
      restore();
    }
  });

  it('toasts a failed upload, says why, and resolves null so the form stays as it is', async () => {
    server.use(
      config(),
      http.post('/api/images', () =>
        HttpResponse.json(
          { error: 'Payload Too Large', message: 'The picture is larger than 5 MB.' },
          { status: 413 },
        ),
      ),
    );
    const { result } = setup();
    let url: string | null = 'unset';
    await act(async () => {
      url = await result.current.upload(pngFile());
    });
    expect(url).toBeNull();
    expect(result.current).toMatchObject({
      status: 'failed',
      progress: 0,
      error: 'The picture is larger than 5 MB.',
    });
    expect(await screen.findByText('The picture is larger than 5 MB.')).toBeInTheDocument();
  });

  it('refuses a file of the wrong type without sending it', async () => {
    let requests = 0;
    server.use(
      config(),
      http.post('/api/images', () => {
        requests += 1;
        return uploaded('/x');
      }),
    );
    const { result } = setup();
    await act(async () => {
      expect(await result.current.upload(testFile('notes.pdf', 'application/pdf'))).toBeNull();
    });
    expect(result.current.error).toBe(IMAGE_TYPE_MESSAGE);
    expect(await screen.findByText(IMAGE_TYPE_MESSAGE)).toBeInTheDocument();
    expect(requests).toBe(0);
  });

  it('does not send the same file twice, but does send a new one', async () => {
    let requests = 0;
    server.use(
      config(),
      http.post('/api/images', () => {
        requests += 1;
        return uploaded(`/api/images/${requests}`);
      }),
    );
    const { result } = setup();
    const file = pngFile();
    await act(async () => {
      expect(await result.current.upload(file)).toBe('/api/images/1');
      expect(await result.current.upload(file)).toBe('/api/images/1');
      expect(await result.current.upload(pngFile('other.png'))).toBe('/api/images/2');
    });
    expect(requests).toBe(2);
  });

  it('never sends the store’s token to a third-party image host', async () => {
    let auth: string | null = 'unset';
    server.use(
      config('https://api.imgbb.com/1/upload?key=abc'),
      http.post('https://api.imgbb.com/1/upload', ({ request }) => {
        auth = request.headers.get('authorization');
        return uploaded('https://i.ibb.co/abc/photo.png');
      }),
    );
    const { result } = setup();
    await act(async () => {
      expect(await result.current.upload(pngFile())).toBe('https://i.ibb.co/abc/photo.png');
    });
    expect(auth).toBeNull();
  });

  it('renews an expired app token once and uploads again', async () => {
    const identity: IdentityClient = {
      freshIdentity: async () => ({ email: EMAIL, idToken: 'firebase-id-token' }),
      signOut: async () => {},
    };
    const tokens: (string | null)[] = [];
    server.use(
      config(),
      http.put('/api/users/:email', () => HttpResponse.json({ token: 'fresh-token' })),
      http.get('/api/admin/:email', ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh-token'
          ? HttpResponse.json({ admin: false })
          : HttpResponse.json({ error: 'Unauthorized', message: 'expired' }, { status: 401 }),
      ),
      http.post('/api/images', ({ request }) => {
        const auth = request.headers.get('authorization');
        tokens.push(auth);
        return auth === 'Bearer fresh-token'
          ? uploaded('/api/images/renewed')
          : HttpResponse.json({ error: 'Unauthorized', message: 'expired' }, { status: 401 });
      }),
    );
    const { result } = setup(identity);
    await act(async () => {
      expect(await result.current.upload(pngFile())).toBe('/api/images/renewed');
    });
    expect(tokens).toEqual(['Bearer app-token', 'Bearer fresh-token']);
    expect(localStorage.getItem('accessToken')).toBe('fresh-token');
  });

  it('cancels an upload still running when the page goes away, without a toast', async () => {
    server.use(config());
    const restore = FakeXhr.install();
    try {
      const { result, unmount } = setup();
      let done!: Promise<string | null>;
      act(() => {
        done = result.current.upload(pngFile());
      });
      await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
      unmount();
      expect(FakeXhr.requests[0]!.aborted).toBe(true);
      await expect(done).resolves.toBeNull();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
