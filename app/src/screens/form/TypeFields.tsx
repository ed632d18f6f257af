import { Field } from "./Field";
import type { SectionProps } from "./section";
import { RedirectFields, RequestFields } from "./RequestFields";
import type { FormValues } from "./values";

const UNITS = ["SECONDS", "MINUTES", "HOURS", "DAYS"];
const FAMILIES = ["IPv4", "IPv6"];

/** The fields of the chosen check type. */
export function TypeFields({ values, set, errors }: SectionProps) {
  const text = (key: keyof FormValues, label: string, hint?: string) => (
    <Field id={key} label={label} error={errors[key]} hint={hint}>
      {(props) => (
        <input {...props} value={String(values[key])} onChange={(event) => set({ [key]: event.target.value })} />
      )}
    </Field>
  );
  const choice = (key: keyof FormValues, label: string, options: string[]) => (
    <Field id={key} label={label} error={errors[key]}>
      {(props) => (
        <select {...props} value={String(values[key])} onChange={(event) => set({ [key]: event.target.value })}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  switch (values.kind) {
    case "API":
      return (
        <>
          {choice("method", "Method", ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"])}
          {text("url", "URL")}
          {choice("ipFamily", "IP family", FAMILIES)}
          <RequestFields values={values} set={set} errors={errors} />
        </>
      );
    case "URL":
      return (
        <>
          {text("url", "URL")}
          {choice("ipFamily", "IP family", FAMILIES)}
          <RedirectFields values={values} set={set} />
        </>
      );
    case "TCP":
      return (
        <>
          {text("hostname", "Host")}
          {text("port", "Port")}
          {text("tcpData", "Data to send", "Written once connected; the answer is what response assertions read")}
          {choice("ipFamily", "IP family", FAMILIES)}
        </>
      );
    case "DNS":
      return (
        <>
          {text("query", "Name to resolve")}
          {choice("recordType", "Record type", ["A", "AAAA", "CNAME", "HTTPS", "MX", "NS", "SOA", "TXT"])}
          {text("nameServer", "Name server", "An address or host name; empty: the system's resolver")}
          {text("dnsPort", "Name server port", "Empty: 53")}
          {choice("dnsProtocol", "Protocol", ["UDP", "TCP"])}
        </>
      );
    case "ICMP":
      return (
        <>
          {text("hostname", "Host")}
          {choice("ipFamily", "IP family", FAMILIES)}
          {text("pingCount", "Pings per run", "1 to 50")}
          {text("degradedPacketLoss", "Degraded above packet loss (%)", "Empty: never on packet loss alone")}
          {text("maxPacketLoss", "Failing above packet loss (%)", "Empty: only when every ping is lost")}
        </>
      );
    case "SSL":
      return (
        <>
          {text("hostname", "Host")}
          {text("port", "Port")}
          {text(
            "alertDays",
            "Fail days before expiry",
            "The run fails once the certificate expires within this many days",
          )}
        </>
      );
    case "HEARTBEAT":
      return (
        <>
          {text("period", "Expected every")}
          {choice("periodUnit", "Unit", UNITS)}
          {text("grace", "Grace")}
          {choice("graceUnit", "Grace unit", UNITS)}
          <p className="muted">The ping URL is shown on the check's page once it is created.</p>
        </>
      );
    default:
      return (
        <Field
          id="script"
          label="Script"
          error={errors.script}
          hint="Playwright test code, e.g. await page.goto('https://example.com')"
        >
          {(props) => (
            <textarea
              {...props}
              value={values.script}
              spellCheck={false}
              onChange={(event) => set({ script: event.target.value })}
            />
          )}
        </Field>
      );
  }
}
