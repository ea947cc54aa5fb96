import { ProviderFailed } from '../domainErrors';
import { refusals } from '../refusals';

/**
 * Sends an already re-encoded picture on to imgbb with the store's key, which never leaves the
 * server. Answers the hosted picture's address.
 */
export async function forwardToImgbb(
  uploadUrl: string,
  key: string,
  picture: Buffer,
): Promise<string> {
  const form = new FormData();
  form.set('image', new Blob([picture], { type: 'image/webp' }), 'picture.webp');
  const url = new URL(uploadUrl);
  url.searchParams.set('key', key);
  let answer: Response;
  try {
    answer = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) });
  } catch {
    throw new ProviderFailed(refusals.images.hostUnreachable);
  }
  const body = (await answer.json().catch(() => null)) as {
    success?: boolean;
    data?: { url?: unknown };
  } | null;
  const hosted = body?.data?.url;
  if (!answer.ok || !body?.success || typeof hosted !== 'string' || !/^https:\/\//.test(hosted)) {
    throw new ProviderFailed(refusals.images.hostRefused);
  }
  return hosted;
}
