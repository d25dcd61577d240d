// Types for the parts of @20minutes/s3rver (a CommonJS package without its own) that
// tests/support/s3rver.ts uses.
declare module "@20minutes/s3rver" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface S3rverOptions {
    /** No log lines (Winston console transport and Koa's error printing). */
    silent?: boolean;
    /** Where buckets and objects are kept. */
    directory?: string;
    /** Buckets created by `configureBuckets()` (or `run()`). */
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    /** Accept requests whose signature does not match (default false: 403). */
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    address?: string;
    port?: number;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    /** Creates the configured buckets in the store. */
    configureBuckets(): Promise<void>;
    /** The Koa request handler, for a server of one's own. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    logger: { close(): void };
  }

  export default S3rver;
}
