import { readAccessToken } from '../../../store/accessToken';
import { API_URL } from '../../../store/session';

/** The file name the API gives in Content-Disposition, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

export interface CsvExport {
  /** The export's path: `/product/export.csv`, `/vehicles/export.csv`. */
  path: string;
  /** The file's name when the API gives none. */
  fileName: string;
  /** What is exported, for the refusal's words: `products`, `fitments`. */
  what: string;
}

/**
 * Downloads an admin's CSV export (`GET /api{path}`). The call needs the bearer token, so it is
 * fetched and the file saved from the blob, not opened as a link. Throws an Error with the
 * API's message when it is refused; an expired app token is renewed (`renewSession`) and the
 * download tried once more. Resolves to the file's name.
 */
export async function downloadCsv(
  { path, fileName, what }: CsvExport,
  renewSession: () => Promise<boolean>,
): Promise<string> {
  const get = () => {
    const token = readAccessToken();
    return fetch(`${API_URL}${path}`, {
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
        : `The ${what} could not be exported (error ${response.status}).`,
    );
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fileName);
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
