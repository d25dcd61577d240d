import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/hooks/use-toast";
import { errorMessage } from "~/lib/api";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { companiesQueryOptions, useCreateCompany } from "./api/companies";

const EMPTY = { name: "", email: "", phone: "", address: "" };

/** Companies section (issue #3, admins only): a create form and the list of companies. */
export function CompaniesSection() {
  const { t, i18n } = useTranslation();
  const companies = useQuery(companiesQueryOptions());
  const create = useCreateCompany();
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.email.trim()) {
      toast({
        title: t("portal.companies.requiredTitle"),
        description: t("portal.companies.requiredText"),
        variant: "destructive",
      });
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
      onError: (error) =>
        toast({
          title: t("common.error"),
          description: errorMessage(error, t("portal.companies.failed")),
          variant: "destructive",
        }),
    });
  };

  const list = companies.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("portal.companies.title")}</CardTitle>
        <CardDescription>{t("portal.companies.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="company-name">{t("portal.companies.name")}</Label>
            <Input
              id="company-name"
              required
              autoComplete="organization"
              value={form.name}
              onChange={set("name")}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="company-email">{t("portal.companies.email")}</Label>
            <Input
              id="company-email"
              type="email"
              required
              autoComplete="off"
              value={form.email}
              onChange={set("email")}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="company-phone">
              {t("portal.companies.phone")}{" "}
              <span className="text-muted-foreground">{t("portal.companies.optional")}</span>
            </Label>
            <Input
              id="company-phone"
              type="tel"
              autoComplete="off"
              value={form.phone}
              onChange={set("phone")}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="company-address">
              {t("portal.companies.address")}{" "}
              <span className="text-muted-foreground">{t("portal.companies.optional")}</span>
            </Label>
            <Input id="company-address" autoComplete="off" value={form.address} onChange={set("address")} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t("portal.companies.adding") : t("portal.companies.add")}
            </Button>
          </div>
        </form>
        {list.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl border border-dashed border-border p-6 text-muted-foreground">
            <Building2 className="size-5" aria-hidden="true" />
            <p>{t("portal.companies.empty")}</p>
          </div>
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
    </Card>
  );
}
