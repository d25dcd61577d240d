import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";
import { thirdPartyHosts } from "../../common/site-config";

/**
 * The security headers every response carries, computed ONCE at start-up with helmet (a kept
 * library) and then copied onto each reply: helmet's middleware rebuilds the CSP string on every
 * request, which showed in the `GET /api/auth/me` profile (issue #13).
 * @param options.publicUrl an `https://` URL turns on HSTS and `upgrade-insecure-requests`
 * @param options.scriptHashes `'sha256-…'` sources of the built HTML's inline scripts
 * @returns header name → value, lower-case names
 */
export function securityHeaders(options: {
  publicUrl: string;
  scriptHashes: readonly string[];
}): Record<string, string> {
  const https = options.publicUrl.startsWith("https://");
  const config: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptHashes, ...thirdPartyHosts().scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...thirdPartyHosts().connectSrc],
        mediaSrc: ["'self'"],
        frameSrc: thirdPartyHosts().frameSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(config)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
