import { z } from "zod";
import { WEBHOOK_DELIVERY_PAGE_DEFAULT, WEBHOOK_DELIVERY_PAGE_MAX } from "../limits";
import { INT4_MAX } from "../validation";
import { idParamField, listResponse, pageOffsetFields } from "./fields";

/**
 * Contracts of the CRM webhook's delivery log (ADR 0051): admins see each delivery of a new lead
 * or demo registration to LEAD_WEBHOOK_URL, and re-send one that failed.
 */

/** The events the webhook posts, by the `type` of their body and the `AisleIQ-Event` header. */
export const WEBHOOK_EVENTS = ["lead.created", "demo_registration.created"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A delivery's state: waiting (first try or a retry), accepted by the receiver, or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** `GET /api/admin/webhook-deliveries` query: an optional status filter and paging. */
export const webhookDeliveryListQuerySchema = z.object({
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES, { error: "status must be pending, delivered or failed" })
    .optional(),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERY_PAGE_MAX).default(WEBHOOK_DELIVERY_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuerySchema>;

/** One delivery as admins see it. Times are ISO 8601. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  /** What was sent, e.g. `Lead 42: Grace Hopper (Hopper Foods)`. */
  summary: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** Attempts made so far (at most 15 before it is given up). */
  attempts: z.number().int(),
  /** Why the last attempt failed (`HTTP 503: …`, `could not connect (ECONNREFUSED)`); null once delivered. */
  lastError: z.string().nullable(),
  /** When the next attempt is due, while pending. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The `Idempotency-Key` header (and body `id`) of every attempt of this delivery. */
  idempotencyKey: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * `GET /api/admin/webhook-deliveries` answer: newest first, the total matching, and where
 * deliveries go now (scheme, host and path of LEAD_WEBHOOK_URL; null when unset).
 */
export const webhookDeliveryListResponseSchema = listResponse(
  "deliveries",
  webhookDeliverySchema,
  pageOffsetFields,
).extend({ endpoint: z.string().nullable() });
export type WebhookDeliveryListResponse = z.infer<typeof webhookDeliveryListResponseSchema>;

export const webhookDeliveryParamsSchema = z.object({ id: idParamField });
