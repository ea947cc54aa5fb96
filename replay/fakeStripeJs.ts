/**
 * Stripe.js as the replays serve it from js.stripe.com: the part of it the SPA uses
 * (`Stripe(key)`, `elements`, the Payment Element, `confirmPayment`), run in the page. The
 * Payment Element is three plain fields with the labels of Stripe's; `confirmPayment` asks
 * api.stripe.com to confirm the intent with the card typed, which the replay routes to its
 * stub. `window.fakeStripe.failForm(message)` is the element failing to load (`loaderror`).
 *
 * A page that has Stripe.js asks no more for it, so a later try's outcome is its start: each
 * `Stripe(key)` after the first waits for `fakeStripe.settleStarts(ok)` (the promise it
 * returns is what @stripe/stripe-js's loader then answers).
 *
 * This function is sent to the page as its source text: it uses nothing from outside itself.
 */
export function fakeStripeJs() {
  type Listener = (payload?: unknown) => void;
  interface ConfirmOptions {
    elements: { clientSecret: string };
    confirmParams?: {
      payment_method_data?: { billing_details?: { name?: string; email?: string } };
    };
  }

  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, payload?: unknown) =>
    listeners.get(event)?.forEach((listener) => listener(payload));
  const fields: Record<string, HTMLInputElement> = {};

  function paymentElement() {
    let node: HTMLElement | null = null;
    return {
      mount(target: HTMLElement | string) {
        node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
        for (const [name, label] of [
          ['number', 'Card number'],
          ['expiry', 'Expiration date'],
          ['cvc', 'Security code'],
        ] as const) {
          const input = document.createElement('input');
          input.setAttribute('aria-label', label);
          input.name = name;
          fields[name] = input;
          node?.append(input);
        }
        setTimeout(() => emit('ready', { elementType: 'payment' }));
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
      },
      off(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
      },
      update(options: { readOnly?: boolean }) {
        if (options.readOnly === undefined) return;
        for (const input of Object.values(fields)) input.disabled = options.readOnly;
      },
      unmount() {
        node?.replaceChildren();
      },
      destroy() {
        node?.replaceChildren();
        listeners.clear();
      },
    };
  }

  let started = false;
  const starts: { ok: () => void; fail: (error: Error) => void }[] = [];
  function Stripe(key: string): unknown {
    if (started) {
      return new Promise((resolve, reject) =>
        starts.push({
          ok: () => resolve(stripe(key)),
          fail: () => reject(new Error('Stripe.js could not start.')),
        }),
      );
    }
    started = true;
    return stripe(key);
  }
  function stripe(key: string) {
    const noop = () => {};
    return {
      elements(options: { clientSecret: string }) {
        return {
          clientSecret: options.clientSecret,
          create: () => paymentElement(),
          update: noop,
          submit: async () => ({}),
        };
      },
      async confirmPayment({ elements, confirmParams }: ConfirmOptions) {
        const secret = elements.clientSecret;
        const billing = confirmParams?.payment_method_data?.billing_details ?? {};
        const body = new URLSearchParams({
          key,
          client_secret: secret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': fields.number?.value ?? '',
          'payment_method_data[card][cvc]': fields.cvc?.value ?? '',
          'payment_method_data[billing_details][name]': billing.name ?? '',
          'payment_method_data[billing_details][email]': billing.email ?? '',
        });
        const intent = secret.split('_secret_')[0];
        try {
          const answer = await fetch(
            `https://api.stripe.com/v1/payment_intents/${intent}/confirm`,
            {
              method: 'POST',
              body,
            },
          );
          const json = await answer.json();
          return answer.ok ? { paymentIntent: json } : { error: json.error };
        } catch {
          return {
            error: { type: 'api_connection_error', message: 'We could not reach Stripe.' },
          };
        }
      },
      // What @stripe/react-stripe-js checks to accept the object as Stripe.
      createToken: noop,
      createPaymentMethod: noop,
      confirmCardPayment: noop,
      _registerWrapper: noop,
      registerAppInfo: noop,
    };
  }
  // The release train @stripe/stripe-js expects.
  Stripe.version = 'endive';
  Object.assign(window, {
    Stripe,
    fakeStripe: {
      get waiting() {
        return starts.length;
      },
      settleStarts(ok: boolean) {
        for (const start of starts.splice(0)) {
          if (ok) start.ok();
          else start.fail(new Error('Stripe.js could not start.'));
        }
      },
      failForm(message: string) {
        emit('loaderror', {
          elementType: 'payment',
          error: { type: 'invalid_request_error', message },
        });
      },
    },
  });
}
