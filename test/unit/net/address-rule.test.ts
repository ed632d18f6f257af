import { describe, expect, it } from "vitest";
import { addressRuleFor, createAddressRule, isPrivateAddress, parseAllowList } from "../../../src/net/address-rule.js";

describe("the address rule of BLOCK_PRIVATE_TARGETS", () => {
  it("judges IPv4 written inside IPv6 by the address it carries", () => {
    const loopback = [
      "127.0.0.1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "0:0:0:0:0:ffff:127.0.0.1",
      "[::ffff:7f00:1]",
      "::127.0.0.1",
      "64:ff9b::7f00:1",
      "64:ff9b::127.0.0.1",
      "2002:7f00:1::",
      "2002:a00:1::5",
    ];
    expect(loopback.filter((a) => !isPrivateAddress(a))).toEqual([]);
    const publicOnes = ["8.8.8.8", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "2001:4860:4860::8888"];
    expect(publicOnes.filter(isPrivateAddress)).toEqual([]);
  });

  it("refuses private, link-local, unique-local, multicast, unspecified and reserved ranges", () => {
    const refused = [
      "0.0.0.0",
      "10.1.2.3",
      "100.64.0.1",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fd00::1",
      "fe80::1%eth0",
      "ff02::1",
      "2001:db8::1",
      "64:ff9b:1::1",
    ];
    expect(refused.filter((a) => !isPrivateAddress(a))).toEqual([]);
    expect(["172.32.0.1", "100.128.0.1", "1.1.1.1"].filter(isPrivateAddress)).toEqual([]);
  });

  it("refuses what is not an address at all: names must be resolved first", () => {
    expect(isPrivateAddress("localhost")).toBe(true);
    expect(isPrivateAddress("")).toBe(true);
  });

  it("lets an operator's allowed ranges through, however the address is written", () => {
    const refuses = createAddressRule(parseAllowList("127.0.0.2/32, fd00::/8").list);
    expect(refuses("127.0.0.2")).toBe(false);
    expect(refuses("::ffff:127.0.0.2")).toBe(false);
    expect(refuses("127.0.0.1")).toBe(true);
    expect(refuses("fd00::5")).toBe(false);
    expect(refuses("8.8.8.8")).toBe(false);
    expect(parseAllowList("x, 10.0.0.0/33, 10.0.0.0/8").errors).toEqual([
      '"x" is not an address or CIDR range',
      '"10.0.0.0/33" is not an address or CIDR range',
    ]);
  });
});

describe("addressRuleFor", () => {
  it("refuses nothing without BLOCK_PRIVATE_TARGETS, and private addresses but the allowed with it", () => {
    expect(addressRuleFor({ blockPrivateTargets: false, privateTargetsAllow: [] })("127.0.0.1")).toBe(false);
    const refuses = addressRuleFor({ blockPrivateTargets: true, privateTargetsAllow: ["127.0.0.2"] });
    expect([refuses("127.0.0.1"), refuses("127.0.0.2"), refuses("::ffff:7f00:1")]).toEqual([true, false, true]);
  });
});
