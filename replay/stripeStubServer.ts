import { startStripeStub } from '../server/test/stripeStub';

/**
 * The Stripe API the machine replays' store talks to (STRIPE_API_BASE): the stub of the API
 * tests, as a process of its own on E2E_STRIPE_PORT, started by playwright.machines.config.ts.
 */
async function main() {
  const port = Number(process.env.E2E_STRIPE_PORT);
  if (!port) throw new Error('E2E_STRIPE_PORT is not set (npm run test:machines sets it)');
  const stub = await startStripeStub({ port });
  console.log(`Stripe stub on ${stub.url}`);
  const stop = () => void stub.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
