import { useId } from "react";
import { TextField } from "~/components/form-field";
import { useTranslation } from "~/lib/react-i18n";
import { type CalculatorForm, FIELD_ATTRIBUTES, type TextField as FieldName } from "./content";

/**
 * Several calculator inputs in a row, one {@link NumberField} each, reading their text from `form`.
 * Render inside the element that lays them out.
 * @param fields which inputs, in order
 * @param firstRef a ref to the first input (focused after the Channel Partner section unlocks)
 * @param labels labels by field, in place of the catalog's `calculator.<field>` (the Channel
 *   Partner section's labels come from the server, ADR 0035)
 */
export function NumberFields({
  fields,
  form,
  onChange,
  firstRef,
  labels,
}: {
  fields: readonly FieldName[];
  form: CalculatorForm;
  onChange: (field: FieldName, value: string) => void;
  firstRef?: React.Ref<HTMLInputElement>;
  labels?: Partial<Record<FieldName, string>>;
}) {
  return fields.map((field, index) => (
    <NumberField
      key={field}
      field={field}
      label={labels?.[field]}
      value={form.text[field]}
      onChange={onChange}
      inputRef={index === 0 ? firstRef : undefined}
    />
  ));
}

/**
 * One numeric input of the calculator, labelled `calculator.<field>`, with the field's minimum and step
 * (docs/product.md#5-validation). The text is kept as typed; the page parses it with `parseNumericInput` (non-numeric → 0).
 */
function NumberField({
  field,
  label,
  value,
  onChange,
  inputRef,
}: {
  field: FieldName;
  label?: string | undefined;
  value: string;
  onChange: (field: FieldName, value: string) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  // Labels sit at the bottom of their row, so the inputs of a row line up when a label wraps; the
  // input (not the label) has tabular figures.
  return (
    <TextField
      ref={inputRef}
      id={id}
      label={label ?? t(`calculator.${field}`)}
      className="grid min-w-0 grid-rows-[1fr_auto] items-end gap-2 [&_input]:tabular-nums"
      name={field}
      type="number"
      inputMode="decimal"
      {...FIELD_ATTRIBUTES[field]}
      value={value}
      onChange={(event) => onChange(field, event.target.value)}
    />
  );
}
