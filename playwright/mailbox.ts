import { expect, type APIRequestContext } from '@playwright/test';
import { mailboxUrl } from './storeApi';

/** An email as the embedded mailbox's REST API lists it. */
export interface MailboxEmail {
  id: string;
  subject: string;
  html?: string;
  text?: string;
  to: Array<{ address: string }>;
  attachments?: Array<{ fileName?: string; generatedFileName?: string; contentType: string }>;
}

/** Every email in the store's embedded mailbox (every journey's: find yours by what it says). */
export async function inbox(request: APIRequestContext): Promise<MailboxEmail[]> {
  const res = await request.get(`${mailboxUrl()}/api/email`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as MailboxEmail[];
}

/** The inbox's emails to `to` whose subject matches and whose body holds `body`. */
export async function emailsTo(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  body = '',
): Promise<MailboxEmail[]> {
  return (await inbox(request)).filter(
    (email) =>
      email.to.some((recipient) => recipient.address === to) &&
      subject.test(email.subject) &&
      `${email.html ?? ''}${email.text ?? ''}`.includes(body),
  );
}

/** Waits (polling the inbox, not the clock) for exactly one such email; answers it. */
export async function theEmail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  body = '',
): Promise<MailboxEmail> {
  await expect
    .poll(async () => (await emailsTo(request, to, subject, body)).length, {
      message: `an email "${subject.source}" to ${to} in the embedded mailbox`,
      timeout: 30_000,
    })
    .toBe(1);
  return (await emailsTo(request, to, subject, body))[0]!;
}
