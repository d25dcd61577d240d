import { AsyncLocalStorage } from "node:async_hooks";

/**
 * No dead event handlers on the static pages (ADR 0079): a React component Astro renders without a
 * `client:*` directive becomes HTML and nothing else, so an `onClick`, `onChange`, `onSubmit`, …
 * given to one of its elements never runs in the browser. The build records every such prop while
 * it renders a component outside an island (react-server.ts sets the scope, jsx-runtime.ts reports
 * each element) and fails the page, naming the component.
 */

/** A handler prop found on an element rendered outside an island. */
export interface DeadHandler {
  /** The prop, e.g. `onClick`. */
  prop: string;
  /** The element it was given to: a tag (`a`) or a component's name (`Link`). */
  element: string;
  /** The component whose JSX created that element, when the stack names it. */
  component: string | undefined;
}

interface StaticScope {
  /** The component Astro renders (the page's React body), for the message. */
  root: string;
  found: DeadHandler[];
}

const scope = new AsyncLocalStorage<StaticScope>();

/** `onClick`, `onKeyDown`, `onValueChange`, …: React's naming of event-handler props. */
const HANDLER_PROP = /^on[A-Z]/;

const nameOf = (type: unknown): string =>
  typeof type === "string"
    ? type
    : typeof type === "function"
      ? type.name || "anonymous component"
      : ((type as { displayName?: string } | null)?.displayName ?? "component");

/** The first stack frame's function name, below the frames of `below` (the JSX factory). */
function callerName(below: (...args: never[]) => unknown): string | undefined {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, below);
  const frame = holder.stack?.split("\n")[1] ?? "";
  const name = /^\s*at (?:async )?([\w$.]+) \(/.exec(frame)?.[1];
  return name?.split(".").pop();
}

/**
 * Called for every element the site's JSX creates during the build (jsx-runtime.ts): outside an
 * island's render (no scope) it does nothing; inside a static render each prop matching `on[A-Z]…`
 * whose value is a function is recorded. Components count as well as tags: a handler handed to a
 * component (`<Link onClick>`) ends on an element inside library code this hook cannot see.
 * @param factory the JSX factory that called this, left out of the stack read for the component
 */
export function inspectElement(type: unknown, props: unknown, factory: (...args: never[]) => unknown): void {
  const current = scope.getStore();
  if (!current || props === null || typeof props !== "object") return;
  for (const [prop, value] of Object.entries(props)) {
    if (typeof value === "function" && HANDLER_PROP.test(prop)) {
      current.found.push({ prop, element: nameOf(type), component: callerName(factory) });
    }
  }
}

/** The build error for the handlers found while rendering `root`. */
export function deadHandlersError(root: string, found: DeadHandler[]): Error {
  const lines = found.map(
    ({ prop, element, component }) =>
      `  <${element} ${prop}> in ${component ?? "an unnamed component"} (rendered by ${root})`,
  );
  return new Error(
    `Event handlers on elements rendered outside a client:* island never run (ADR 0079):\n${lines.join("\n")}\n` +
      "Render the part as an island, or give it markup that the page's script (src/site/scripts) wires.",
  );
}

/**
 * Runs `render` (one static render of `Component`) in a scope that records handler props, and
 * rejects with {@link deadHandlersError} when any was found. Recorded rather than thrown from the
 * JSX factory: React turns an error inside a Suspense boundary into client rendering, which a
 * static page never does, so a throw there would not stop the build.
 * @returns what `render` returns
 */
export async function renderStatic<T>(Component: unknown, render: () => Promise<T>): Promise<T> {
  const root = nameOf(Component);
  const current: StaticScope = { root, found: [] };
  const result = await scope.run(current, render);
  if (current.found.length > 0) throw deadHandlersError(root, current.found);
  return result;
}
