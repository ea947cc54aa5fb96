import { appToken, uniqueEmail } from './identity';
import { startStripeStub } from './stripeStub';
import { startTestApp, type TestApp } from './testApp';

/**
 * For a describe block: the API with PAYMENT_PROVIDER=stripe against a stub of its own, one
 * signed-in shopper (`alice`) and an admin; started before its tests, closed after them.
 */
export function withStripeStore(webhookSecret: string) {
  const store = {
    stub: undefined as unknown as Awaited<ReturnType<typeof startStripeStub>>,
    t: undefined as unknown as TestApp,
    alice: uniqueEmail('alice'),
    token: '',
    admin: uniqueEmail('admin'),
    adminToken: '',
  };
  beforeAll(async () => {
    store.stub = await startStripeStub();
    store.t = await startTestApp({
      adminEmails: [store.admin],
      payments: {
        provider: 'stripe',
        taxProvider: 'store',
        stripeSecretKey: 'sk_test_store',
        stripePublishableKey: 'pk_test_store',
        stripeWebhookSecret: webhookSecret,
        stripeApiBase: store.stub.url,
        refundRecheckSeconds: 3600,
      },
    });
    store.token = await appToken(store.t.app, store.alice, { verified: true });
    store.adminToken = await appToken(store.t.app, store.admin, { verified: true });
  });
  afterAll(async () => {
    await store.t?.close();
    await store.stub?.close();
  });
  return store;
}
