import { appToken, uniqueEmail } from './identity';
import { startStripeStub } from './stripeStub';
import { startTestApp, type TestApp } from './testApp';

/**
 * For a describe block: the API on PGlite with PAYMENT_PROVIDER=stripe against a stub of its own,
 * and one signed-in shopper (`alice`); started before its tests, closed after them.
 */
export function withStripeStore(webhookSecret: string) {
  const store = {
    stub: undefined as unknown as Awaited<ReturnType<typeof startStripeStub>>,
    t: undefined as unknown as TestApp,
    alice: uniqueEmail('alice'),
    token: '',
  };
  beforeAll(async () => {
    store.stub = await startStripeStub();
    store.t = await startTestApp('pglite', {
      payments: {
        provider: 'stripe',
        stripeSecretKey: 'sk_test_store',
        stripePublishableKey: 'pk_test_store',
        stripeWebhookSecret: webhookSecret,
        stripeApiBase: store.stub.url,
      },
    });
    store.token = await appToken(store.t.app, store.alice, { verified: true });
  });
  afterAll(async () => {
    await store.t?.close();
    await store.stub?.close();
  });
  return store;
}
