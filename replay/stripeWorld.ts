import type { Page } from '@playwright/test';
import { STRIPE_DECLINED_CARD } from '../server/test/stripeStub';
import { fakeStripeJs } from './fakeStripeJs';
import { Gate } from './gate';
import { stripeApi } from './storeWorld';

const CONFIRM_URL = /^https:\/\/api\.stripe\.com\/v1\/payment_intents\/[^/]+\/confirm$/;
const FAKE_STRIPE_JS = `(${fakeStripeJs.toString()})();`;

/**
 * Stripe as one page sees it: Stripe.js from js.stripe.com (the fake of fakeStripeJs.ts) and
 * api.stripe.com (the store's stub, on loopback). What Stripe does is the path's to say: the
 * script loads or fails, the Payment Element fails, a card is confirmed or declined.
 */
export class StripeWorld {
  private loaded = false;

  private constructor(
    private readonly page: Page,
    private readonly scripts: Gate,
    private readonly confirms: Gate,
  ) {}

  static async on(page: Page): Promise<StripeWorld> {
    // api.stripe.com is the stub; set before the confirm gate, whose `pass` comes here.
    await page.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${stripeApi}${url.pathname}${url.search}` });
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'access-control-allow-origin': '*' },
      });
    });
    return new StripeWorld(
      page,
      await Gate.on(page, 'Stripe.js', 'GET', /^https:\/\/js\.stripe\.com\//),
      await Gate.on(page, "Stripe's card confirm", 'POST', CONFIRM_URL),
    );
  }

  /** Stripe.js arrives; on a page that has it already, it starts again. */
  async scriptLoads() {
    if (this.loaded) return this.settleStarts(true);
    await this.scripts.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS });
    this.loaded = true;
  }

  /**
   * js.stripe.com cannot be reached: @stripe/stripe-js tries twice, then gives up. On a page
   * that has Stripe.js already, it fails to start.
   */
  async scriptFails() {
    if (this.loaded) return this.settleStarts(false);
    await this.scripts.cut();
    await this.scripts.cut();
  }

  private async settleStarts(ok: boolean) {
    await this.page.waitForFunction(
      () => (window as unknown as FakeStripeWindow).fakeStripe.waiting > 0,
    );
    await this.page.evaluate(
      (started) => (window as unknown as FakeStripeWindow).fakeStripe.settleStarts(started),
      ok,
    );
  }

  /** The Payment Element fails to load (Stripe's `loaderror`) with this message. */
  async formFails(message: string) {
    await this.page.evaluate(
      (text) => (window as unknown as FakeStripeWindow).fakeStripe.failForm(text),
      message,
    );
  }

  /** Stripe confirms the card the person typed. */
  async confirmsCard() {
    await this.confirms.pass();
  }

  /** Stripe declines the card: the confirm goes on with Stripe's always-declined test card. */
  async declinesCard() {
    const route = await this.confirms.next();
    const form = new URLSearchParams(route.request().postData() ?? '');
    form.set('payment_method_data[card][number]', STRIPE_DECLINED_CARD);
    await route.fallback({ postData: form.toString() });
  }
}

interface FakeStripeWindow {
  fakeStripe: { waiting: number; settleStarts(ok: boolean): void; failForm(message: string): void };
}
