import Bowser from "bowser";
import type { DeviceType } from "../../common/api/sessions";

/** What a User-Agent says about the browser behind a session, for people to recognise it. */
export interface DeviceDescription {
  /** "Chrome 130", "Safari 17.5"; null when the User-Agent names no browser we know. */
  browser: string | null;
  /** "macOS", "Windows 10", "iOS 17", "Android 14"; null when unknown. */
  os: string | null;
  deviceType: DeviceType;
}

const UNKNOWN: DeviceDescription = { browser: null, os: null, deviceType: "other" };

/** The major version of "130.0.6723.58" ("130"); Safari's "17.5" stays as it is. */
function majorVersion(version: string | undefined): string {
  if (!version) return "";
  const [major, minor] = version.split(".");
  return minor !== undefined && Number(major) < 30 ? `${major}.${minor}` : (major ?? "");
}

/**
 * Reads browser, operating system and device kind from a User-Agent with Bowser (a kept
 * library, not our own patterns). macOS is named without a version: browsers freeze it at
 * 10.15.7 whatever the real one is; Windows by its marketing name ("10" for NT 10.0).
 * @param userAgent the header as stored (null when the browser sent none)
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return UNKNOWN;
  const parsed = Bowser.parse(userAgent);
  const browserName = parsed.browser.name?.trim();
  const browser = browserName ? `${browserName} ${majorVersion(parsed.browser.version)}`.trim() : null;
  const osName = parsed.os.name?.trim();
  let os: string | null = null;
  if (osName === "macOS") os = "macOS";
  else if (osName === "Windows") os = parsed.os.versionName ? `Windows ${parsed.os.versionName}` : "Windows";
  else if (osName) os = `${osName} ${majorVersion(parsed.os.version)}`.trim();
  const type = parsed.platform.type;
  const deviceType: DeviceType =
    type === "desktop" || type === "mobile" || type === "tablet" ? type : browser ? "desktop" : "other";
  return { browser, os, deviceType };
}

/** Labels already worked out, by User-Agent: an export repeats a handful of them thousands of times. */
const labels = new Map<string, string | null>();
const LABEL_CACHE_SIZE = 500;

/** One line for lists and CSV: "Chrome 130 · macOS"; null when nothing is known. */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const known = labels.get(userAgent);
  if (known !== undefined) return known;
  const { browser, os } = describeUserAgent(userAgent);
  const parts = [browser, os].filter((part): part is string => part !== null);
  const label = parts.length > 0 ? parts.join(" · ") : null;
  if (labels.size >= LABEL_CACHE_SIZE) labels.clear();
  labels.set(userAgent, label);
  return label;
}
