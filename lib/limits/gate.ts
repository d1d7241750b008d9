import "server-only";
import { limitMax, limitRefusal } from "./apply";
import { LIMITS, type ConcurrencyLimitName } from "./table";

/**
 * The limits on work in progress on this server (lib/limits/table.ts, `store: "memory"`): how many run
 * at once, how many more may wait and how long, and the refusal past that. Memory, not the database:
 * what they protect (CPU, memory, sockets) is this server's.
 */

/** At most `max` at once on the server; `queue.length` more wait up to `queue.waitMs`, then are refused. */
export class ServerGate {
  private running = 0;
  private readonly waiting: { resolve: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(private readonly name: ConcurrencyLimitName) {}

  async acquire(): Promise<void> {
    if (this.running < limitMax(this.name)) {
      this.running++;
      return;
    }
    const row = LIMITS[this.name];
    const queue = "queue" in row ? row.queue : { length: 0, waitMs: 0 };
    if (this.waiting.length >= queue.length) throw limitRefusal(this.name);
    await new Promise<void>((resolve, reject) => {
      const entry = {
        resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(limitRefusal(this.name));
        }, queue.waitMs),
      };
      this.waiting.push(entry);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve(); // the slot passes to the next in line
    } else this.running--;
  }

  state() {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** At most `max` at once per key (a person, a client); one more is refused at once. */
export class KeyGate {
  private readonly held = new Map<string, number>();

  constructor(private readonly name: ConcurrencyLimitName) {}

  acquire(key: string): void {
    const n = this.held.get(key) ?? 0;
    if (n >= limitMax(this.name)) throw limitRefusal(this.name);
    this.held.set(key, n + 1);
  }

  release(key: string): void {
    const left = (this.held.get(key) ?? 1) - 1;
    if (left > 0) this.held.set(key, left);
    else this.held.delete(key);
  }

  get size() {
    return this.held.size;
  }
}
