/**
 * `Button` and `NativeSelect` are on the first load of every public page, so they join their
 * classes with clsx instead of `cn` (tailwind-merge stays out of that load: ADR 0010). A class in
 * `className` that sets the same property as one of the component's own classes would then make
 * the look depend on stylesheet order. These tests find such conflicts with tailwind-merge itself:
 * in every variant and size, and in every `<Button>` and `<NativeSelect>` in src/client: their
 * `className`, and with `asChild` the child's `className` too (Radix Slot appends it unmerged).
 * A prop spread onto them must be one this file knows carries no classes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { twMerge } from "tailwind-merge";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "~/components/ui/button";
import { nativeSelectClass } from "~/components/ui/native-select";

const VARIANTS = ["default", "destructive", "outline", "secondary", "ghost", "link", null] as const;
const SIZES = ["default", "sm", "sm-touch", "lg", "icon", null] as const;
const CLIENT_DIR = fileURLToPath(new URL("../../src/client", import.meta.url));
/** Spreads onto a Button that set no className, variant or size (site-header.tsx: type, aria, handlers). */
const SPREADS_WITHOUT_CLASSES = /^\{\.\.\.triggerProps\("\w+"\)\}$/;

/** The classes of `classes` that tailwind-merge drops because a later class overrides them. */
function overridden(classes: string): string[] {
  const all = classes.split(/\s+/).filter(Boolean);
  const kept = new Set(twMerge(all.join(" ")).split(" "));
  return all.filter((name) => !kept.has(name));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".tsx"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

interface Usage {
  where: string;
  tag: string;
  props: Map<string, ts.JsxAttribute["initializer"]>;
  /** Source text of each `{...spread}` attribute. */
  spreads: string[];
  /** With `asChild`: the child element's `className` attribute. */
  childClassName?: ts.JsxAttribute["initializer"];
}

function attributesOf(attributes: ts.JsxAttributes) {
  const props = new Map<string, ts.JsxAttribute["initializer"]>();
  const spreads: string[] = [];
  for (const attribute of attributes.properties) {
    if (ts.isJsxAttribute(attribute)) props.set(attribute.name.getText(), attribute.initializer);
    else spreads.push(attribute.getText());
  }
  return { props, spreads };
}

/** Every JSX element named `tag` in src/client, with its attributes. */
function usages(tags: string[]): Usage[] {
  const found: Usage[] = [];
  for (const file of sourceFiles(CLIENT_DIR)) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (
        (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
        tags.includes(node.tagName.getText())
      ) {
        const { props, spreads } = attributesOf(node.attributes);
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const usage: Usage = {
          where: `${path.relative(CLIENT_DIR, file)}:${line}`,
          tag: node.tagName.getText(),
          props,
          spreads,
        };
        if (props.has("asChild") && ts.isJsxOpeningElement(node) && ts.isJsxElement(node.parent)) {
          for (const child of node.parent.children) {
            const opening = ts.isJsxElement(child) ? child.openingElement : child;
            if (ts.isJsxOpeningElement(opening) || ts.isJsxSelfClosingElement(opening)) {
              usage.childClassName = attributesOf(opening.attributes).props.get("className");
              break;
            }
          }
        }
        found.push(usage);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * The value of a string attribute (`a="x"` or `a={"x"}`), `null` for `a={null}`, `undefined`
 * when absent; anything else is an expression this audit cannot read.
 */
function literal(initializer: ts.JsxAttribute["initializer"] | undefined): string | null | undefined | Error {
  if (initializer === undefined) return undefined;
  if (ts.isStringLiteral(initializer)) return initializer.text;
  if (ts.isJsxExpression(initializer) && initializer.expression) {
    const expression = initializer.expression;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      return expression.text;
    if (expression.kind === ts.SyntaxKind.NullKeyword) return null;
  }
  return new Error(initializer.getText());
}

describe("classes of the first-load components (joined without tailwind-merge)", () => {
  it("no Button variant or size sets a property its base classes also set", () => {
    for (const variant of VARIANTS) {
      for (const size of SIZES) {
        expect(overridden(buttonVariants({ variant, size })), `${variant} × ${size}`).toEqual([]);
      }
    }
  });

  it("finds the conflicts it guards against", () => {
    expect(overridden(`${buttonVariants({ size: "sm" })} h-11`)).toContain("h-9");
    expect(overridden(`${buttonVariants({})} bg-amber-400`)).toContain("bg-primary");
  });

  it("no <Button> or <NativeSelect> className overrides one of the component's own classes", () => {
    const found = usages(["Button", "NativeSelect"]);
    expect(found.filter((usage) => usage.tag === "Button").length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const { where, tag, props, spreads, childClassName } of found) {
      for (const spread of spreads) {
        if (!SPREADS_WITHOUT_CLASSES.test(spread)) problems.push(`${where}: unchecked spread ${spread}`);
      }
      let own = [nativeSelectClass];
      if (tag === "Button") {
        const variant = literal(props.get("variant"));
        const size = literal(props.get("size"));
        // A computed variant or size: check the className against every value it could take.
        const variants =
          variant instanceof Error ? VARIANTS : [variant as (typeof VARIANTS)[number] | undefined];
        const sizes = size instanceof Error ? SIZES : [size as (typeof SIZES)[number] | undefined];
        own = variants.flatMap((v) => sizes.map((z) => buttonVariants({ variant: v, size: z })));
      }
      const extra: string[] = [];
      for (const [label, initializer] of [
        ["className", props.get("className")],
        ["asChild child's className", childClassName],
      ] as const) {
        const value = literal(initializer);
        if (value instanceof Error)
          problems.push(`${where}: ${label} must be a string literal, got ${value.message}`);
        else if (value) extra.push(value);
      }
      const added = extra.join(" ");
      if (!added) continue;
      const mine = added.split(/\s+/);
      for (const classes of own) {
        const conflicts = overridden(`${classes} ${added}`).filter((name) => !mine.includes(name));
        if (conflicts.length > 0) problems.push(`${where}: "${added}" overrides ${conflicts.join(" ")}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
