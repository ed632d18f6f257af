// A strict reader of the Prometheus text format (0.0.4) for the /metrics tests: every line must be a
// HELP, a TYPE or a sample, every sample's family must have been typed, or it throws.

export type Sample = { name: string; labels: Record<string, string>; value: number };

const help = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) .*$/;
const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/;
const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[Nn]a[Nn]|\+Inf|-Inf))$/; // prom-client writes "Nan" (Prometheus parses it case-insensitively)
const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/y;

export function parsePrometheus(text: string): Sample[] {
  const typed = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || help.test(line)) continue;
    const t = type.exec(line);
    if (t) {
      typed.add(t[1]!);
      continue;
    }
    const s = sample.exec(line);
    if (!s) throw new Error(`not a Prometheus line: ${JSON.stringify(line)}`);
    const [, name, rawLabels = "", value] = s;
    const family = name!.replace(/_(bucket|sum|count)$/, "");
    if (!typed.has(name!) && !typed.has(family)) throw new Error(`sample without a TYPE: ${line}`);
    const labels: Record<string, string> = {};
    label.lastIndex = 0;
    while (label.lastIndex < rawLabels.length) {
      const l = label.exec(rawLabels);
      if (!l) throw new Error(`bad labels in ${JSON.stringify(line)}`);
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_m, c: string) => (c === "n" ? "\n" : c));
    }
    samples.push({ name: name!, labels, value: Number(value) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
export function pick(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The sum of the values of `pick(...)`. */
export const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  pick(samples, name, labels).reduce((sum, s) => sum + s.value, 0);
