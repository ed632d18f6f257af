import { describe, expect, it } from "vitest";
import type { VisitedPageRow } from "../../../../src/domain/status-pages/public/index.js";
import { createInProcessBus } from "../../../../src/events/bus.js";
import { StatusPageCache, strongEtag } from "../../../../src/web/status-pages/cache.js";

const page = (id: string, accountId = "acc-1") => ({ id, accountId }) as VisitedPageRow;

describe("the status page cache", () => {
  it("renders once for concurrent misses, and answers later hits with the same body and ETag", async () => {
    const cache = new StatusPageCache();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 5));
      return { body: "<p>hi</p>", contentType: "text/html" };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.body(page("p1"), "home", render)));
    expect(renders).toBe(1);
    expect(new Set(answers.map((a) => a!.etag))).toEqual(new Set([strongEtag("<p>hi</p>")]));
    expect((await cache.body(page("p1"), "home", render))!.bytes.toString()).toBe("<p>hi</p>");
    expect(renders).toBe(1);
  });

  it("drops a page's entries on the events naming it, and an account's on a check status change", async () => {
    const events = createInProcessBus();
    const cache = new StatusPageCache();
    cache.listen(events);
    let renders = 0;
    const render = async () => ({ body: `v${++renders}`, contentType: "text/plain" });
    const body = async (p: VisitedPageRow) => (await cache.body(p, "home", render))!.body;
    const [p1, p2, other] = [page("p1"), page("p2"), page("p3", "acc-2")];
    for (const p of [p1, p2, other]) await body(p);
    expect([await body(p1), await body(p2), await body(other)]).toEqual(["v1", "v2", "v3"]);

    events.publish({
      type: "incidentUpdateAdded",
      accountId: "acc-1",
      incidentId: "i",
      incidentUpdateId: "u",
      statusPageIds: ["p1"],
    });
    expect([await body(p1), await body(p2), await body(other)]).toEqual(["v4", "v2", "v3"]);
    events.publish({ type: "statusPageChanged", accountId: "acc-1", statusPageIds: ["p2"] });
    expect([await body(p1), await body(p2), await body(other)]).toEqual(["v4", "v5", "v3"]);
    events.publish({ type: "checkStatusChanged", accountId: "acc-2", checkId: "c", condition: "FAILING" });
    expect([await body(p1), await body(p2), await body(other)]).toEqual(["v4", "v5", "v6"]);
    events.publish({ type: "heartbeatEventRecorded", accountId: "acc-1", checkId: "c", eventId: "e", state: "LATE" });
    expect([await body(p1), await body(p2), await body(other)]).toEqual(["v4", "v5", "v6"]);
  });

  it("never keeps what a render read before an invalidation", async () => {
    const events = createInProcessBus();
    const cache = new StatusPageCache();
    cache.listen(events);
    let release: () => void = () => {};
    const slow = cache.body(page("p1"), "home", async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return { body: "stale", contentType: "text/plain" };
    });
    await new Promise((r) => setTimeout(r, 0));
    events.publish({ type: "statusPageChanged", accountId: "acc-1", statusPageIds: ["p1"] });
    const fresh = cache.body(page("p1"), "home", async () => ({ body: "fresh", contentType: "text/plain" }));
    release();
    expect((await slow)!.body).toBe("stale");
    expect((await fresh)!.body).toBe("fresh");
    expect(
      (await cache.body(page("p1"), "home", async () => ({ body: "again", contentType: "text/plain" })))!.body,
    ).toBe("fresh");
  });

  it("remembers an address with no page until the next page write", async () => {
    const events = createInProcessBus();
    const cache = new StatusPageCache();
    cache.listen(events);
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return lookups > 1 ? page("p9") : null;
    };
    expect(await cache.page("url:x", lookup)).toBeNull();
    expect(await cache.page("url:x", lookup)).toBeNull();
    expect(lookups).toBe(1);
    events.publish({ type: "statusPageChanged", accountId: "acc-1", statusPageIds: ["p9"] });
    expect((await cache.page("url:x", lookup))!.id).toBe("p9");
  });
});
