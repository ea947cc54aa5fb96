import { readAccessToken } from '../../../store/accessToken';
import { API_URL } from '../../../store/session';

/** The file name the API gives in Content-Disposition, or one of our own. */
export function fileNameOf(disposition: string | null): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : 'products.csv';
}

/**
 * Downloads the whole catalogue as CSV (`GET /api/product/export.csv`, admins). The call needs
 * the bearer token, so it is fetched and the file saved from the blob, not opened as a link.
 * Throws an Error with the API's message when it is refused.
 */
export async function downloadProductsCsv(): Promise<string> {
  const token = readAccessToken();
  let response: Response;
  try {
    response = await fetch(`${API_URL}/product/export.csv`, {
      headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new Error('The store could not be reached. Check your connection, then try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(
      typeof body?.message === 'string'
        ? body.message
        : `The products could not be exported (error ${response.status}).`,
    );
  }
  const name = fileNameOf(response.headers.get('content-disposition'));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
