import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { readAccessToken } from '../../store/accessToken';
import { api, useGetConfigQuery } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { imageFileProblem, isOwnOrigin, uploadImage, UploadError } from './imageUpload';
import { renewSession } from '../../store/session';

export type UploadStatus = 'idle' | 'uploading' | 'done' | 'failed';

export interface ImageUploadState {
  status: UploadStatus;
  /** Share of the file sent, 0 to 1. */
  progress: number;
  /** What went wrong with the last upload (also shown as a toast). */
  error: string | null;
}

const idle: ImageUploadState = { status: 'idle', progress: 0, error: null };

const CONFIG_MESSAGE = 'The store could not be reached to upload the picture. Please try again.';

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Uploads the picture of a form (review, profile, product) before the form is saved. Tracks
 * progress for a progress bar, toasts a failure (the spec stayed silent) and resolves null then,
 * so the form keeps what was typed. A file already uploaded is not sent twice when the save
 * after it failed and the person submits again.
 */
export function useImageUpload() {
  const dispatch = useAppDispatch();
  // Load the upload address early, so the first upload does not wait for it.
  useGetConfigQuery();
  const [state, setState] = useState<ImageUploadState>(idle);
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  // Leaving the page cancels an upload nobody will use.
  useEffect(() => {
    return () => inFlight.current?.abort();
  }, []);

  const uploadUrl = useCallback(async () => {
    const request = dispatch(api.endpoints.getConfig.initiate());
    try {
      return (await request.unwrap()).imageUploadUrl;
    } catch {
      throw new UploadError(CONFIG_MESSAGE);
    } finally {
      request.unsubscribe();
    }
  }, [dispatch]);

  /**
   * The app token lasts a minute; a form left open longer gets a 401. The session trades a
   * fresh Firebase token for a new app token, as the API slice's calls do.
   */
  const renewToken = useCallback(() => dispatch(renewSession()), [dispatch]);

  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      if (uploaded.current?.file === file) return uploaded.current.url;
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ status: 'uploading', progress: 0, error: null });
      try {
        const problem = imageFileProblem(file);
        if (problem) throw new UploadError(problem);
        const url = await uploadUrl();
        const own = isOwnOrigin(url);
        const send = () =>
          uploadImage(file, {
            url,
            token: own ? readAccessToken() : null,
            signal: controller.signal,
            onProgress: (progress) =>
              setState((current) =>
                current.status === 'uploading' ? { ...current, progress } : current,
              ),
          });
        let hosted: string;
        try {
          hosted = await send();
        } catch (error) {
          const expired = error instanceof UploadError && error.status === 401 && own;
          if (!expired || !(await renewToken())) throw error;
          hosted = await send();
        }
        uploaded.current = { file, url: hosted };
        setState({ status: 'done', progress: 1, error: null });
        return hosted;
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return null;
        const message =
          error instanceof UploadError
            ? error.message
            : 'The picture could not be uploaded. Please try again.';
        setState({ status: 'failed', progress: 0, error: message });
        toast.error(message);
        return null;
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [renewToken, uploadUrl],
  );

  /** Forget the last upload's outcome (a new file was chosen). */
  const reset = useCallback(() => setState(idle), []);

  return { ...state, upload, reset };
}
