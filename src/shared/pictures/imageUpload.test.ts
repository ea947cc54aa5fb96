import { http, HttpResponse } from 'msw';
import {
  IMAGE_TYPE_MESSAGE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_BYTES as SERVER_MAX_IMAGE_BYTES,
} from '@contract/imageLimits';
import { FakeXhr } from '../../test/fakeXhr';
import { pngFile, testFile } from '../../test/files';
import { server } from '../../test/server';
import {
  imageFileProblem,
  IMAGE_SIZE_MESSAGE,
  isOwnOrigin,
  uploadImage,
  UploadError,
  UPLOAD_OFFLINE_MESSAGE,
  UPLOAD_TIMEOUT_MESSAGE,
} from './imageUpload';

const answer = (url: string) => ({
  success: true,
  status: 200,
  data: { id: 'a1', url, display_url: url, size: 2048, mime: 'image/png' },
});

describe('imageFileProblem: the check before anything is sent', () => {
  it('takes the five picture types the API takes, up to exactly 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']) {
      expect(imageFileProblem({ type, size: 10 })).toBeNull();
    }
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeNull();
  });

  it('refuses other types, SVG included, and anything over 5 MB', () => {
    for (const type of ['image/svg+xml', 'application/pdf', 'text/plain', '']) {
      expect(imageFileProblem({ type, size: 10 })).toBe(IMAGE_TYPE_MESSAGE);
    }
    expect(imageFileProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe(
      IMAGE_SIZE_MESSAGE,
    );
  });

  it('has the same limit as the API', () => {
    expect(MAX_IMAGE_BYTES).toBe(SERVER_MAX_IMAGE_BYTES);
  });
});

