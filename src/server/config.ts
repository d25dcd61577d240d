import ipaddr from "ipaddr.js";
import { z } from "zod";
import { DOCUMENT_RETENTION_DAYS_DEFAULT, S3_IDLE_TIMEOUT_MS } from "../common/limits";
import { trimSlashes } from "../common/text";

/**
 * Server configuration, parsed once from the environment (docs/architecture.md#configuration).
 * The variable names are part of the public interface: never rename one.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** `true`/`1`/`yes` or `false`/`0`/`no` (any case); unset or empty: undefined. */
const booleanField = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z
    .union([z.literal(""), z.enum(["true", "1", "yes", "false", "0", "no"])])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? undefined : ["true", "1", "yes"].includes(value),
    ),
);

/** Named ranges proxy-addr understands in a trust list, besides IP addresses and CIDR blocks. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * `TRUST_PROXY` (issue #11 item 5, ADR 0016): which peers may set `X-Forwarded-For`.
 * Unset or empty: trust nothing (`false`); a whole number: that many proxy hops in front of the
 * server; otherwise a comma-separated list of IP addresses, CIDR blocks or the names `loopback`,
 * `linklocal`, `uniquelocal`.
 */
const trustProxyField = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, context): false | number | string[] => {
      const raw = value?.trim() ?? "";
      if (raw === "") return false;
      if (/^\d+$/.test(raw)) return Number(raw);
      const entries = raw.split(",").map((entry) => entry.trim());
      const bad = entries.filter(
        (entry) => !(PROXY_RANGE_NAMES.has(entry) || ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry)),
      );
      if (bad.length > 0) {
        context.addIssue({
          code: "custom",
          message: `expected a hop count or a comma-separated list of IPs / CIDR blocks; not valid: ${bad.join(", ")}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

const configSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(["development", "production", "test"]).default("development"),
    ),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    DATABASE_URL: optionalString,
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    SMTP_URL: optionalString,
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("AisleIQ <no-reply@localhost>")),
    SALES_EMAIL: z.preprocess(emptyToUndefined, z.string().default("sales@localhost")),
    DEMO_REGISTRATION_EMAIL: z.preprocess(emptyToUndefined, z.string().default("demo@localhost")),
    /** Overrides of the default retailer demo (issue #6): company email domain and app download pages. */
    DEMO_EMAIL_DOMAIN: optionalString,
    DEMO_ANDROID_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    DEMO_IOS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    INITIAL_ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    EVENTS_PASSWORD: z.preprocess(emptyToUndefined, z.string().default("events-demo")),
    CHANNEL_PARTNER_PASSWORD: z.preprocess(emptyToUndefined, z.string().default("partner-demo")),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString,
    S3_REGION: optionalString,
    /** Path-style S3 URLs (MinIO, Ceph); unset: path style exactly when S3_ENDPOINT is set (ADR 0050). */
    S3_FORCE_PATH_STYLE: booleanField,
    /** An S3 connection silent this long fails its request, in ms (ADR 0050). */
    S3_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(10).max(600_000).default(S3_IDLE_TIMEOUT_MS),
    ),
    /** S3 credentials (issue #3), the AWS SDKs' standard variable names; used only with S3_BUCKET. */
    AWS_ACCESS_KEY_ID: optionalString,
    AWS_SECRET_ACCESS_KEY: optionalString,
    AWS_SESSION_TOKEN: optionalString,
    REDIS_URL: optionalString,
    TRUST_PROXY: trustProxyField,
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    /** Built client to serve (index.html and assets); unset or missing: API only. */
    CLIENT_DIR: z.preprocess(emptyToUndefined, z.string().default("build/client")),
    /** First retry delay of the email outbox in ms; doubles per attempt (see mail/outbox.ts). */
    OUTBOX_RETRY_BASE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).default(5000)),
    /**
     * Days the files of a decided background check are kept after the decision; 0 keeps them
     * (no purge). ADR 0058.
     */
    DOCUMENT_RETENTION_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(36_500).default(DOCUMENT_RETENTION_DAYS_DEFAULT),
    ),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: trimSlashes(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
  }));

export type AppConfig = z.infer<typeof configSchema>;

/**
 * Parses configuration from an environment-like record.
 * @param env usually `process.env`
 * @returns the typed configuration with defaults applied
 * @throws Error whose message lists every invalid variable, one per line
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * The `trustProxy` option for Fastify from {@link AppConfig.TRUST_PROXY}: `false` (the socket
 * address is the client), a function trusting the first `n` hops (Fastify 5 ignores a bare number
 * as a fail-safe, so the count is given as a function, like Express's), or the address list.
 */
export function trustProxyOption(
  value: AppConfig["TRUST_PROXY"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === "number") {
    const hops = value;
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  return value;
}
