import * as runtime from "react/jsx-dev-runtime";
import { inspectElement } from "./dead-handlers";

/**
 * React's development JSX runtime, checked as ./jsx-runtime.ts is (ADR 0079): a build run with
 * NODE_ENV other than production (a test's) compiles JSX to `jsxDEV`.
 */
export const Fragment = runtime.Fragment;

export function jsxDEV(
  type: React.ElementType,
  props: Record<string, unknown>,
  key: React.Key | undefined,
  isStatic: boolean,
  source?: unknown,
  self?: unknown,
): React.ReactElement {
  inspectElement(type, props, jsxDEV);
  return runtime.jsxDEV(type, props, key, isStatic, source as never, self);
}
