import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createFakeStripe } from '../../../test/fakeStripe';
import { renderPage, signedInAuth } from '../../../test/render';
import { lazyGateway } from './lazyGateway';

const fake = createFakeStripe();
// Stripe.js from js.stripe.com, faked: the page gets the fake's Stripe.
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => fake.stripe }));

const cardForm = (gateway: ReturnType<typeof lazyGateway>, clientSecret: string) => (
  <Suspense fallback={null}>
    <gateway.CardForm
      clientSecret={clientSecret}
      billing={{ name: 'Demo Shopper', email: 'shopper@store.test' }}
      disabled={false}
      onReady={() => {}}
      onUnavailable={() => {}}
    />
  </Suspense>
);

describe('the checkout’s gateway, loaded when the payment starts', () => {
  it('prepares the configured provider, then shows its card form', async () => {
    const gateway = lazyGateway({ provider: 'local', stripePublishableKey: null });
    expect(gateway.name).toBe('local');
    await gateway.prepare();
    renderPage(cardForm(gateway, 'pi_local_1_secret_2'), '/', { auth: signedInAuth() });
    expect(await screen.findByLabelText('Card number')).toBeEnabled();
  });

  // Stripe's card form is lazy itself: the machine replays found the bag's checkout crashing
  // on it (React renders no lazy component that resolves to another).
  it('shows Stripe’s Payment Element once Stripe.js is prepared', async () => {
    const gateway = lazyGateway({ provider: 'stripe', stripePublishableKey: 'pk_test_123' });
    expect(gateway.name).toBe('stripe');
    await gateway.prepare();
    renderPage(cardForm(gateway, 'pi_1_secret_2'), '/', { auth: signedInAuth() });
    expect(await screen.findByTitle('Secure payment input frame')).toBeInTheDocument();
  });
});
