// `npm run storage:smoke`: checks the file storage the configuration selects (ADR 0050), with the
// server's own code and configuration (the environment, and `.env` when present): uploads one
// small object, reads it back and compares the bytes and the content type, deletes it and checks
// it is gone. With S3_BUCKET set this is the operator's test of an S3-compatible service (AWS S3,
// R2, B2, MinIO, Ceph…) and its credentials; without it, of DATA_DIR/uploads. Prints one line per
// step and exits 1 at the first failure, naming S3's error code (never a credential).
import "dotenv/config";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { loadConfig } from "../src/server/config";
import { StoredObjectMissingError, uncertainKeyOf } from "../src/server/files/objects";
import { S3StorageError } from "../src/server/files/s3";
import { createStorage } from "../src/server/files/storage";

/** A real one-page PDF (the storage keeps any bytes; a PDF is what the portal stores). */
function smokePdf(): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n% AisleIQ storage smoke test ${randomBytes(8).toString("hex")}\n%%EOF\n`,
  );
}

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await run();
    console.log(`ok    ${name} (${(performance.now() - started).toFixed(0)} ms)`);
    return result;
  } catch (error) {
    console.error(`FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = {
    warn: (object: object, message: string) => console.warn(message, JSON.stringify(object)),
    error: (object: object, message: string) => console.error(message, JSON.stringify(object)),
  };
  const storage = createStorage(config, log);
  const where = config.S3_BUCKET
    ? `S3 bucket ${config.S3_BUCKET} at ${config.S3_ENDPOINT ?? "AWS"} (region ${config.S3_REGION ?? "us-east-1"}, ` +
      `${(config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT)) ? "path-style" : "virtual-hosted"} URLs, ` +
      `${config.AWS_ACCESS_KEY_ID ? "keys from AWS_ACCESS_KEY_ID" : "the SDK's default credential chain"})`
    : `local disk under ${config.DATA_DIR}/uploads`;
  console.log(`storage: ${where}`);
  const data = smokePdf();
  let key: string | undefined;
  try {
    key = (
      await step(`upload ${data.length} bytes`, () =>
        storage.put(Readable.from([data]), "pdf", { contentType: "application/pdf" }),
      )
    ).key;
    const stored = key;
    await step(`read ${stored} back`, async () => {
      const object = await storage.get(stored);
      const chunks: Buffer[] = [];
      for await (const chunk of object.stream) chunks.push(chunk as Buffer);
      if (!Buffer.concat(chunks).equals(data))
        throw new Error("the bytes read differ from the bytes written");
      if (object.contentType !== "application/pdf") {
        throw new Error(`stored content type is ${object.contentType}, not application/pdf`);
      }
    });
    await step(`delete ${stored}`, () => storage.delete(stored));
    key = undefined;
    await step("check it is gone", async () => {
      const error = await storage.get(stored).then(
        () => new Error("the object can still be read after its delete"),
        (failure: unknown) => failure,
      );
      if (error instanceof StoredObjectMissingError) return;
      // AWS answers 403 instead of 404 for a missing key when the keys lack s3:ListBucket.
      if (error instanceof S3StorageError && error.httpStatus === 403) {
        console.log("      (403 for the deleted key: these credentials may not list the bucket)");
        return;
      }
      throw error;
    });
    console.log("storage smoke test passed");
  } catch (error) {
    process.exitCode = 1;
    // An upload that got no answer may have stored the object all the same (ADR 0078).
    key ??= uncertainKeyOf(error);
    if (key) await storage.delete(key).catch(() => {});
  } finally {
    storage.close?.();
  }
}

await main();
