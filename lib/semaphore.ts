/**
 * A counting semaphore with a bounded wait: at most `slots` holders at once; a caller waits in
 * line at most `maxWaitMs`, and is refused at once when `maxQueue` callers already wait.
 */
export class SemaphoreTimeout extends Error {
  constructor(message = "semaphore: no slot in time") {
    super(message);
    this.name = "SemaphoreTimeout";
  }
}

type Waiter = { grant: () => void; timer: ReturnType<typeof setTimeout> };

export class Semaphore {
  private held = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly slots: number,
    readonly maxWaitMs: number,
    readonly maxQueue: number,
  ) {}

  /** Holders now and callers waiting (for tests and logs). */
  get stats() {
    return { held: this.held, waiting: this.queue.length };
  }

  /** Runs `task` holding a slot; throws SemaphoreTimeout without running it when none comes. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.held < this.slots) {
      this.held++;
      return Promise.resolve();
    }
    if (this.queue.length >= this.maxQueue) return Promise.reject(new SemaphoreTimeout());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        // The releasing caller hands its slot over: `held` stays the same.
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.queue.indexOf(waiter);
          if (at >= 0) this.queue.splice(at, 1);
          reject(new SemaphoreTimeout());
        }, this.maxWaitMs),
      };
      this.queue.push(waiter);
    });
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next.grant();
    else this.held--;
  }
}
