import { expect, type Page, type Route } from '@playwright/test';

/**
 * Holds the page's requests to one endpoint until the path's next step says how the world
 * answers: the store itself (`pass`), a refusal or fault (`fail`), or no network (`cut`).
 * While a request is held the screen shows the machine's waiting state (Placing…, Deleting…).
 */
export class Gate {
  private held: Route[] = [];

  private constructor(private readonly name: string) {}

  /** `method` and `url` as the SPA calls them; other requests to the URL go on unheld. */
  static async on(page: Page, name: string, method: string, url: RegExp): Promise<Gate> {
    const gate = new Gate(name);
    await page.route(url, (route) => {
      if (route.request().method() !== method) return route.fallback();
      gate.held.push(route);
    });
    return gate;
  }

  /** The oldest request held, once the page has sent it. */
  async next(): Promise<Route> {
    await expect
      .poll(() => this.held.length, { message: `the page asks ${this.name}` })
      .toBeGreaterThan(0);
    return this.held.shift()!;
  }

  /** The store answers, as it would with no gate (through any route set before the gate's). */
  async pass(options?: Parameters<Route['fallback']>[0]) {
    await (await this.next()).fallback(options);
  }

  /** The store answers, and the world changes the answer on the way (a hold run out). */
  async passAltered(alter: (body: unknown) => unknown) {
    const route = await this.next();
    const response = await route.fetch();
    await route.fulfill({ response, json: alter(await response.json()) });
  }

  /** The store refuses or fails: its JSON error, in the store's shape. */
  async fail(status: number, message: string, field?: string) {
    await (
      await this.next()
    ).fulfill({
      status,
      json: { statusCode: status, error: 'Refused', message, ...(field ? { field } : {}) },
    });
  }

  /** The network drops the request (the browser's own failure: RTK Query's FETCH_ERROR). */
  async cut() {
    await (await this.next()).abort('internetdisconnected');
  }

  /** Answers with what the test has (the fake Stripe.js), not the network's. */
  async fulfill(options: Parameters<Route['fulfill']>[0]) {
    await (await this.next()).fulfill(options);
  }
}
