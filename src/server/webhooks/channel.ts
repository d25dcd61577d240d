import type { FastifyBaseLogger } from "fastify";
import { WEBHOOK_TIMEOUT_MS } from "../../common/limits";
import type { AppConfig } from "../config";
import type { OutboxChannel, OutboxRow } from "../mail/outbox";
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from "./signature";

/** Deliveries the webhook loop posts at once. */
const WEBHOOK_CONCURRENCY = 4;

/** Longest part of a refusing receiver's answer kept in `last_error`, in characters. */
const ERROR_BODY_MAX = 200;

/**
 * The outbox channel that POSTs the CRM webhook's rows (ADR 0051): the row's `text` is the JSON
 * body, its `message_id` the `Idempotency-Key`, its `subject` starts with the event type. The URL
 * and secret are read from the configuration at each attempt, so a corrected URL or a rotated
 * secret applies to deliveries still waiting. Any 2xx answer within {@link WEBHOOK_TIMEOUT_MS}
 * is a delivery; anything else (a refusal, a redirect, a timeout, no connection) throws, and the
 * outbox retries with its backoff.
 */
export function createWebhookChannel(config: AppConfig, log: FastifyBaseLogger): OutboxChannel {
  return {
    concurrency: WEBHOOK_CONCURRENCY,
    async send(row: OutboxRow) {
      const url = config.LEAD_WEBHOOK_URL;
      const secret = config.LEAD_WEBHOOK_SECRET;
      if (!url || !secret) throw new Error("LEAD_WEBHOOK_URL is unset: nowhere to deliver");
      const timestamp = Math.floor(Date.now() / 1000);
      const event = row.subject.split(" ", 1)[0] ?? "";
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          redirect: "manual",
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
          headers: {
            "content-type": "application/json",
            "user-agent": "AisleIQ-Webhook/1",
            "idempotency-key": row.messageId,
            "aisleiq-event": event,
            "aisleiq-attempt": String(row.attempts),
            [TIMESTAMP_HEADER]: String(timestamp),
            [SIGNATURE_HEADER]: signWebhook(secret, timestamp, row.text),
          },
          body: row.text,
        });
      } catch (error) {
        // The reason undici gives: a system code (ECONNREFUSED, ENOTFOUND…) or its message ("bad port").
        const { code, message } = (error as { cause?: { code?: string; message?: string } }).cause ?? {};
        const cause = (code ?? message)?.slice(0, 100);
        const name = (error as Error).name;
        throw new Error(
          name === "TimeoutError"
            ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
            : `could not connect${cause ? ` (${cause})` : ""}`,
        );
      }
      if (response.status >= 200 && response.status < 300) {
        await response.body?.cancel().catch(() => {});
        return;
      }
      const text = await readStart(response, ERROR_BODY_MAX * 4);
      log.debug({ outboxId: row.id, status: response.status }, "webhook receiver refused a delivery");
      throw new Error(
        `HTTP ${response.status}${text ? `: ${text.replace(/\s+/g, " ").slice(0, ERROR_BODY_MAX)}` : ""}`,
      );
    },
  };
}

/** The first `maxBytes` of an answer's body as text (the rest is never read); "" on any error. */
async function readStart(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done || !value) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    return "";
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString("utf8");
}
