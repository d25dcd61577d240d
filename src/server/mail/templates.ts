/**
 * The shared email layout and escaping. Each module that sends mail renders its own messages in
 * its `emails.ts` (auth, invitations, leads, demo-registrations) with {@link layout}: a subject
 * plus matching HTML and plain-text bodies. Every interpolated value is HTML-escaped; links are
 * absolute (`PUBLIC_URL` based).
 */

import type { Language } from "../../common/languages";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes the five HTML-significant characters. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The layout's own words, per language (ADR 0025). */
const LAYOUT_TEXTS: Record<Language, { pasteLink: string }> = {
  en: { pasteLink: "Or paste this link into your browser:" },
  es: { pasteLink: "O copie este enlace y péguelo en su navegador:" },
};

/**
 * Wraps body paragraphs and one call-to-action button in a simple, client-safe layout, shared by
 * every email. `language` (default English) sets `<html lang>` and the layout's own words.
 */
export function layout(options: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A one-time code shown large after the action, introduced by `intro` (sign-in emails, ADR 0060). */
  code?: { intro: string; value: string };
  /** Paragraphs after the action and the code. */
  closing?: string[];
  language?: Language;
}): string {
  const language = options.language ?? "en";
  const toHtml = (list: string[] = []) =>
    list
      .map(
        (p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#334155">${escapeHtml(p)}</p>`,
      )
      .join("");
  const paragraphs = toHtml(options.paragraphs);
  const code = options.code
    ? `${toHtml([options.code.intro])}<p style="margin:0 0 16px;font-size:30px;font-weight:700;letter-spacing:6px;font-family:Menlo,Consolas,monospace;color:#0f172a">${escapeHtml(options.code.value)}</p>`
    : "";
  const action = options.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(options.action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(options.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#64748b">${LAYOUT_TEXTS[language].pasteLink}<br><span style="word-break:break-all">${escapeHtml(options.action.url)}</span></p>`
    : "";
  return `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f8fafc;font-family:Inter,Segoe UI,Arial,sans-serif">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:16px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#4f46e5">AisleIQ</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#0f172a">${escapeHtml(options.heading)}</h1>
${paragraphs}${action}${code}${toHtml(options.closing)}
</div></body></html>`;
}
