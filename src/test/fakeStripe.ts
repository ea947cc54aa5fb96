import type { PaymentIntentResult, Stripe } from '@stripe/stripe-js';

type Listener = (payload?: unknown) => void;

/**
 * A stand-in for Stripe.js: enough of `Stripe`, `elements` and the Payment Element for
 * @stripe/react-stripe-js to drive, with every call recorded. The Payment Element mounts a
 * placeholder; the test says when it is ready or fails, and what `confirmPayment` answers.
 */
export function createFakeStripe() {
  const listeners = new Map<string, Set<Listener>>();
  let answer: ((result: PaymentIntentResult) => void) | null = null;

  const element = {
    node: null as HTMLElement | null,
    mount: jest.fn((node: HTMLElement) => {
      element.node = node;
      const frame = document.createElement('iframe');
      frame.title = 'Secure payment input frame';
      node.append(frame);
    }),
    on: jest.fn((event: string, listener: Listener) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    }),
    off: jest.fn((event: string, listener: Listener) => listeners.get(event)?.delete(listener)),
    update: jest.fn(),
    destroy: jest.fn(() => {
      element.node?.replaceChildren();
      element.node = null;
    }),
  };
  const elements = {
    create: jest.fn((_type: string, _options?: unknown) => element),
    update: jest.fn(),
    submit: jest.fn(async () => ({})),
  };
  const stripe = {
    elements: jest.fn(() => elements),
    confirmPayment: jest.fn(
      () => new Promise<PaymentIntentResult>((resolve) => (answer = resolve)),
    ),
    // What @stripe/react-stripe-js checks to accept the object as Stripe.
    createToken: jest.fn(),
    createPaymentMethod: jest.fn(),
    confirmCardPayment: jest.fn(),
    _registerWrapper: jest.fn(),
    registerAppInfo: jest.fn(),
  };

  return {
    stripe: stripe as unknown as Stripe,
    calls: stripe,
    elements,
    element,
    /** Fires a Payment Element event ('ready', 'loaderror', 'change'). */
    emit(event: string, payload?: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    /** Answers the pending `confirmPayment`. */
    answerConfirm(result: PaymentIntentResult) {
      if (!answer) throw new Error('confirmPayment was not called');
      answer(result);
      answer = null;
    },
  };
}

export type FakeStripe = ReturnType<typeof createFakeStripe>;

/**
 * A `loadStripe` whose answers the test gives: each call waits until the test resolves it with
 * Stripe or rejects it (the script failed), in order.
 */
export function controlledLoader() {
  const pending: { resolve: (stripe: Stripe) => void; reject: (error: Error) => void }[] = [];
  const queued: (Stripe | Error)[] = [];
  const load = jest.fn(
    (_key: string) =>
      new Promise<Stripe | null>((resolve, reject) => {
        const next = queued.shift();
        if (next instanceof Error) reject(next);
        else if (next) resolve(next);
        else pending.push({ resolve, reject });
      }),
  );
  const settle = (outcome: Stripe | Error) => {
    const waiting = pending.shift();
    if (!waiting) queued.push(outcome);
    else if (outcome instanceof Error) waiting.reject(outcome);
    else waiting.resolve(outcome);
  };
  return { load, settle };
}
