import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { nextDelivery } from "../../../src/domain/alert-notifications/delivery-rules.js";
import { alertVariables } from "../../../src/domain/alert-templates/variables.js";
import { parseStoredChannel } from "../../../src/domain/alert-channels/schemas.js";
import { alertEmail, deliver, sendEmail } from "../../../src/delivery/index.js";
import { sampleInput } from "../../support/alert-sample.js";

type Delivered = { mail: ParsedMail; from: string; to: string[]; user: string | undefined };

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

/** A real SMTP server on 127.0.0.1 (no STARTTLS: plain auth is allowed for the test). */
async function startSmtp(options: Partial<SMTPServerOptions> = {}) {
  const delivered: Delivered[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "alerts" && auth.password === "p@ss:word/1") return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          delivered.push({
            mail,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
          });
          callback();
        })
        .catch(callback);
    },
    ...options,
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, delivered, url: `smtp://alerts:${encodeURIComponent("p@ss:word/1")}@127.0.0.1:${port}` };
}

const now = new Date("2026-01-01T10:00:05.000Z");
const variables = alertVariables(sampleInput);
const config = (smtpUrl: string | null) => ({
  smtpUrl,
  emailFrom: "Vigil Alerts <alerts@vigil.example.com>",
  pagerdutyEventsUrl: "http://127.0.0.1:1",
  opsgenieApiUrl: null,
  telegramApiUrl: "https://api.telegram.org",
  blockPrivateTargets: true,
});

describe("EMAIL over SMTP", () => {
  it("sends the alert from EMAIL_FROM, authenticated with the user and password of SMTP_URL", async () => {
    const smtp = await startSmtp();
    const channel = parseStoredChannel("EMAIL", { address: "oncall@example.com" });
    const result = await deliver(
      channel,
      { notificationId: "n1", alertType: "ALERT_FAILURE", variables, now },
      config(smtp.url),
    );
    expect(result).toMatchObject({ kind: "sent" });
    expect(nextDelivery({ tries: 1, result, now })).toMatchObject({ status: "SUCCESS", nextAttemptAt: null });
    expect(nextDelivery({ tries: 1, result, now }).notificationResult).toMatch(/^SMTP: 250 /);

    const [sent, ...rest] = smtp.delivered;
    expect(rest).toEqual([]);
    expect(sent!.user).toBe("alerts");
    expect(sent!.from).toBe("alerts@vigil.example.com");
    expect(sent!.to).toEqual(["oncall@example.com"]);
    expect(sent!.mail.from?.value).toEqual([{ address: "alerts@vigil.example.com", name: "Vigil Alerts" }]);
    expect(sent!.mail.subject).toBe("Checkout API is failing");
    expect(sent!.mail.text).toContain("Checkout API is failing");
    expect(sent!.mail.text).toContain('Error: expected 200, got 503 "unavailable"');
    expect(sent!.mail.text).toContain("Location: eu-west-1");
    expect(sent!.mail.text).toContain("Tags: prod, payments");
    expect(sent!.mail.text).toContain(`Result: ${variables.RESULT_LINK}`);
    expect(sent!.mail.html).toContain("<h2>Checkout API is failing</h2>");
    expect(sent!.mail.html).toContain("expected 200, got 503 &quot;unavailable&quot;");
  });

  it("carries extra headers such as List-Unsubscribe", async () => {
    const smtp = await startSmtp();
    const message = {
      ...alertEmail("reader@example.com", variables),
      headers: {
        "List-Unsubscribe": "<https://status.example.com/unsubscribe/abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
    expect(await sendEmail(message, config(smtp.url))).toMatchObject({ kind: "sent" });
    const mail = smtp.delivered[0]!.mail;
    const lines = Object.fromEntries(mail.headerLines.map((header) => [header.key, header.line]));
    expect(lines["list-unsubscribe"]).toBe("List-Unsubscribe: <https://status.example.com/unsubscribe/abc>");
    expect(lines["list-unsubscribe-post"]).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("is a FAILURE saying SMTP_URL is not set when it is not", async () => {
    const result = await sendEmail(alertEmail("a@example.com", variables), config(null));
    expect(nextDelivery({ tries: 1, result, now })).toEqual({
      status: "FAILURE",
      nextAttemptAt: null,
      notificationResult: "email not sent: SMTP_URL is not set",
      deactivate: false,
    });
  });

  it("ends on a permanent SMTP refusal (5xx, wrong password) and retries a temporary one (4xx) or no server", async () => {
    const smtp = await startSmtp({
      onRcptTo(address, _session, callback) {
        const error = Object.assign(
          new Error(address.address.startsWith("full") ? "Mailbox full, try later" : "No such user"),
          {
            responseCode: address.address.startsWith("full") ? 452 : 550,
          },
        );
        callback(error);
      },
    });
    const refused = await sendEmail(alertEmail("nobody@example.com", variables), config(smtp.url));
    expect(nextDelivery({ tries: 1, result: refused, now })).toMatchObject({ status: "FAILURE" });
    expect(nextDelivery({ tries: 1, result: refused, now }).notificationResult).toMatch(/^SMTP: .*550.*No such user/);

    const later = await sendEmail(alertEmail("full@example.com", variables), config(smtp.url));
    expect(nextDelivery({ tries: 1, result: later, now })).toMatchObject({ status: "IN_PROGRESS" });

    const badPassword = smtp.url.replace(encodeURIComponent("p@ss:word/1"), "wrong");
    const denied = await sendEmail(alertEmail("a@example.com", variables), config(badPassword));
    expect(nextDelivery({ tries: 1, result: denied, now })).toMatchObject({ status: "FAILURE" });

    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    const down = await sendEmail(alertEmail("a@example.com", variables), config(smtp.url));
    expect(down).toMatchObject({ kind: "error", retryable: true });
    expect(nextDelivery({ tries: 1, result: down, now })).toMatchObject({ status: "IN_PROGRESS" });
  });
});
