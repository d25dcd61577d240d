import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Checks every reply the app sends against its own OpenAPI document (ADR 0054): the status must
 * be listed for the operation the router matched, the Content-Type must be one the document
 * gives for that status, and a JSON body must match its schema. Installed through
 * `buildApp(config, { onReply: check.observe })`, so every reply of every test is checked,
 * whichever way the test sent the request (fetch, `app.inject`, a raw socket). Requests no
 * documented route matched (unknown paths, pages, the API reference) are not checked.
 *
 * Validators are compiled once per schema per process (one Ajv for the worker).
 */
export class ContractCheck {
  /** Problems found since the last {@link take}, one line each. */
  private found: string[] = [];
  /** Replies checked so far (a test can assert the check ran). */
  checked = 0;

  /** The `onReply` hook for `buildApp`. */
  readonly observe = (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
    try {
      const problem = checkReply(request, reply, payload);
      if (problem === undefined) return;
      this.checked++;
      if (problem) this.found.push(problem);
    } catch (error) {
      this.found.push(`${request.method} ${request.url}: the contract check failed: ${String(error)}`);
    }
  };

  /** The problems found since the last call, emptying the list. */
  take(): string[] {
    const found = this.found;
    this.found = [];
    return found;
  }

  /** @throws an Error listing the problems found since the last call, if any */
  assertClean(): void {
    const found = this.take();
    if (found.length > 0) {
      throw new Error(`reply not described by the OpenAPI document:\n${found.join("\n")}`);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON read field by field
type Json = any;

const ajv = new Ajv({ strict: false, allErrors: false, formats: { binary: true } });
addFormats(ajv);
/** One compiled validator per distinct schema, for the whole worker process. */
const bySchema = new Map<string, ValidateFunction>();
/** Per document: `METHOD path status media` → validator. */
const byDocument = new WeakMap<object, Map<string, ValidateFunction>>();

function validatorFor(document: object, key: string, schema: Json): ValidateFunction {
  let cache = byDocument.get(document);
  if (!cache) {
    cache = new Map();
    byDocument.set(document, cache);
  }
  let validate = cache.get(key);
  if (!validate) {
    const text = JSON.stringify(inlineRefs(document, schema));
    validate = bySchema.get(text) ?? ajv.compile(JSON.parse(text));
    bySchema.set(text, validate);
    cache.set(key, validate);
  }
  return validate;
}

/** `schema` with every `#/components/schemas/…` reference replaced by the component it names. */
function inlineRefs(document: Json, schema: Json): Json {
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(document, item));
  if (schema === null || typeof schema !== "object") return schema;
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    return inlineRefs(document, document.components.schemas[ref.slice("#/components/schemas/".length)]);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([name, value]) => [name, inlineRefs(document, value)]),
  );
}

/** `/api/a/:id/files/:fileId` → `/api/a/{id}/files/{fileId}` (OpenAPI path templating). */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/**
 * The problem with one reply: `""` when it matches the document, `undefined` when the document
 * does not cover it (no documented route matched, or a HEAD request).
 */
function checkReply(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | undefined {
  const url = request.routeOptions?.url;
  if (!url || request.is404 || request.method === "HEAD") return undefined;
  const document = (request.server as FastifyInstance).swagger() as Json;
  const pathName = openApiPath(url);
  const operation = document.paths?.[pathName]?.[request.method.toLowerCase()];
  if (!operation) return undefined;
  const name = `${request.method} ${pathName} → ${reply.statusCode}`;
  const status = String(reply.statusCode);
  const response = operation.responses?.[status] ?? operation.responses?.default;
  if (!response) {
    return `${name}: status not listed (documented: ${Object.keys(operation.responses ?? {}).join(", ")})`;
  }
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  const empty = payload === null || payload === undefined || payload === "";
  if (!content) return empty ? "" : `${name}: a body where the document says none`;
  if (empty) return `${name}: no body where the document gives one`;
  const media = String(reply.getHeader("content-type") ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  const documented = media ? content[media] : undefined;
  if (!media || !documented) {
    return `${name}: Content-Type ${media || "(none)"} not documented (${Object.keys(content).join(", ")})`;
  }
  if (media !== "application/json" || !documented.schema) return "";
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return "";
  const body = JSON.parse(payload.toString());
  const validate = validatorFor(
    document,
    `${request.method} ${pathName} ${status} ${media}`,
    documented.schema,
  );
  if (validate(body)) return "";
  const errors = (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
  return `${name}: body does not match its schema (${errors.join("; ")}): ${payload.toString().slice(0, 300)}`;
}
