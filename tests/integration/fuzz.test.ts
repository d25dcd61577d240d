import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERROR_CODE_LIST } from "../../src/common/api/errors";
import { buildApp } from "../../src/server/app";
import { createSession } from "../../src/server/auth/sessions";
import { type AppConfig, loadConfig } from "../../src/server/config";
import { createDb } from "../../src/server/db/database";
import { backgroundChecks, users } from "../../src/server/db/schema";
import { isApiPath } from "../../src/server/http/api-path";
import { createCompanyRow } from "../support/actors";
import { sessionCookieHeader } from "../support/cookies";
import { ContractCheck } from "./support/contract";
import { oneBackend, testBackends } from "./support/database";
import { resetDatabase, useTestDatabase } from "./support/fixture";

/**
 * Property-based fuzzing of every operation of the OpenAPI document (ADR 0013): hostile
 * path parameters, query strings and bodies (random JSON, wrong types, strings up to 100 KB,
 * NUL and other control characters, huge, negative and fractional ids, invalid JSON, garbage
 * content types), with no session, an admin session or a forged cookie. Every answer must be
 * below 500, every `/api` error must be `{error, code}` with string values and a registry code
 * (common/api/errors.ts, ADR 0026), and every request
 * must be answered within 5 s. The default run covers every operation with FUZZ_RUNS cases
 * (default 100) on one backend (PostgreSQL when TEST_DATABASE_URL is set, else PGlite; the other
 * is reported as skipped); FUZZ_BACKENDS=all runs it on every backend, and `npm run test:deep`
 * runs 2,000 cases per operation on both (ADR 0043). FUZZ_SEED replays a run; FUZZ_STATS=1
 * prints how many answers each operation got per status (to see that handlers, not only
 * validation, are reached). Every answer must also be one the OpenAPI document lists for the
 * operation, with a body its schema allows (ADR 0054). Requests go through `app.inject`, each from its own client IP so
 * per-IP rate limits do not hide the handlers behind 429s.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** The backends fuzzed: all with FUZZ_BACKENDS=all, else the last configured one (oneBackend()). */
const FUZZED = new Set(
  (process.env.FUZZ_BACKENDS === "all" ? testBackends() : oneBackend()).map((b) => b.name),
);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const ANSWER_WITHIN_MS = 5000;
/** Admin sessions to spread session-keyed limits (60 invitations per 15 min and session) over. */
const ADMIN_SESSIONS = 8;

interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/api/background-checks/{id}` or `/{*}`. */
  path: string;
  parameters: Array<{ in: string; name: string; schema?: JsonSchema }>;
  body: JsonSchema | undefined;
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  const?: unknown;
  default?: unknown;
}

/** Test configuration: silent logs, emails to the log transport, the SPA served from `clientDir`. */
function fuzzConfig(dataDir: string, clientDir: string): AppConfig {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    // The browser app's build alone (ADR 0064); a static site built in the work tree is not this test's.
    SITE_DIR: path.join(dataDir, "no-site"),
    PUBLIC_URL: "http://aisleiq.test",
    OUTBOX_RETRY_BASE_MS: "50",
    EVENTS_PASSWORD: "events-secret",
    CHANNEL_PARTNER_PASSWORD: "partner-secret",
    METRICS_TOKEN: FUZZ_METRICS_TOKEN,
  });
}

/** Enables `GET /metrics`; half of its cases carry it, so the fuzzer reaches the scrape as well as the 401. */
const FUZZ_METRICS_TOKEN = "fuzz-metrics-token-0123456789";

/** A throw-away DATA_DIR with a minimal built client (so the SPA routes are in the document). */
async function makeDirs(): Promise<{ dataDir: string; clientDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "aisleiq-fuzz-"));
  const clientDir = path.join(dataDir, "client");
  await mkdir(clientDir, { recursive: true });
  await writeFile(path.join(clientDir, "index.html"), "<!doctype html><title>AisleIQ</title>");
  return { dataDir, clientDir };
}

/** Every operation of the app's OpenAPI document, read once from an app on a throw-away PGlite. */
async function documentOperations(): Promise<Operation[]> {
  const dirs = await makeDirs();
  const handle = await createDb({});
  // It answers no request; checked all the same, as every app the tests build (ADR 0054).
  const contract = new ContractCheck();
  const app = await buildApp(fuzzConfig(dirs.dataDir, dirs.clientDir), {
    dbHandle: handle,
    onReply: contract.observe,
  });
  try {
    await app.ready();
    const document = app.swagger() as {
      paths: Record<string, Record<string, { parameters?: Operation["parameters"]; requestBody?: unknown }>>;
    };
    const operations: Operation[] = [];
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const body = (
          operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
        )?.content?.["application/json"]?.schema;
        operations.push({
          method: method.toUpperCase(),
          path: route,
          parameters: operation.parameters ?? [],
          body,
        });
      }
    }
    // The page route serves the client and is hidden from the API document; fuzz it all the same.
    if (!operations.some((operation) => operation.path === "/{*}")) {
      operations.push({ method: "GET", path: "/{*}", parameters: [], body: undefined });
    }
    return operations;
  } finally {
    await app.close();
    await handle.close();
    await rm(dirs.dataDir, { recursive: true, force: true });
  }
}

const OPERATIONS = await documentOperations();

// --- Hostile values -------------------------------------------------------------------------

/** Strings of 256 characters to 100 KB built from units that upset regexes and databases. */
const hugeText = fc
  .tuple(
    fc.constantFrom("a.", "@", " ", "a", "\u0000", "é", "/", "1", "<", "a@", "\\", '"', "%", "😀"),
    fc.integer({ min: 256, max: 100_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** Short strings rich in C0 controls, DEL, quotes, lone surrogates and SQL/LIKE metacharacters. */
const nastyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\u0000", "\u0001", "\u0008", "\u001b", "\u001f", "\t", "\n", "\r", "\u007f", "\ud800"),
    fc.constantFrom("%", "_", "\\", "'", '"', "@", ".", " ", "<", "&", "=", "+"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

/** Numbers ids and counts must survive: beyond int4, beyond 2^53, negative, fractional, huge. */
const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1.5,
    -0.5,
    2_147_483_647,
    2_147_483_648,
    2 ** 53 - 1,
    2 ** 53 + 2,
    1e21,
    1e308,
    -1e308,
  ),
  fc.double(),
  fc.integer(),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hugeText,
  nastyText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyText, { maxLength: 5 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 4 }),
);

/** Percent-encodes every byte of the UTF-8 form (unlike encodeURIComponent, never throws on lone surrogates). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
}

/** Path or query text: raw (possibly malformed percent escapes) or percent-encoded hostile values. */
const hostileUrlText = fc.oneof(
  fc.constantFrom(
    "2147483648",
    "9007199254740993",
    "-1",
    "0",
    "1.5",
    "1e400",
    "NaN",
    "0x10",
    "%00",
    "%",
    "%zz",
    "%E0%A4%A",
    "%C0%AF",
    "..%2F..%2Fetc%2Fpasswd",
    "a%0Ab",
    "%20",
  ),
  nastyText.map(percentEncode),
  fc.integer({ min: 1, max: 4000 }).map((length) => "9".repeat(length)),
  hugeText.map((text) => percentEncode(text.slice(0, 3000))),
);

// --- Plausible values from the document's schemas ------------------------------------------------

const BASE64URL = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"];

/** Values that pass (or nearly pass) `schema`, so the fuzzer also reaches handlers and the database. */
function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  const options: Array<fc.Arbitrary<unknown>> = [];
  if (schema.nullable) options.push(fc.constant(null));
  if (schema.enum) options.push(fc.constantFrom(...schema.enum));
  else if (schema.anyOf ?? schema.oneOf) {
    options.push(...(schema.anyOf ?? schema.oneOf ?? []).map((inner) => plausible(inner, depth + 1)));
  } else {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? "string"];
    for (const type of types) {
      if (type === "null") options.push(fc.constant(null));
      else if (type === "integer" || type === "number") options.push(fc.integer({ min: 1, max: 4 }));
      else if (type === "boolean") options.push(fc.boolean());
      else if (type === "array") options.push(fc.array(plausible(schema.items, depth + 1), { maxLength: 3 }));
      else if (type === "object") options.push(plausibleObject(schema, depth));
      else options.push(plausibleString(schema));
    }
  }
  return options.length === 1 ? (options[0] as fc.Arbitrary<unknown>) : fc.oneof(...options);
}

/**
 * Date-times at and past the edges of the API's bounded date type (1970–9999, ADR 0077) and of
 * what JavaScript and PostgreSQL hold: year 0000 (PostgreSQL has none), a five-digit and an
 * expanded year, a negative year, the last instant JavaScript holds and one past it.
 */
const EDGE_DATES = [
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "1969-12-31T23:59:59.999Z",
  "1970-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999Z",
  "10000-01-01T00:00:00Z",
  "+010000-01-01T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "-0001-01-01T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  "+275760-09-13T00:00:00.001Z",
  "294277-01-01T00:00:00Z",
];

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "date-time") {
    return fc.oneof(
      fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString()),
      fc.constantFrom(...EDGE_DATES),
    );
  }
  if (schema.pattern?.includes("{43}")) {
    return fc.string({ unit: fc.constantFrom(...BASE64URL), minLength: 43, maxLength: 43 });
  }
  return fc.oneof(
    fc.emailAddress(),
    fc.constantFrom("rosa.parker@schnucks.com", "ada@example.com", "+1 314 555 0100", "schnucks", "Optimal"),
    fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 40) }),
  );
}

function plausibleObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, inner]) => [
      name,
      fc.oneof({ weight: 5, arbitrary: plausible(inner, depth + 1) }, { weight: 1, arbitrary: hostileValue }),
    ]),
  );
  return fc.record(properties, { requiredKeys: [] });
}

// --- Requests --------------------------------------------------------------------------------

interface FuzzRequest {
  url: string;
  contentType: string | undefined;
  payload: string | undefined;
  cookie: "none" | "admin" | "forged";
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=----x",
  "application/octet-stream",
  "application/xml",
  "json",
  "*/*",
];

/** Bodies that are not JSON at all, or JSON meant to hurt the parser. */
const garbagePayload = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    "{",
    "[1,",
    '{"a":',
    "nul",
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{}}}',
  ),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  // Multipart for "multipart/form-data; boundary=----x": complete, with an empty file part, truncated.
  fc.constantFrom(
    `------x\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nAda\r\n------x--\r\n`,
    `------x\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nAda\r\n------x\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@example.com\r\n------x\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n\r\n------x--\r\n`,
    `------x\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%`,
    `------x\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nA\u0000da\r\n------x--\r\n`,
  ),
);

function pathFor(operation: Operation): fc.Arbitrary<string> {
  if (operation.path === "/{*}") {
    return fc
      .oneof(
        fc.array(fc.oneof(hostileUrlText, fc.constantFrom("", "..", ".", "api", "verify", "x.js")), {
          maxLength: 4,
        }),
      )
      .map((segments) => `/${segments.join("/")}`);
  }
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const values = names.map((name) => {
    const schema = operation.parameters.find((p) => p.in === "path" && p.name === name)?.schema;
    return fc.oneof(
      { weight: 2, arbitrary: plausible(schema).map((value) => percentEncode(String(value))) },
      { weight: 1, arbitrary: hostileUrlText },
    );
  });
  return fc.tuple(...values).map((parts) => {
    let url = operation.path;
    names.forEach((name, index) => {
      url = url.replace(`{${name}}`, parts[index] === "" ? "x" : (parts[index] as string));
    });
    return url;
  });
}

function queryFor(operation: Operation): fc.Arbitrary<string> {
  const declared = operation.parameters.filter((p) => p.in === "query");
  const pairs = fc.array(
    fc.oneof(
      ...(declared.length > 0
        ? [
            // Each declared parameter with a value from its own schema (a date for a date-time).
            fc.constantFrom(...declared).chain((param) =>
              fc
                .oneof(
                  plausible(param.schema).map((v) => percentEncode(String(v))),
                  hostileUrlText,
                )
                .map((value) => `${param.name}=${value}`),
            ),
          ]
        : []),
      fc
        .tuple(
          fc.constantFrom("q", "limit", "offset", "format", "page", "__proto__", "a[b]", "x"),
          hostileUrlText,
        )
        .map(([name, value]) => `${name}=${value}`),
    ),
    { maxLength: 4 },
  );
  return pairs.map((list) => (list.length > 0 ? `?${list.join("&")}` : ""));
}

function payloadFor(operation: Operation): fc.Arbitrary<{ contentType?: string; payload?: string }> {
  const json = operation.body
    ? fc.oneof({ weight: 3, arbitrary: plausible(operation.body) }, { weight: 1, arbitrary: hostileValue })
    : hostileValue;
  const asJson = json.map((value) => ({
    contentType: "application/json",
    payload: JSON.stringify(value) ?? "null",
  }));
  const odd = fc
    .tuple(
      fc.constantFrom(...CONTENT_TYPES),
      fc.oneof(
        garbagePayload,
        json.map((value) => JSON.stringify(value) ?? ""),
      ),
    )
    .map(([contentType, payload]) => ({ contentType, payload }));
  const none = fc.constant({});
  return operation.method === "GET" || operation.method === "DELETE"
    ? fc.oneof({ weight: 4, arbitrary: none }, { weight: 1, arbitrary: odd })
    : fc.oneof(
        { weight: 5, arbitrary: asJson },
        { weight: 2, arbitrary: odd },
        { weight: 1, arbitrary: none },
      );
}

function requestsFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  // A valid session ended by logout would turn every later admin case into a 401.
  const cookies =
    operation.path === "/api/auth/logout"
      ? fc.constantFrom("none" as const, "forged" as const)
      : fc.constantFrom("none" as const, "admin" as const, "admin" as const, "forged" as const);
  return fc
    .tuple(pathFor(operation), queryFor(operation), payloadFor(operation), cookies)
    .map(([pathname, query, body, cookie]) => ({
      url: `${pathname}${query}`,
      contentType: body.contentType,
      payload: body.payload,
      cookie,
    }));
}

/** A short, printable description of a request for failure messages. */
function describeRequest(method: string, request: FuzzRequest): string {
  const payload = request.payload === undefined ? "" : JSON.stringify(request.payload.slice(0, 300));
  return `${method} ${request.url.slice(0, 300)} [${request.contentType ?? "no body"}, ${request.cookie} cookie, ${
    request.payload?.length ?? 0
  } chars] ${payload}`;
}

// The backend not fuzzed by default shows the real tests as skipped (FUZZ_BACKENDS=all, i.e.
// `npm run test:deep`, runs them); hooks of a skipped suite never run, so it opens no database.
for (const backend of testBackends()) {
  describe.skipIf(!FUZZED.has(backend.name))(`OpenAPI fuzz on ${backend.name}`, () => {
    const database = useTestDatabase(backend);
    const contract = new ContractCheck();
    let app: FastifyInstance;
    let dataDir = "";
    let adminCookies: string[] = [];
    let sequence = 0;
    /** With FUZZ_STATS set: answers per operation and status, printed at the end. */
    const statusCounts = new Map<string, number>();

    beforeAll(async () => {
      await resetDatabase(database.db);
      const dirs = await makeDirs();
      dataDir = dirs.dataDir;
      app = await buildApp(fuzzConfig(dirs.dataDir, dirs.clientDir), {
        dbHandle: database.handle,
        onReply: contract.observe,
      });
      await app.ready();
      await createCompanyRow(database.db, "Fuzz Foods");
      await createCompanyRow(database.db, "Other Foods");
    }, 60_000);

    /**
     * Before each operation: an active admin with fresh sessions, and a member with three checks.
     * Earlier operations may have deleted, deactivated or demoted them (user management), which
     * would leave later operations nothing but 401s and 404s.
     */
    beforeEach(async () => {
      const person = async (email: string, role: "admin" | "user") => {
        const [row] = await database.db
          .insert(users)
          .values({
            email,
            fullName: email.split("@")[0] as string,
            role,
            companyId: role === "user" ? 1 : null,
          })
          .onConflictDoUpdate({ target: users.email, set: { role, isActive: true } })
          .returning();
        if (!row) throw new Error(`seed user ${email} missing`);
        return row;
      };
      const admin = await person("fuzz-admin@example.com", "admin");
      const member = await person("member@example.com", "user");
      const existing = await database.db
        .select({ id: backgroundChecks.id })
        .from(backgroundChecks)
        .where(eq(backgroundChecks.userId, member.id));
      if (existing.length < 3) {
        await database.db.insert(backgroundChecks).values(
          Array.from({ length: 3 - existing.length }, () => ({
            userId: member.id,
            fullName: "Member",
            email: member.email,
            status: "pending" as const,
          })),
        );
      }
      adminCookies = [];
      for (let i = 0; i < ADMIN_SESSIONS; i++) {
        const session = await createSession(database.db, admin.id);
        adminCookies.push(sessionCookieHeader(session.token));
      }
    });

    afterAll(async () => {
      if (process.env.FUZZ_STATS) console.log([...statusCounts].map(([key, n]) => `${key}: ${n}`).join("\n"));
      await app?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    /** Sends one request and checks the contract of its answer; throws to report a failure. */
    async function check(operation: Operation, request: FuzzRequest): Promise<void> {
      sequence++;
      const headers: Record<string, string> = {};
      if (request.contentType !== undefined) headers["content-type"] = request.contentType;
      if (request.cookie === "admin") headers.cookie = adminCookies[sequence % adminCookies.length] as string;
      if (request.cookie === "forged") headers.cookie = `${sessionCookieHeader("forged%00value")}; other=1`;
      if (operation.path === "/metrics" && sequence % 2 === 0)
        headers.authorization = `Bearer ${FUZZ_METRICS_TOKEN}`;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)),
          ANSWER_WITHIN_MS,
        );
      });
      const response = await Promise.race([
        app.inject({
          method: operation.method as "GET",
          url: request.url,
          headers,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
          // A client IP per request: per-IP limits would otherwise answer 429 before any handler.
          remoteAddress: `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
        }),
        timeout,
      ]).finally(() => clearTimeout(timer));
      if (process.env.FUZZ_STATS) {
        const key = `${operation.method} ${operation.path} ${response.statusCode}`;
        statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
      }
      const where = `${describeRequest(operation.method, request)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      // The path the server sees: `inject` resolves dot segments the way a URL parser does, so
      // "/api/x/../../y" arrives as "/y" (a page path) and "/api/../../api" as "/api".
      // (The origin is prefixed, not passed as a base, so "//x" stays a path and not a host.)
      const seenPath = URL.canParse(`http://fuzz.test${request.url}`)
        ? new URL(`http://fuzz.test${request.url}`).pathname
        : (request.url.split("?")[0] ?? request.url);
      if (isApiPath(seenPath) && response.statusCode >= 400) {
        let body: unknown;
        try {
          body = response.json();
        } catch {
          body = undefined;
        }
        expect(body, where).toMatchObject({ error: expect.any(String), code: expect.any(String) });
        expect(ERROR_CODE_LIST, `${where}: a registry code`).toContain((body as { code: string }).code);
      }
      // Every answer is one the document lists for the operation, with a body its schema allows.
      expect(contract.take(), where).toEqual([]);
    }

    it("covers every route of the document, and the hidden page route", () => {
      const routes = OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
      expect(routes).toContain("POST /api/auth/send-magic-link");
      expect(routes).toContain("GET /api/background-checks/{id}/files/{fileId}");
      expect(routes).toContain("GET /{*}");
      expect(routes.length).toBeGreaterThanOrEqual(30);
    });

    it("refuses every edge date in every date-time input of the document with a 400", async () => {
      const inputs: Array<{ operation: Operation; where: "query" | "body"; name: string }> = [];
      for (const operation of OPERATIONS) {
        for (const param of operation.parameters) {
          if (param.in === "query" && param.schema?.format === "date-time")
            inputs.push({ operation, where: "query", name: param.name });
        }
        for (const [name, property] of Object.entries(operation.body?.properties ?? {})) {
          if (property.format === "date-time") inputs.push({ operation, where: "body", name });
        }
      }
      const names = inputs.map(
        ({ operation, where, name }) => `${operation.method} ${operation.path} ${where} ${name}`,
      );
      expect(names).toEqual(
        expect.arrayContaining([
          "GET /api/admin/users/audit query from",
          "GET /api/admin/users/audit query to",
          "POST /api/demo-registrations/{slug} body timestamp",
        ]),
      );
      const outside = EDGE_DATES.filter((date) => !/^19[7-9]\d|^[2-9]\d{3}-/.test(date));
      for (const { operation, where, name } of inputs) {
        for (const date of outside) {
          sequence++;
          const pathname = operation.path.replace(/\{[^}]+\}/g, "schnucks");
          const response = await app.inject({
            method: operation.method as "GET",
            url: where === "query" ? `${pathname}?${name}=${encodeURIComponent(date)}` : pathname,
            headers: {
              cookie: adminCookies[0] as string,
              ...(where === "body" ? { "content-type": "application/json" } : {}),
            },
            ...(where === "body" ? { payload: JSON.stringify({ [name]: date }) } : {}),
            remoteAddress: `10.200.${(sequence >> 8) & 255}.${sequence & 255}`,
          });
          const label = `${operation.method} ${operation.path} ${where} ${name}=${date} → ${response.body}`;
          expect(response.statusCode, label).toBe(400);
          // A query filter alone is the field at fault; a body has other required fields too.
          if (where === "query") expect(response.json(), label).toMatchObject({ field: name });
        }
      }
      expect(contract.take()).toEqual([]);
    });

    for (const operation of OPERATIONS) {
      it(
        `${operation.method} ${operation.path}: no 5xx, {error, code} on /api errors, answers within 5 s`,
        async () => {
          await fc.assert(
            fc.asyncProperty(requestsFor(operation), (request) => check(operation, request)),
            { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
          );
        },
        Math.max(120_000, RUNS * 600),
      );
    }
  });
}
