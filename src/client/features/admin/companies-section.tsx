import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { TextField } from "~/components/form-field";
import { ListEmpty } from "~/components/list-states";
import { SectionCard } from "~/components/section-card";
import { Button } from "~/components/ui/button";
import { CardContent } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { toastError, toastRequestError } from "~/lib/error-toast";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { companiesQueryOptions, useCreateCompany } from "./api/companies";

const EMPTY = { name: "", email: "", phone: "", address: "" };

/**
 * The create form's fields in order (docs/product.md#3-records): name and email are required, phone and address
 * optional (their labels say so). Each is labelled `portal.companies.<key>`; only the name is
 * autocompleted (as an organization).
 */
const FIELDS: readonly { key: keyof typeof EMPTY; type?: "email" | "tel"; required?: true }[] = [
  { key: "name", required: true },
  { key: "email", type: "email", required: true },
  { key: "phone", type: "tel" },
  { key: "address" },
];

/** Companies section (admins only, docs/product.md#6-roles): a create form and the list of companies. */
export function CompaniesSection() {
  const { t, i18n } = useTranslation();
  const companies = useQuery(companiesQueryOptions());
  const create = useCreateCompany();
  const [form, setForm] = useState(EMPTY);
  /** The required fields the last submit found empty: marked, with a message under each. */
  const [missing, setMissing] = useState<ReadonlySet<keyof typeof EMPTY>>(new Set());
  const set = (key: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setMissing((current) => new Set([...current].filter((name) => name !== key)));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const empty = FIELDS.filter(({ key, required }) => required && !form[key].trim()).map(({ key }) => key);
    setMissing(new Set(empty));
    if (empty.length > 0) {
      // The toast keeps the spec's words (docs/product.md#5-validation); the fields say which.
      toastError(t("portal.companies.requiredTitle"), t("portal.companies.requiredText"));
      return;
    }
    create.mutate(form, {
      onSuccess: (company) => {
        toast({
          title: t("portal.companies.created"),
          description: t("portal.companies.createdText", { name: company.name }),
        });
        setForm(EMPTY);
      },
      onError: (error) => toastRequestError(error, t("common.error"), t("portal.companies.failed")),
    });
  };

  const list = companies.data ?? [];
  const optional = (label: string) => (
    <>
      {label} <span className="text-muted-foreground">{t("portal.companies.optional")}</span>
    </>
  );
  return (
    <SectionCard title={t("portal.companies.title")} description={t("portal.companies.description")}>
      <CardContent className="grid gap-6">
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          {FIELDS.map(({ key, type, required }) => (
            <TextField
              key={key}
              id={`company-${key}`}
              label={required ? t(`portal.companies.${key}`) : optional(t(`portal.companies.${key}`))}
              type={type}
              required={required}
              autoComplete={key === "name" ? "organization" : "off"}
              value={form[key]}
              error={missing.has(key) ? t("common.fieldRequired") : undefined}
              onChange={set(key)}
            />
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" pending={create.isPending}>
              {create.isPending ? t("portal.companies.adding") : t("portal.companies.add")}
            </Button>
          </div>
        </form>
        {list.length === 0 ? (
          <ListEmpty icon={Building2}>{t("portal.companies.empty")}</ListEmpty>
        ) : (
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            aria-label={t("portal.companies.title")}
          >
            {list.map((company) => (
              <li
                key={company.id}
                className="grid gap-1 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-center sm:gap-4"
              >
                <span className="font-medium">{company.name}</span>
                <span className="break-all text-sm text-muted-foreground">{company.email}</span>
                <span className="text-sm text-muted-foreground">
                  {t("portal.companies.created_at")} {formatDate(company.createdAt, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </SectionCard>
  );
}
