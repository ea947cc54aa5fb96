import type { ImportProgress } from '@contract/productChanges';
import { readAccessToken } from '../../../store/accessToken';
import { API_URL } from '../../../store/session';

/** What every CSV import reports (the price list's and the fitments'), each adding its own. */
export interface CsvImportReport {
  dryRun: boolean;
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  rejectedCount: number;
  rejected: Array<{ line: number; message: string }>;
  failure: { message: string; firstLineNotStored: number } | null;
}

export class ImportError extends Error {
  constructor(
    message: string,
    /** The API's status; null when it could not be reached. */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

export interface ImportOptions {
  dryRun: boolean;
  /** The share of the file sent, 0 to 1. */
  onUpload?: (fraction: number) => void;
  /** The API's progress through the rows (checking, then storing). */
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
}

type StreamLine<R> = { progress: ImportProgress } | { report: R } | R;

const isReport = <R extends CsvImportReport>(value: unknown): value is R =>
  typeof value === 'object' && value !== null && 'rejectedCount' in value && 'dryRun' in value;

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function refusal(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) return message;
  if (status === 413) return 'The file is too large to import.';
  if (status === 401) return 'Your session has expired. Sign in again to import.';
  return `The file could not be imported (error ${status}). Please try again.`;
}

/**
 * Sends a CSV file to an import (`path`: `/product/import`, `/vehicles/import`) with `?dryRun=`,
 * as multipart field `file`, asking
 * for the answer as NDJSON: one `{ progress }` line after another as the API checks (and
 * stores) the rows, then `{ report }`. XMLHttpRequest, because only it reports the upload's
 * progress; its progress events give the answer's lines as they arrive. An answer that is
 * plain JSON (the report alone) is read too. Rejects with an ImportError in words.
 */
export function sendImport<R extends CsvImportReport>(
  path: string,
  file: File,
  { dryRun, onUpload, onProgress, signal }: ImportOptions,
): Promise<R> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let read = 0;
    let report: R | null = null;
    const take = (line: string) => {
      const value = parse(line) as StreamLine<R> | null;
      if (!value) return;
      if ('progress' in value) onProgress?.(value.progress);
      else if ('report' in value) report = value.report;
      else if (isReport<R>(value)) report = value;
    };
    // Whole lines only: the last may still be arriving.
    const readLines = (all: boolean) => {
      const text = xhr.responseText ?? '';
      const end = all ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= read) return;
      text.slice(read, end).split('\n').filter(Boolean).forEach(take);
      read = end;
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.open('POST', `${API_URL}${path}?dryRun=${dryRun}`);
    xhr.setRequestHeader('accept', 'application/x-ndjson');
    const token = readAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUpload?.(event.loaded / event.total);
    };
    xhr.onprogress = () => {
      if (xhr.status >= 200 && xhr.status < 300) readLines(false);
    };
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ImportError(refusal(xhr.status, parse(xhr.responseText)), xhr.status));
        return;
      }
      onUpload?.(1);
      readLines(true);
      if (report) resolve(report);
      else
        reject(
          new ImportError('The store gave no report of the import. Please try again.', xhr.status),
        );
    };
    xhr.onerror = () => {
      settle();
      reject(
        new ImportError(
          'The store could not be reached. Check your connection, then try again.',
          null,
        ),
      );
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The import was cancelled.', 'AbortError'));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
