import { HttpResponse } from 'msw';
import { STATUS_CODES } from 'node:http';

/**
 * Answers to one API call that a test hands out when it chooses, so it can look at the screen
 * while the call is out (a spinner, a disabled button) before the server "answers".
 */
export class PendingResponses {
  private waiting: ((response: Response) => void)[] = [];
  private queued: Response[] = [];
  /** How many requests arrived. */
  received = 0;

  /** An msw resolver: waits for the next response the test gives. */
  readonly next = (): Promise<Response> => {
    this.received += 1;
    const queued = this.queued.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => this.waiting.push(resolve));
  };

  /** Answers the oldest waiting request, or the next one to arrive. */
  respond(response: Response): void {
    const waiting = this.waiting.shift();
    if (waiting) waiting(response);
    else this.queued.push(response);
  }
}

/** The API's refusal, `{ error, message }` with the status; status null: the network failed. */
export function apiRefusal(
  status: number | null,
  message: string,
  field?: string | null,
): Response {
  if (status === null) return HttpResponse.error();
  return HttpResponse.json(
    { error: STATUS_CODES[status] ?? 'Error', message, ...(field ? { field } : {}) },
    { status },
  );
}
