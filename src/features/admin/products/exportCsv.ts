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
 * Throws an Error with the API's message when it is refused; an expired app token is renewed
 * (`renewSession`) and the download tried once more.
 */
export async function downloadProductsCsv(renewSession: () => Promise<boolean>): Promise<string> {
  const get = () => {
    const token = readAccessToken();
    return fetch(`${API_URL}/product/export.csv`, {
      headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  let response: Response;
  try {
    response = await get();
    // The app token ran out while the page was open: a fresh one, and once more.
    if (response.status === 401 && (await renewSession())) response = await get();
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
