import { subscribeToOrderEvents } from '../orders/orderEvents';
import { queueOrderEmails } from './emailTable';

/**
 * The emails the order changes send: the emails module subscribes to the order events when the
 * API starts, and writes each change's emails to the outbox in the transaction that records it
 * (a rolled back change sends nothing). Subscribing again changes nothing: no email is doubled.
 */
export function sendEmailsOnOrderEvents(): void {
  subscribeToOrderEvents(queueOrderEmails);
}
