import type {
  DemoRegistrationBody,
  DemoRegistrationResponse,
  RetailerDemoSettings,
} from "@common/api/demo-registrations";
import { REGISTRATION_TIMEOUT_MS } from "@common/limits";
import { DEFAULT_DEMO_SLUG, type RetailerDemo } from "@common/retailer-demos";
import { useEffect, useState } from "react";
import { ApiError, apiRequest, serverErrorMessage } from "~/lib/api";

/**
 * The registration endpoint of a demo: the fixed `POST /api/send-schnucks-demo-email` for the
 * default demo (docs/product.md#7-api), `POST /api/demo-registrations/:slug` for any other.
 */
export function registrationPath(slug: string): string {
  return slug === DEFAULT_DEMO_SLUG
    ? "/api/send-schnucks-demo-email"
    : `/api/demo-registrations/${encodeURIComponent(slug)}`;
}

/** How a registration attempt ended (docs/product.md#8-messages). */
export type SubmitOutcome =
  | { kind: "ok"; response: DemoRegistrationResponse }
  /** The server answered with an error; `message` is its code's message in the page's language (lib/api.ts). */
  | { kind: "server"; status: number; message: string | null }
  /** No answer within {@link REGISTRATION_TIMEOUT_MS}. */
  | { kind: "timeout" }
  /** The request never reached the server ("Failed to fetch" / "Network Error"). */
  | { kind: "network" }
  | { kind: "unknown" };

/**
 * Sends one registration and classifies the result; never throws. The request is aborted after
 * {@link REGISTRATION_TIMEOUT_MS} (docs/product.md#7-api, #9-constants).
 * @param timeoutMs override for tests
 */
export async function submitRegistration(
  slug: string,
  body: DemoRegistrationBody,
  timeoutMs = REGISTRATION_TIMEOUT_MS,
): Promise<SubmitOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), timeoutMs);
  try {
    const response = await apiRequest<DemoRegistrationResponse>("POST", registrationPath(slug), body, {
      signal: controller.signal,
    });
    return { kind: "ok", response };
  } catch (error) {
    if (controller.signal.aborted) return { kind: "timeout" };
    if (error instanceof ApiError) {
      return { kind: "server", status: error.status, message: serverErrorMessage(error.body) };
    }
    if (isNetworkError(error)) return { kind: "network" };
    return { kind: "unknown" };
  } finally {
    clearTimeout(timer);
  }
}

/** True for the browsers' "could not reach the server" failures: a TypeError from fetch. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error instanceof TypeError ||
    /Failed to fetch|Network ?Error|NetworkError|Load failed/i.test(error.message)
  );
}

/** One answer per demo for the browser session (docs/product.md#9-constants: data never stale); failures are not kept. */
const settingsRequests = new Map<string, Promise<RetailerDemoSettings>>();

/** `GET /api/retailer-demos/:slug`, asked once per demo for the session; a failed request is asked again next time. */
function fetchRetailerDemoSettings(slug: string): Promise<RetailerDemoSettings> {
  let request = settingsRequests.get(slug);
  if (!request) {
    request = apiRequest<RetailerDemoSettings>("GET", `/api/retailer-demos/${encodeURIComponent(slug)}`);
    settingsRequests.set(slug, request);
    request.catch(() => settingsRequests.delete(slug));
  }
  return request;
}

/**
 * The demo's settings as this server has them (an operator may override the company domain and
 * download pages). Until the answer arrives, or when the server is unreachable, the values
 * built into the page are used. A plain request rather than TanStack Query: this public page
 * fetches nothing else, and the library stays off its startup path (ADR 0023).
 */
export function useRetailerDemoSettings(demo: RetailerDemo): RetailerDemoSettings {
  const [fetched, setFetched] = useState<{ slug: string; settings: RetailerDemoSettings } | null>(null);
  useEffect(() => {
    let current = true;
    fetchRetailerDemoSettings(demo.slug).then(
      (settings) => {
        if (current) setFetched({ slug: demo.slug, settings });
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [demo.slug]);
  if (fetched?.slug === demo.slug) return fetched.settings;
  return { slug: demo.slug, emailDomain: demo.emailDomain, androidUrl: demo.androidUrl, iosUrl: demo.iosUrl };
}
