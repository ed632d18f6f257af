/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a formula's lead is defused. */
export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value == null ? "" : String(value);
  // A spreadsheet runs a cell starting with = + - @ as a formula: check names are the account's to choose.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type ReportRow = {
  readonly checkId: string;
  readonly name: string;
  readonly checkType: string;
  readonly deactivated: boolean;
  readonly tags: readonly string[];
  readonly aggregate:
    | { readonly successRatio: number; readonly avg: number; readonly p95: number; readonly p99: number }
    | null
    | undefined;
};

export const CSV_HEADER = ["checkId", "name", "checkType", "deactivated", "tags", "successRatio", "avg", "p95", "p99"];

/** The figures shown, as /v1/reporting answers them (unrounded), one line per check; tags joined by spaces. */
export function reportCsv(rows: readonly ReportRow[]): string {
  const lines = [CSV_HEADER.join(",")];
  for (const row of rows) {
    const a = row.aggregate;
    lines.push(
      [
        row.checkId,
        row.name,
        row.checkType,
        row.deactivated,
        row.tags.join(" "),
        a?.successRatio,
        a?.avg,
        a?.p95,
        a?.p99,
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Saves `text` as a file through a temporary link (no server round trip: the figures are on screen). */
export function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
