import { z } from "zod";
import { idParamField } from "./fields";

/**
 * Contracts of the sessions lists: a signed-in person's own sessions, and a managed user's
 * sessions for admins (every user) and company admins (their company's users; ADR 0009).
 *
 * Routes:
 * - `GET    /api/auth/sessions`                          (user)    → {@link sessionListResponseSchema}
 * - `DELETE /api/auth/sessions/{sessionId}`              (user)    → {@link endSessionsResponseSchema}
 * - `POST   /api/auth/sessions/end-others`               (user)    → {@link endSessionsResponseSchema}
 * - `GET    /api/admin/users/{id}/sessions`              (manager) → {@link sessionListResponseSchema}
 * - `DELETE /api/admin/users/{id}/sessions/{sessionId}`  (manager) → {@link endSessionsResponseSchema}
 * - `DELETE /api/admin/users/{id}/sessions`              (manager) → {@link endSessionsResponseSchema}
 */

/** The kind of device a session's browser runs on, read from its User-Agent. */
export const DEVICE_TYPES = ["desktop", "mobile", "tablet", "other"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * One live session. Browser and operating system are read from the User-Agent the browser sent
 * at sign-in (null when it named none we know); `ip` is the client address as trusted under
 * TRUST_PROXY, last seen; dates are ISO 8601. `lastSeenAt` is at most a minute behind.
 */
export const sessionInfoSchema = z.object({
  id: z.number().int(),
  /** True for the session of the request that asked. */
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionList = z.infer<typeof sessionListResponseSchema>;

/** How many sessions a sign-out ended (0 when the session was already gone). */
export const endSessionsResponseSchema = z.object({ ended: z.number().int() });
export type EndSessionsResponse = z.infer<typeof endSessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({ sessionId: idParamField });
export const userSessionParamsSchema = z.object({ id: idParamField, sessionId: idParamField });
