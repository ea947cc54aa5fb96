import { IMAGE_UPLOADS_AT_ONCE, IMAGE_UPLOADS_BUSY } from '../../../contract/imageLimits';
import { TooMany } from '../domainErrors';

/**
 * Pictures take turns by account: at most `atOnce` are decoded at a time, at most one of them
 * for any one account, and when a place frees up the account that waited longest goes next
 * (round robin). So one account sending many pictures, or costly ones, delays only itself:
 * another account's picture waits for at most one picture of each account ahead of it.
 */
export class FairTurns {
  private running = 0;
  /** Accounts with a picture being decoded. */
  private readonly busy = new Set<string>();
  /**
   * Pictures waiting, per account; the Map's order is whose turn comes first (an account whose
   * picture is done goes to the back).
   */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly atOnce: number) {}

  async run<T>(account: string, work: () => Promise<T>): Promise<T> {
    // A free place with nobody of this account decoding: nobody else waits for it either
    // (whoever waits, waits for their own account's picture to finish).
    if (this.running < this.atOnce && !this.busy.has(account)) this.start(account);
    else await new Promise<void>((resolve) => this.queueOf(account).push(resolve));
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.busy.delete(account);
      // Its next picture goes to the back of the line, behind everyone who waited meanwhile.
      const queue = this.waiting.get(account);
      if (queue) {
        this.waiting.delete(account);
        this.waiting.set(account, queue);
      }
      this.next();
    }
  }

  /** Pictures being decoded and waiting (for tests and logs). */
  get load() {
    let waiting = 0;
    for (const queue of this.waiting.values()) waiting += queue.length;
    return { running: this.running, waiting };
  }

  private start(account: string) {
    this.running += 1;
    this.busy.add(account);
  }

  private queueOf(account: string) {
    let queue = this.waiting.get(account);
    if (!queue) this.waiting.set(account, (queue = []));
    return queue;
  }

  private next() {
    for (const [account, queue] of this.waiting) {
      if (this.running >= this.atOnce) return;
      if (this.busy.has(account)) continue;
      const resolve = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(account);
      this.start(account);
      resolve();
    }
  }
}

/**
 * Uploads one account may have under way at once (being received, waiting or decoded): each
 * holds its file (up to 5 MB) in memory, so an account cannot pile up hundreds of them. Taken
 * before the file is read; `leave` when the upload is answered.
 */
export class UploadPlaces {
  private readonly taken = new Map<string, number>();

  constructor(private readonly perAccount = IMAGE_UPLOADS_AT_ONCE) {}

  /** Takes one of the account's places, or refuses with 429 when it has none left. */
  enter(account: string): { leave(): void } {
    const now = this.taken.get(account) ?? 0;
    if (now >= this.perAccount) throw new TooMany(IMAGE_UPLOADS_BUSY);
    this.taken.set(account, now + 1);
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        const rest = (this.taken.get(account) ?? 1) - 1;
        if (rest > 0) this.taken.set(account, rest);
        else this.taken.delete(account);
      },
    };
  }
}
