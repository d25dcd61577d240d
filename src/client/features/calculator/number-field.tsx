import { useId } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FIELD_ATTRIBUTES, type TextField } from "./content";

/**
 * One numeric input of the calculator, labelled, with the field's minimum and step (docs/product.md#5-validation).
 * The text is kept as typed; the page parses it with `parseNumericInput` (non-numeric → 0).
 */
export function NumberField({
  field,
  label,
  value,
  onChange,
  inputRef,
}: {
  field: TextField;
  label: string;
  value: string;
  onChange: (field: TextField, value: string) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  const { min, step } = FIELD_ATTRIBUTES[field];
  return (
    <div className="grid min-w-0 grid-rows-[1fr_auto] gap-2">
      <Label htmlFor={id} className="self-end">
        {label}
      </Label>
      <Input
        ref={inputRef}
        id={id}
        name={field}
        type="number"
        inputMode="decimal"
        min={min}
        step={step}
        value={value}
        onChange={(event) => onChange(field, event.target.value)}
        className="tabular-nums"
      />
    </div>
  );
}
