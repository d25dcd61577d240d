import { useQuery } from "@tanstack/react-query";
import { Download, RefreshCw, Users } from "lucide-react";
import { useId, useState } from "react";
import { ListCardHeader, ListEmpty, ListLoadError, ListTableHead } from "~/components/list-states";
import { SearchField } from "~/components/search-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
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
      <ListCardHeader title={t("retailerDemo.admin.title")} description={t("retailerDemo.admin.description")}>
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
      </ListCardHeader>
      <CardContent className="grid gap-4">
        <SearchField
          id={searchId}
          label={t("retailerDemo.admin.search")}
          placeholder={t("retailerDemo.admin.searchPlaceholder")}
          value={text}
          onChange={setText}
        />
        {list.isError ? (
          <ListLoadError>{t("retailerDemo.admin.loadFailed")}</ListLoadError>
        ) : rows.length === 0 ? (
          <ListEmpty icon={Users}>
            {list.isPending
              ? t("common.loading")
              : q
                ? t("retailerDemo.admin.noMatches")
                : t("retailerDemo.admin.empty")}
          </ListEmpty>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {list.data?.truncated
                ? t("retailerDemo.admin.truncated", { count: rows.length })
                : t("retailerDemo.admin.count", { count: rows.length })}
            </p>
            <table className="hidden w-full text-left text-sm md:table">
              <ListTableHead
                columns={[
                  t("retailerDemo.admin.name"),
                  t("retailerDemo.admin.email"),
                  t("retailerDemo.admin.phone"),
                  t("retailerDemo.admin.retailer"),
                  t("retailerDemo.admin.registered"),
                ]}
              />
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
