import { useQuery } from "@tanstack/react-query";
import { Download, RefreshCw, Users } from "lucide-react";
import { useId, useState } from "react";
import { SearchField } from "~/components/search-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardTitle } from "~/components/ui/card";
import { useDebounced } from "~/hooks/use-debounced";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { demoRegistrationsCsvUrl, demoRegistrationsQueryOptions } from "./api/demo-registrations";

/** Milliseconds of typing pause before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Admin "Demo Registrations" section (issue #6): search, list (a table on wide screens, cards on
 * phones) and CSV export. Self-contained: the admin dashboard mounts it for admins.
 */
export function DemoRegistrationsSection() {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useQuery(demoRegistrationsQueryOptions(q));
  const rows = list.data?.registrations ?? [];

  return (
    <Card>
      <div className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{t("retailerDemo.admin.title")}</CardTitle>
          <CardDescription>{t("retailerDemo.admin.description")}</CardDescription>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw aria-hidden="true" />
            {t("retailerDemo.admin.refresh")}
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={demoRegistrationsCsvUrl(q)} download="demo-registrations.csv">
              <Download aria-hidden="true" />
              {t("retailerDemo.admin.exportCsv")}
            </a>
          </Button>
        </div>
      </div>
      <CardContent className="grid gap-4">
        <SearchField
          id={searchId}
          label={t("retailerDemo.admin.search")}
          placeholder={t("retailerDemo.admin.searchPlaceholder")}
          value={text}
          onChange={setText}
        />
        {list.isError ? (
          <p role="alert" className="text-destructive">
            {t("retailerDemo.admin.loadFailed")}
          </p>
        ) : rows.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl border border-dashed border-border p-6 text-muted-foreground">
            <Users className="size-5" aria-hidden="true" />
            <p>
              {list.isPending
                ? t("common.loading")
                : q
                  ? t("retailerDemo.admin.noMatches")
                  : t("retailerDemo.admin.empty")}
            </p>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {list.data?.truncated
                ? t("retailerDemo.admin.truncated", { count: rows.length })
                : t("retailerDemo.admin.count", { count: rows.length })}
            </p>
            <table className="hidden w-full text-left text-sm md:table">
              <thead className="text-muted-foreground">
                <tr className="border-b border-border">
                  <th className="py-2 pr-4 font-medium">{t("retailerDemo.admin.name")}</th>
                  <th className="py-2 pr-4 font-medium">{t("retailerDemo.admin.email")}</th>
                  <th className="py-2 pr-4 font-medium">{t("retailerDemo.admin.phone")}</th>
                  <th className="py-2 pr-4 font-medium">{t("retailerDemo.admin.retailer")}</th>
                  <th className="py-2 font-medium">{t("retailerDemo.admin.registered")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-border last:border-0">
                    <td className="py-3 pr-4 font-medium">
                      {row.firstName} {row.lastName}
                    </td>
                    <td className="break-all py-3 pr-4">{row.email}</td>
                    <td className="whitespace-nowrap py-3 pr-4">{row.phone}</td>
                    <td className="py-3 pr-4">{row.retailerSlug}</td>
                    <td className="whitespace-nowrap py-3">
                      {formatDate(row.createdAt, i18n.language, true)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="grid gap-3 md:hidden">
              {rows.map((row) => (
                <li key={row.id} className="grid gap-1 rounded-xl border border-border p-4 text-sm">
                  <p className="font-medium">
                    {row.firstName} {row.lastName}
                  </p>
                  <p className="break-all">{row.email}</p>
                  <p>{row.phone}</p>
                  <p className="text-muted-foreground">
                    {row.retailerSlug} · {formatDate(row.createdAt, i18n.language, true)}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
