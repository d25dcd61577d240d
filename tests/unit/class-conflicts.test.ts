/**
 * The UI kit's `Button`, `NativeSelect`, `Card` parts, `Input`, `Textarea`, `Label`, `Slider`,
 * `Checkbox`, `Progress` and `Badge` join their classes with clsx instead of `cn`, so that
 * tailwind-merge stays off the first load of `/` and out of the calculator (ADR 0010). A class in
 * `className` that sets the same property as one of the component's own classes would then make
 * the look depend on stylesheet order. These tests find such conflicts with tailwind-merge itself:
 * in every variant and size, and in every use of those components in src/client: their
 * `className`, and with `asChild` the child's `className` too (Radix Slot appends it unmerged).
 * A prop spread onto them must be one this file knows carries no classes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { twMerge } from "tailwind-merge";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { badgeVariants } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import {
  cardContentClass,
  cardDescriptionClass,
  cardFooterClass,
  cardHeaderClass,
  cardTitleClass,
  cardVariants,
} from "~/components/ui/card";
import { checkboxClass } from "~/components/ui/checkbox";
import { inputClass } from "~/components/ui/input";
import { labelClass } from "~/components/ui/label";
import { nativeSelectClass } from "~/components/ui/native-select";
import { progressClass } from "~/components/ui/progress";
import { sliderClass } from "~/components/ui/slider";
import { textareaClass } from "~/components/ui/textarea";

const VARIANTS = ["default", "destructive", "outline", "secondary", "ghost", "link", null] as const;
const SIZES = ["default", "sm", "sm-touch", "lg", "icon", null] as const;
const CARD_VARIANTS = ["default", "destructive", "raised", null] as const;
const BADGE_VARIANTS = [
  "default",
  "secondary",
  "destructive",
  "success",
  "warning",
  "info",
  "outline",
  null,
] as const;
/** Own classes of the components without variants. */
const FIXED: Record<string, string> = {
  NativeSelect: nativeSelectClass,
  CardHeader: cardHeaderClass,
  CardTitle: cardTitleClass,
  CardDescription: cardDescriptionClass,
  CardContent: cardContentClass,
  CardFooter: cardFooterClass,
  Input: inputClass,
  Textarea: textareaClass,
  Label: labelClass,
  Slider: sliderClass,
  Checkbox: checkboxClass,
  Progress: progressClass,
};
const CLIENT_DIR = fileURLToPath(new URL("../../src/client", import.meta.url));
/**
 * Spreads known to set no className, variant or size, as `where spread`: form-field.tsx's `input`
 * in TextField and `select` in SelectField (the Input's or select's attributes; both take
 * `className` out for their wrapper, and their types omit it), and list-states.tsx's `button` in RowAction (its type omits
 * className, variant, size and asChild, and the spread comes before the fixed ones).
 */
const SPREADS_WITHOUT_CLASSES =
  /^(components\/form-field\.tsx:\d+ \{\.\.\.(input|select)\}|components\/list-states\.tsx:\d+ \{\.\.\.button\})$/;

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

/**
 * The classes a `className` expression can add: a string literal's text, or every string literal
 * inside an expression such as `clsx("a", flag && "b")`; an Error when it holds none (a bare
 * variable, which this audit cannot read).
 */
function classLiterals(initializer: ts.JsxAttribute["initializer"] | undefined): string | Error | undefined {
  const value = literal(initializer);
  if (!(value instanceof Error)) return value ?? undefined;
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  if (initializer) visit(initializer);
  return found.length > 0 ? found.join(" ") : value;
}

/** The own classes a use of `tag` can have, one string per variant and size it could take. */
function ownClasses(tag: string, props: Usage["props"]): string[] {
  const pick = <T extends string | null>(name: string, all: readonly T[]): (T | undefined)[] => {
    const value = literal(props.get(name));
    // A computed variant or size: check against every value it could take.
    return value instanceof Error ? [...all] : [value as T | undefined];
  };
  if (tag === "Button") {
    return pick("variant", VARIANTS).flatMap((variant) =>
      pick("size", SIZES).map((size) => buttonVariants({ variant, size })),
    );
  }
  if (tag === "Card") return pick("variant", CARD_VARIANTS).map((variant) => cardVariants({ variant }));
  if (tag === "Badge") return pick("variant", BADGE_VARIANTS).map((variant) => badgeVariants({ variant }));
  return [FIXED[tag] ?? ""];
}

describe("classes of the components joined without tailwind-merge", () => {
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
    expect(overridden(`${cardContentClass} p-4`)).toContain("px-6");
    expect(overridden(`${cardVariants({})} shadow-lg`)).toContain("shadow-sm");
  });

  it("no Card or Badge variant sets a property its base classes also set", () => {
    for (const variant of CARD_VARIANTS) expect(overridden(cardVariants({ variant }))).toEqual([]);
    for (const variant of BADGE_VARIANTS) expect(overridden(badgeVariants({ variant }))).toEqual([]);
  });

  it("no className overrides one of the component's own classes", () => {
    const tags = ["Button", "Card", "Badge", ...Object.keys(FIXED)];
    const found = usages(tags);
    expect(found.filter((usage) => usage.tag === "Button").length).toBeGreaterThan(30);
    expect(found.filter((usage) => usage.tag === "Card").length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const { where, tag, props, spreads, childClassName } of found) {
      for (const spread of spreads) {
        if (!SPREADS_WITHOUT_CLASSES.test(`${where} ${spread}`))
          problems.push(`${where}: unchecked spread ${spread}`);
      }
      const extra: string[] = [];
      for (const [label, initializer] of [
        ["className", props.get("className")],
        ["asChild child's className", childClassName],
      ] as const) {
        const value = classLiterals(initializer);
        if (value instanceof Error) problems.push(`${where}: ${label} ${value.message} cannot be read`);
        else if (value) extra.push(value);
      }
      const added = extra.join(" ");
      if (!added) continue;
      const mine = added.split(/\s+/);
      for (const classes of ownClasses(tag, props)) {
        const conflicts = overridden(`${classes} ${added}`).filter((name) => !mine.includes(name));
        if (conflicts.length > 0) problems.push(`${where}: "${added}" overrides ${conflicts.join(" ")}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
