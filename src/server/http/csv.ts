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
