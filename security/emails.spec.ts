import { expect, test } from '@playwright/test';
import { startSmtp, until } from '../server/test/smtp';
import {
  addProduct,
  call,
  cleanUp,
  orderBody,
  shopperEmail,
  signIn,
  startStore,
  type Answer,
} from './stack';

// Issue 45, finding 2: a verified account paid three orders, changed its sign-in email to a
// victim's (unverified), then cancelled them: the victim received the store's "Your order … was
// cancelled" emails carrying the attacker's "reason" (a link). The shopper's free text (name,
// address, reason) reached the admins' emails as the store's own words too.

test.afterEach(cleanUp);

const PASSWORD = 'attack-pass-123';
const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const LINK = 'https://evil-store.com/refund';

/** The emulator account's email changed by its owner (no verification), and the new app token. */
async function changeSignInEmail(api: string, emulator: string, from: string, to: string) {
  const accounts = `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts`;
  const post = async (action: string, body: object) => {
    const res = await fetch(`${accounts}:${action}?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${action}: ${await res.text()}`);
    return (await res.json()) as { idToken: string };
  };
  const { idToken } = await post('signInWithPassword', {
    email: from,
    password: PASSWORD,
    returnSecureToken: true,
  });
  await post('update', { idToken, email: to, returnSecureToken: true });
  // Changing the email ends the account's earlier sign-ins from that second on (the emulator's
  // validSince), the token it answers with among them when the second turned meanwhile: the
  // owner signs in again with the new email, as the app makes them.
  const again = await post('signInWithPassword', {
    email: to,
    password: PASSWORD,
    returnSecureToken: true,
  });
  const exchange = await call(api, 'PUT', `/api/users/${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${again.idToken}` },
    body: { email: to },
  });
  expect(exchange.status, JSON.stringify(exchange.body)).toBe(200);
  return exchange.body.token as string;
}

test('emails go only to the verified address an order was placed with, and quote the shopper’s words without links', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const smtp = await startSmtp();
  try {
    const { database, emulator, apis, admin } = await startStore(request, {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    });
    const api = apis[0]!.url;
    const product = await addProduct(api, admin, 10, 19.99);
    const attacker = shopperEmail('attacker', 0);
    const victim = shopperEmail('victim', 0);
    const token = await signIn(api, emulator, attacker);
    const placed: Answer = await call(api, 'POST', '/api/order', {
      token,
      body: {
        ...orderBody(product._id, 1),
        name: `Visit www.evil-store.com now`,
        address: `Write to help@evil-store.com, ${LINK}`,
      },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body._id as string;
    const intent = await call(api, 'POST', '/api/create-Payment-Intent', {
      token,
      body: { orderId },
    });
    const paid = await call(api, 'POST', '/api/payments/local/confirm', {
      body: { clientSecret: intent.body.clientSecret, card },
    });
    expect(paid.status).toBe(200);

    const asVictim = await changeSignInEmail(api, emulator, attacker, victim);
    const cancelled = await call(api, 'POST', `/api/order/${orderId}/cancel`, {
      token: asVictim,
      body: { reason: `Your refund is waiting at ${LINK}` },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    type Sent = { kind: string; recipient: string | null; html: string; text: string };
    const sent = await until(
      () =>
        database.query(
          `select kind, recipient, html, text, status from emails where order_id = $1`,
          [orderId],
        ) as Promise<Array<Sent & { status: string }>>,
      (rows) => rows.length >= 3 && rows.every((row) => row.status !== 'queued'),
      30_000,
    );
    const kinds = sent.map((row) => row.kind).sort();
    expect(kinds).toEqual(['admin_to_ship', 'order_cancelled', 'order_confirmation']);
    // Nothing to the address nobody verified; the shopper's emails to the one they ordered with.
    for (const message of smtp.received) expect(message.to).not.toContain(victim);
    for (const row of sent.filter((row) => !row.kind.startsWith('admin_'))) {
      expect(row.recipient, row.kind).toBe(attacker);
    }
    // The shopper's words are quoted, never the store's, and no client makes a link of them.
    for (const row of sent) {
      for (const part of [row.html, row.text]) {
        expect(part, row.kind).not.toContain('evil-store.com');
        expect(part, row.kind).not.toMatch(/href="[^"]*evil/);
        // The emails that show the order's name and address (a cancel shows the lines only).
        if (row.kind !== 'order_cancelled') {
          expect(part, row.kind).toContain('“Visit www[.]evil-store[.]com now, Write to');
        }
      }
    }
    const cancelMail = sent.find((row) => row.kind === 'order_cancelled')!;
    expect(cancelMail.text).toMatch(
      /Reason, as typed by the customer:\s+“Your refund is waiting at https\[:\]\/\/evil-store\[\.\]com\/refund”/,
    );
  } finally {
    await smtp.close();
  }
});
