/**
 * `Button` and `NativeSelect` are on the first load of every public page, so they join their
 * classes with clsx instead of `cn` (tailwind-merge stays out of that load: ADR 0008). A class in
 * `className` that sets the same property as one of the component's own classes would then make
 * the look depend on stylesheet order. These tests find such conflicts with tailwind-merge itself:
 * in every variant and size, and in every `<Button>` and `<NativeSelect>` in src/client.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "~/components/ui/button";
import { nativeSelectClass } from "~/components/ui/native-select";

const VARIANTS = ["default", "destructive", "outline", "secondary", "ghost", "link", null] as const;
const SIZES = ["default", "sm", "sm-touch", "lg", "icon", null] as const;

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
}

/** Every JSX element named `tag` in src/client, with its attributes. */
function usages(tags: string[]): Usage[] {
  const found: Usage[] = [];
  for (const file of sourceFiles("src/client")) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (
        (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
        tags.includes(node.tagName.getText())
      ) {
        const props = new Map<string, ts.JsxAttribute["initializer"]>();
        for (const attribute of node.attributes.properties) {
          if (ts.isJsxAttribute(attribute)) props.set(attribute.name.getText(), attribute.initializer);
        }
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({ where: `${file}:${line}`, tag: node.tagName.getText(), props });
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
    for (const { where, tag, props } of found) {
      const className = literal(props.get("className"));
      if (className === undefined || className === null) continue;
      if (className instanceof Error) {
        problems.push(`${where}: className must be a string literal here, got ${className.message}`);
        continue;
      }
      let own = [nativeSelectClass];
      if (tag === "Button") {
        const variant = literal(props.get("variant"));
        const size = literal(props.get("size"));
        // A computed variant or size: check the className against every value it could take.
        const variants =
          variant instanceof Error ? VARIANTS : [variant as (typeof VARIANTS)[number] | undefined];
        const sizes = size instanceof Error ? SIZES : [size as (typeof SIZES)[number] | undefined];
        own = variants.flatMap((v) => sizes.map((s) => buttonVariants({ variant: v, size: s })));
      }
      const mine = className.split(/\s+/);
      for (const classes of own) {
        const conflicts = overridden(`${classes} ${className}`).filter((name) => !mine.includes(name));
        if (conflicts.length > 0) problems.push(`${where}: "${className}" overrides ${conflicts.join(" ")}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
