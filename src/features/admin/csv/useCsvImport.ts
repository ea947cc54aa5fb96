import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { ImportProgress } from '@contract/productChanges';
import { useAppDispatch } from '../../../store/hooks';
import { renewSession } from '../../../store/session';
import { ImportError, sendImport, type CsvImportReport } from './csvImportRequest';

export type ImportPhase = 'idle' | 'checking' | 'checked' | 'storing' | 'done';

export interface ImportState<R extends CsvImportReport = CsvImportReport> {
  phase: ImportPhase;
  /** The share of the file sent, 0 to 1. */
  upload: number;
  /** The API's progress through the rows, once it reports. */
  progress: ImportProgress | null;
  /** The dry run's report, then the import's. */
  report: R | null;
  error: string | null;
}

const START: ImportState<never> = {
  phase: 'idle',
  upload: 0,
  progress: null,
  report: null,
  error: null,
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface CsvImportOptions<R extends CsvImportReport> {
  /** The import's path: `/product/import`, `/vehicles/import`. */
  path: string;
  /** After the import stored (not after a dry run): refresh what it changed, say so. */
  onImported: (report: R) => void;
}

/**
 * A CSV import: a dry run first (what would be added, updated and rejected), then, once the
 * admin confirms, the import itself (the valid rows stored, the rejected skipped). Each sends
 * the file and follows the upload and the API's progress.
 */
export function useCsvImport<R extends CsvImportReport>({ path, onImported }: CsvImportOptions<R>) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<ImportState<R>>(START);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const run = useCallback(
    async (file: File, dryRun: boolean) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState((current) => ({
        ...START,
        phase: dryRun ? 'checking' : 'storing',
        // The dry run's report stays in view while the import runs.
        report: dryRun ? null : current.report,
      }));
      try {
        const send = () =>
          sendImport<R>(path, file, {
            dryRun,
            signal: controller.signal,
            onUpload: (upload) => setState((current) => ({ ...current, upload })),
            onProgress: (progress) => setState((current) => ({ ...current, progress })),
          });
        let report: R;
        try {
          report = await send();
        } catch (error) {
          // The app token ran out while the page was open (refused before anything is read or
          // stored): a fresh one, and the file sent once more.
          const expired = error instanceof ImportError && error.status === 401;
          if (!expired || !(await dispatch(renewSession()))) throw error;
          report = await send();
        }
        setState({ ...START, phase: dryRun ? 'checked' : 'done', upload: 1, report });
        if (!dryRun) onImported(report);
      } catch (error) {
        if (isAbort(error)) return;
        const message = (error as Error).message;
        setState((current) => ({
          ...current,
          phase: dryRun ? 'idle' : 'checked',
          error: message,
        }));
        toast.error(message);
      }
    },
    [dispatch, path, onImported],
  );

  return {
    ...state,
    check: (file: File) => run(file, true),
    confirm: (file: File) => run(file, false),
    reset: useCallback(() => {
      inFlight.current?.abort();
      setState(START);
    }, []),
  };
}
