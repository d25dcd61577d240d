import type { ComponentProps, ReactNode } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";

/** The id of a field's error line: the control's id with `-error` appended. */
export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/**
 * The error line under a control, or nothing when `error` is empty.
 * @param id the control's id; the line's id is `fieldErrorId(id)`
 */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={fieldErrorId(id)} className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : null;
}

/**
 * One labelled form control: the label above, the control (`children`), then the error line
 * when there is one. The wrapper is a two-gap grid; `className` replaces its classes (e.g. to
 * span two columns).
 * @param id the control's id; the label points at it, and the error line's id is `fieldErrorId(id)`
 * @param label the label's content (text, or text with a muted "(optional)")
 * @param error the message shown under the control; the control names it in `aria-describedby`
 *   when built with TextField
 */
export function FormField({
  id,
  label,
  error,
  className = "grid gap-2",
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A FormField around a text Input. Every input attribute (type, autoComplete, required, value,
 * onChange, ref …) goes to the Input. With `error` the Input is marked `aria-invalid` and
 * described by the error line; `after` stands between the Input and the error line (a hint or a
 * live note).
 * @param className the wrapper's classes (see FormField); the Input keeps its own
 */
export function TextField({
  id,
  label,
  error,
  className,
  after,
  ...input
}: Omit<ComponentProps<typeof Input>, "id" | "className"> & {
  id: string;
  label: ReactNode;
  error?: string;
  className?: string;
  after?: ReactNode;
}) {
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <Input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : input["aria-describedby"]}
      />
      {after}
    </FormField>
  );
}

/**
 * One choice of a select: the submitted `value`, the shown `label`, whether it can be picked, and
 * the label's language when it differs from the page's (`lang`, e.g. a language's own name).
 */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  lang?: string;
}

/**
 * The `<option>` elements of a select, in the order given.
 * @param options the choices (values are unique: they are the React keys)
 */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value} disabled={option.disabled} lang={option.lang}>
      {option.label}
    </option>
  ));
}

/**
 * A FormField around a NativeSelect of `options`. Every select attribute (value, onChange,
 * disabled …) goes to the select.
 * @param className the wrapper's classes (see FormField); the select keeps its own
 */
export function SelectField({
  id,
  label,
  options,
  className,
  ...select
}: Omit<ComponentProps<typeof NativeSelect>, "id" | "className" | "children"> & {
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  className?: string;
}) {
  return (
    <FormField id={id} label={label} className={className}>
      <NativeSelect id={id} {...select}>
        <SelectOptions options={options} />
      </NativeSelect>
    </FormField>
  );
}
