import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '../../../contract/imageLimits';
import { Invalid } from '../domainErrors';
import type { HostName } from '../environment/hostName';

/** How long a picture host gets to send a picture. */
const FETCH_TIMEOUT_MS = 10_000;

/** Whether `url` is on one of the hosts the store takes pictures from (PICTURE_HOSTS). */
export function isAllowedPictureHost(url: URL, hosts: readonly HostName[]): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const name = url.hostname.toLowerCase().replace(/\.$/, '');
  const port = url.port === '' ? null : Number(url.port);
  return hosts.some((host) => host.name === name && (host.port === null || host.port === port));
}

/**
 * Why an address is not one the store would fetch, in words; null when it is. Only http(s) on
 * a host of PICTURE_HOSTS: the store never asks any other host for anything (SSRF).
 */
export function remotePictureProblem(text: string, hosts: readonly HostName[]): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${text.slice(0, 80)} is not a picture's address.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `${text.slice(0, 80)} is not an http or https address.`;
  }
  if (!isAllowedPictureHost(url, hosts)) {
    return (
      `${url.host} is not a host the store takes pictures from: upload the picture, or ask ` +
      'for the host to be added to PICTURE_HOSTS.'
    );
  }
  return null;
}

/**
 * The bytes of a picture on an allowed host: no redirect followed (it could lead anywhere), at
 * most MAX_IMAGE_BYTES, an image type, within FETCH_TIMEOUT_MS. The caller re-encodes them as
 * an upload (nothing of these bytes is kept).
 */
export async function fetchRemotePicture(
  text: string,
  hosts: readonly HostName[],
): Promise<Buffer> {
  const problem = remotePictureProblem(text, hosts);
  if (problem) throw new Invalid(problem);
  const failed = (why: string) => new Invalid(`The picture at ${text.slice(0, 120)} ${why}`);
  let response: Response;
  try {
    response = await fetch(text, {
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'image/*' },
    });
  } catch {
    throw failed('could not be fetched (no answer in time, or a redirect).');
  }
  if (!response.ok) throw failed(`could not be fetched (the host answered ${response.status}).`);
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('image/')) throw failed('is not a picture.');
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_IMAGE_BYTES) throw failed(`is too large: ${IMAGE_TOO_LARGE}`);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const read = reader
      ? await reader.read().catch(() => {
          throw failed('could not be fetched (no answer in time).');
        })
      : { done: true as const, value: undefined };
    if (read.done) break;
    size += read.value.length;
    if (size > MAX_IMAGE_BYTES) {
      await reader?.cancel().catch(() => undefined);
      throw failed(`is too large: ${IMAGE_TOO_LARGE}`);
    }
    chunks.push(Buffer.from(read.value));
  }
  return Buffer.concat(chunks);
}
