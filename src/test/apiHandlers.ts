import { http, HttpResponse } from 'msw';
import type { ProductFacets } from '@contract/products';

/** `GET /api/config` with the store's own upload endpoint (or `imageUploadUrl`). */
export function configHandler(imageUploadUrl = '/api/images') {
  return http.get('/api/config', () =>
    HttpResponse.json({
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', authEmulatorUrl: null },
      payments: { provider: 'local', stripePublishableKey: null },
      delivery: { minDays: 2, maxDays: 4 },
      seller: { legalName: 'Tyre & Auto Parts Store', address: '12 Foundry Lane, Springfield' },
      imageUploadUrl,
    }),
  );
}

/** `POST /api/images` answering like the API, counting the uploads it got. */
export function uploadHandler(url = '/api/images/uploaded-1') {
  const seen = { uploads: 0, names: [] as string[] };
  const handler = http.post('/api/images', async ({ request }) => {
    const image = (await request.formData()).get('image') as File | null;
    seen.uploads += 1;
    if (image) seen.names.push(image.name);
    return HttpResponse.json({
      success: true,
      status: 200,
      data: { id: 'uploaded-1', url, display_url: url, size: image?.size ?? 0, mime: 'image/png' },
    });
  });
  return { handler, seen };
}

/** The API's refusal shape. */
export function apiError(status: number, message: string, field?: string) {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[
    status
  ];
  return HttpResponse.json(
    { error: error ?? 'Error', message, ...(field ? { field } : {}) },
    { status },
  );
}

/**
 * `GET /api/product/facets` with no counts: the shop's filter panel asks for them beside every
 * list; for tests that are not about the filters.
 */
export function noFacetsHandler() {
  const none: ProductFacets = {
    category: [],
    season: [],
    width: [],
    aspect: [],
    rim: [],
    fuel: [],
    wetGrip: [],
    maxNoise: [],
    snow: 0,
    oeMark: [],
    runFlat: 0,
    reinforced: 0,
    mudSnow: 0,
    price: null,
    suggestion: null,
  };
  return http.get('/api/product/facets', () => HttpResponse.json(none));
}
