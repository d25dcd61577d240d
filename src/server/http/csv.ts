import type { FastifyReply } from "fastify";
import { z } from "zod";

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, and prefixed with
 * `'` when it starts like a spreadsheet formula (`=`, `+`, `-`, `@`, tab or carriage return;
 * OWASP "CSV Injection").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document: the header row, then one row per record, CRLF line ends (RFC 4180 §2). */
export function csvDocument(header: string[], rows: string[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * Answers a request with a CSV download: `text/csv; charset=utf-8`, `Content-Disposition:
 * attachment` under `filename`, and the text as it is. The route's typed 200 body stays the JSON
 * list its OpenAPI document describes; the CSV bypasses that serializer.
 * @param reply any route's reply (whatever its typed body)
 * @param filename the download's name, e.g. `aisleiq-leads-2026-11-23.csv` (no quotes)
 * @param csv the document, e.g. from {@link csvDocument}
 */
export function sendCsv<Reply extends FastifyReply>(reply: Reply, filename: string, csv: string): Reply {
  reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .serializer((payload: unknown) => String(payload))
    .send(csv);
  return reply;
}

/**
 * The 200 response of a list route that also exports CSV (`format=csv`): `json` as
 * `application/json`, or the CSV document as `text/csv`, for the OpenAPI document and the
 * serializer (which leaves the CSV text as it is).
 * @param json the list's zod schema
 * @param description what the response holds
 */
export function csvOr<T extends z.ZodType>(json: T, description: string) {
  return {
    description,
    content: {
      "application/json": { schema: json },
      "text/csv": {
        schema: z.string().describe("RFC 4180 CSV, UTF-8 with a byte-order mark; every cell quoted"),
      },
    },
  };
}
