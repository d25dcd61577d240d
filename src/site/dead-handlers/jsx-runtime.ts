import * as runtime from "react/jsx-runtime";
import { inspectElement } from "./dead-handlers";

/**
 * React's JSX runtime for the site's server build (ADR 0079): the same elements, each first shown
 * to the dead-handler check (dead-handlers.ts), which records nothing unless a component is being
 * rendered outside an island. integration.ts points `react/jsx-runtime` here for the server build.
 */
export const Fragment = runtime.Fragment;

export function jsx(
  type: React.ElementType,
  props: Record<string, unknown>,
  key?: React.Key,
): React.ReactElement {
  inspectElement(type, props, jsx);
  return runtime.jsx(type, props, key);
}

export function jsxs(
  type: React.ElementType,
  props: Record<string, unknown>,
  key?: React.Key,
): React.ReactElement {
  inspectElement(type, props, jsxs);
  return runtime.jsxs(type, props, key);
}
