/**
 * Image upload to the imgbb-compatible endpoint (the store's own `/api/images`, or imgbb).
 * XMLHttpRequest rather than fetch: only it reports upload progress.
 */
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_TOO_LARGE,
  IMAGE_TYPE_MESSAGE,
  MAX_IMAGE_BYTES,
} from '@contract/imageLimits';
import { isStorePicture } from '@contract/pictures';

/** The API's words for a file too large, and what to do. */
export const IMAGE_SIZE_MESSAGE = `${IMAGE_TOO_LARGE} Choose a smaller one.`;

/** Why a file cannot be uploaded, before sending it; null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

export class UploadError extends Error {
  constructor(
    message: string,
    /** HTTP status when the host answered; null for network failures and time-outs. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export const UPLOAD_OFFLINE_MESSAGE =
  'The picture could not be uploaded. Check your connection and try again.';
export const UPLOAD_TIMEOUT_MESSAGE = 'Uploading the picture took too long. Please try again.';

/** The host's own words: the API's `{ message }`, or imgbb's `{ error: { message } }`. */
function hostMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  const nested = (error as { message?: unknown } | null | undefined)?.message;
  return typeof nested === 'string' && nested ? nested : null;
}

function failureMessage(status: number, body: unknown): string {
  const own = hostMessage(body);
  if (own) return own;
  if (status === 413) return IMAGE_SIZE_MESSAGE;
  if (status === 401) return 'Your session has expired. Sign in again to upload pictures.';
  return `The picture could not be uploaded (error ${status}). Please try again.`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface UploadOptions {
  /** The upload address from `GET /api/config`. */
  url: string;
  /** The app's bearer token; only for the store's own endpoint, never a third party. */
  token?: string | null;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Sends `file` as multipart field `image` and resolves with the hosted picture's `data.url`.
 * Rejects with an UploadError that says what went wrong, or a DOMException 'AbortError'.
 */
export function uploadImage(
  file: File,
  { url, token, onProgress, signal, timeoutMs = 120_000 }: UploadOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      const data = (body as { success?: unknown; data?: { url?: unknown } } | null) ?? {};
      if (xhr.status >= 200 && xhr.status < 300 && data.success && data.data) {
        const hosted = data.data.url;
        // Only a picture the API will take: the store's own path or imgbb's, never one a
        // browser would fetch from another site (`/\\offsite.example/x.png`).
        if (typeof hosted === 'string' && isStorePicture(hosted)) {
          onProgress?.(1);
          resolve(hosted);
          return;
        }
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      const message = ok
        ? (hostMessage(body) ?? 'The image host gave an unexpected answer. Please try again.')
        : failureMessage(xhr.status, body);
      reject(new UploadError(message, xhr.status));
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError(UPLOAD_OFFLINE_MESSAGE));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new UploadError(UPLOAD_TIMEOUT_MESSAGE));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };

    const form = new FormData();
    form.append('image', file, file.name);
    xhr.send(form);
  });
}

/** True when `url` is this store's own (the bearer token may go there). */
export function isOwnOrigin(url: string, origin = globalThis.location?.origin): boolean {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}
