import { noSuch } from './stripe-error';
import type { StripeEvent } from './webhook-delivery';

/** How many events the stand-in keeps listing (Stripe keeps 30 days' worth). */
const KEPT_EVENTS = 20_000;

/** The events the stand-in made, newest last: what Stripe's Events API lists (GET /v1/events). */
export class EventLog {
  private readonly events: StripeEvent[] = [];
  private readonly byId = new Map<string, StripeEvent>();

  add(event: StripeEvent): void {
    this.events.push(event);
    this.byId.set(event.id, event);
    if (this.events.length > KEPT_EVENTS) {
      for (const old of this.events.splice(0, this.events.length - KEPT_EVENTS)) {
        this.byId.delete(old.id);
      }
    }
  }

  find(id: string): StripeEvent | undefined {
    return this.byId.get(id);
  }

  /**
   * A page of events, newest first, as Stripe pages lists: at most `limit` after the event
   * `startingAfter` names, only of `type` when given.
   */
  page(options: { limit: number; startingAfter?: string; type?: string }): {
    readonly data: StripeEvent[];
    readonly hasMore: boolean;
  } {
    const newestFirst = [...this.events]
      .reverse()
      .filter((event) => options.type === undefined || event.type === options.type);
    const after = options.startingAfter;
    let start = 0;
    if (after !== undefined) {
      start = newestFirst.findIndex((event) => event.id === after) + 1;
      if (start === 0) throw noSuch('event', after);
    }
    const data = newestFirst.slice(start, start + options.limit);
    return { data, hasMore: start + data.length < newestFirst.length };
  }
}
