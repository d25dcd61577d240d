import { Search } from "lucide-react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The search box above an admin list (Users, Leads, Demo Registrations): a `type="search"`
 * input with a visually hidden label (its accessible name) and a search icon.
 * @param id the input's id (the section also derives its title id from it)
 * @param label accessible name, e.g. "Search users"
 * @param placeholder visible hint
 * @param value the text as typed; `onChange` receives the new text
 * @param maxLength optional limit matching the server's (e.g. 200 for `?q=` on users)
 */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  maxLength,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}) {
  return (
    <div className="relative">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        className="pl-9"
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </div>
  );
}
