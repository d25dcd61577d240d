import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import { z } from "zod";

/**
 * A cell made safe for spreadsheets: prefixed with `'` when it starts like a formula (`=`, `+`,
 * `-`, `@`, tab or carriage return; OWASP "CSV Injection"), so Excel shows it as text.
 */
export function formulaSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A CSV document as spreadsheets open it as written (ADR 0056), written by `csv-stringify`
 * (RFC 4180): a UTF-8 byte-order mark first (Excel on Windows reads UTF-8 without one as its
 * legacy code page: "JosÃ©" for "José"), every cell quoted (a locale whose list separator is
 * `;`, Spanish Excel among them, would otherwise split `x;=1+2` into a cell `=1+2` that runs),
 * each cell {@link formulaSafe}, CRLF line ends, the header row first.
 * @param header the column names
 * @param rows one array of cell texts per record, in header order
 */
export function csvDocument(header: string[], rows: string[][]): string {
  return stringify([header, ...rows], {
    bom: true,
    quoted: true,
    quoted_empty: true,
    record_delimiter: "windows",
    cast: { string: formulaSafe },
  });
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