describe('uploadImage', () => {
  it('posts the file as multipart field "image" with the bearer token and resolves data.url', async () => {
    let seen: { auth: string | null; name?: string; size?: number; type?: string } | null = null;
    server.use(
      http.post('/api/images', async ({ request }) => {
        const image = (await request.formData()).get('image') as File;
        seen = {
          auth: request.headers.get('authorization'),
          name: image.name,
          size: image.size,
          type: image.type,
        };
        return HttpResponse.json(answer('/api/images/a1'));
      }),
    );
    const progress: number[] = [];
    const url = await uploadImage(pngFile('tyre.png', 3000), {
      url: '/api/images',
      token: 'app-token',
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(url).toBe('/api/images/a1');
    expect(seen).toEqual({
      auth: 'Bearer app-token',
      name: 'tyre.png',
      size: 3000,
      type: 'image/png',
    });
    expect(progress.at(-1)).toBe(1);
  });

  it('sends no authorization header when given no token (a third-party host)', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.post('https://api.imgbb.com/1/upload', ({ request }) => {
        auth = request.headers.get('authorization');
        expect(new URL(request.url).searchParams.get('key')).toBe('k');
        return HttpResponse.json(answer('https://i.ibb.co/x/tyre.png'));
      }),
    );
    await expect(
      uploadImage(pngFile(), { url: 'https://api.imgbb.com/1/upload?key=k', token: null }),
    ).resolves.toBe('https://i.ibb.co/x/tyre.png');
    expect(auth).toBeNull();
  });

  it.each([
    [
      'the API’s message',
      400,
      {
        error: 'Bad Request',
        message: 'Only JPEG, PNG, GIF, WebP or AVIF pictures can be uploaded.',
      },
      'Only JPEG, PNG, GIF, WebP or AVIF pictures can be uploaded.',
    ],
    [
      'imgbb’s message',
      400,
      { status_code: 400, error: { message: 'Invalid API v1 key.' } },
      'Invalid API v1 key.',
    ],
    ['a size message for a bare 413', 413, 'Request Entity Too Large', IMAGE_SIZE_MESSAGE],
    [
      'a plain sentence for a bare 500',
      500,
      '<html>oops</html>',
      'The picture could not be uploaded (error 500). Please try again.',
    ],
    [
      'a plain sentence for a 200 that is not an upload answer',
      200,
      { success: false },
      'The image host gave an unexpected answer. Please try again.',
    ],
    [
      'a refusal of a URL that is not a web address or a path',
      200,
      answer('javascript:alert(1)'),
      'The image host gave an unexpected answer. Please try again.',
    ],
    [
      "a refusal of a path a browser reads as another site's (/\\offsite)",
      200,
      answer('/\\offsite.example/x.png'),
      'The image host gave an unexpected answer. Please try again.',
    ],
    [
      'a refusal of a picture on a host the store does not keep pictures on',
      200,
      answer('https://offsite.example/x.png'),
      'The image host gave an unexpected answer. Please try again.',
    ],
  ])('rejects with %s', async (_what, status, body, message) => {
    server.use(
      http.post('/api/images', () =>
        typeof body === 'string'
          ? new HttpResponse(body, { status })
          : HttpResponse.json(body, { status }),
      ),
    );
    const failure = uploadImage(pngFile(), { url: '/api/images', token: 't' });
    await expect(failure).rejects.toBeInstanceOf(UploadError);
    await expect(failure).rejects.toMatchObject({ message, status });
  });

  it('rejects with a connection message when the network fails', async () => {
    server.use(http.post('/api/images', () => HttpResponse.error()));
    await expect(uploadImage(pngFile(), { url: '/api/images' })).rejects.toMatchObject({
      message: UPLOAD_OFFLINE_MESSAGE,
      status: null,
    });
  });

  describe('with a hand-driven XMLHttpRequest', () => {
    let restore: () => void;
    beforeEach(() => (restore = FakeXhr.install()));
    afterEach(() => restore());

    it('reports progress as the bytes go out', async () => {
      const progress: number[] = [];
      const done = uploadImage(pngFile(), {
        url: '/api/images',
        onProgress: (fraction) => progress.push(fraction),
      });
      const xhr = FakeXhr.requests[0]!;
      expect(xhr.method).toBe('POST');
      expect(xhr.timeout).toBe(120_000);
      expect((xhr.body as FormData).get('image')).toMatchObject({ name: 'photo.png' });
      xhr.progress(250, 1000);
      xhr.progress(500, 1000);
      expect(progress).toEqual([0.25, 0.5]);
      xhr.respond(200, answer('/api/images/b2'));
      await expect(done).resolves.toBe('/api/images/b2');
      expect(progress).toEqual([0.25, 0.5, 1]);
    });

    it('rejects on a time-out', async () => {
      const done = uploadImage(pngFile(), { url: '/api/images', timeoutMs: 5 });
      FakeXhr.requests[0]!.ontimeout?.();
      await expect(done).rejects.toMatchObject({ message: UPLOAD_TIMEOUT_MESSAGE });
    });

    it('aborts when its signal fires, and never starts on an aborted signal', async () => {
      const controller = new AbortController();
      const done = uploadImage(pngFile(), { url: '/api/images', signal: controller.signal });
      controller.abort();
      await expect(done).rejects.toMatchObject({ name: 'AbortError' });
      expect(FakeXhr.requests[0]!.aborted).toBe(true);

      await expect(
        uploadImage(pngFile(), { url: '/api/images', signal: controller.signal }),
      ).rejects.toMatchObject({ name: 'AbortError' });
      expect(FakeXhr.requests).toHaveLength(1);
    });
  });
});

describe('isOwnOrigin', () => {
  it('is true for paths and URLs of this store, false for other hosts', () => {
    const origin = 'https://store.example';
    expect(isOwnOrigin('/api/images', origin)).toBe(true);
    expect(isOwnOrigin('https://store.example/api/images', origin)).toBe(true);
    expect(isOwnOrigin('https://api.imgbb.com/1/upload?key=k', origin)).toBe(false);
    expect(isOwnOrigin('//evil.example/x', origin)).toBe(false);
  });
});

it('keeps a file test helper honest', () => {
  expect(testFile('notes.txt', 'text/plain', 4).size).toBe(4);
});
