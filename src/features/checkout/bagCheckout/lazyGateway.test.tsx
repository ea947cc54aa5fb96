import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderPage, signedInAuth } from '../../../test/render';
import { lazyGateway } from './lazyGateway';

describe('the checkout’s gateway, loaded when the payment starts', () => {
  it('prepares the configured provider, then shows its card form', async () => {
    const gateway = lazyGateway({ provider: 'local', stripePublishableKey: null });
    expect(gateway.name).toBe('local');
    await gateway.prepare();
    renderPage(
      <Suspense fallback={null}>
        <gateway.CardForm
          clientSecret="pi_local_1_secret_2"
          billing={{ name: 'Demo Shopper', email: 'shopper@store.test' }}
          disabled={false}
          onReady={() => {}}
          onUnavailable={() => {}}
        />
      </Suspense>,
      '/',
      { auth: signedInAuth() },
    );
    expect(await screen.findByLabelText('Card number')).toBeEnabled();
  });
});
