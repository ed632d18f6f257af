import { describe, expect, it } from "vitest";
import type { VigilEvent } from "../../../src/events/bus.js";
import { encodeMessage, receiveMessage, redactRedisUrl } from "../../../src/events/redis-bus.js";

const event: VigilEvent = {
  type: "incidentUpdateAdded",
  accountId: "acc",
  incidentId: "inc",
  incidentUpdateId: "upd",
  statusPageIds: ["p1", "p2"],
};

describe("the Redis bus's messages", () => {
  it("carry the event and the publishing instance, as JSON", () => {
    const text = encodeMessage("instance-a", event);
    expect(JSON.parse(text)).toEqual({ v: 1, from: "instance-a", event });
    expect(receiveMessage(text, "instance-b")).toEqual(event);
  });

  it("are ignored by the instance that published them: its listeners had the event at once", () => {
    expect(receiveMessage(encodeMessage("instance-a", event), "instance-a")).toBeNull();
  });

  it("are ignored when they are not ours", () => {
    for (const text of [
      "not json",
      "null",
      "42",
      JSON.stringify({ v: 2, from: "x", event }),
      JSON.stringify({ v: 1, event }),
      JSON.stringify({ v: 1, from: "x", event: { type: "incidentChanged" } }),
      JSON.stringify({ v: 1, from: "x", event: null }),
    ])
      expect(receiveMessage(text, "self")).toBeNull();
  });

  it("name Redis in logs without its password", () => {
    expect(redactRedisUrl("redis://:s3cret@redis.example.com:6379/0")).toBe("redis://:***@redis.example.com:6379/0");
    expect(redactRedisUrl("rediss://vigil:s3cret@redis.example.com")).toBe("rediss://***:***@redis.example.com");
    expect(redactRedisUrl("redis://127.0.0.1:6379")).toBe("redis://127.0.0.1:6379");
    expect(redactRedisUrl("redis://:s3cret@[")).not.toContain("s3cret");
  });
});
