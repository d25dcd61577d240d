import type { DemoRegistration } from "@common/api/demo-registrations";
import { useQuery } from "@tanstack/react-query";
import { Download, RefreshCw, Users } from "lucide-react";
import { useId, useState } from "react";
import { ListCardHeader, ListEmpty, ListLoadError, ListTable } from "~/components/list-states";
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
  const name = (row: DemoRegistration) => `${row.firstName} ${row.lastName}`;
  const registered = (row: DemoRegistration) => formatDate(row.createdAt, i18n.language, true);

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
            <ListTable
              rows={rows}
              cardClassName="gap-1 text-sm"
              columns={[
                { header: t("retailerDemo.admin.name"), className: "font-medium", cell: name },
                { header: t("retailerDemo.admin.email"), className: "break-all", cell: (row) => row.email },
                {
                  header: t("retailerDemo.admin.phone"),
                  className: "whitespace-nowrap",
                  cell: (row) => row.phone,
                },
                { header: t("retailerDemo.admin.retailer"), cell: (row) => row.retailerSlug },
                {
                  header: t("retailerDemo.admin.registered"),
                  className: "whitespace-nowrap",
                  cell: registered,
                },
              ]}
              card={(row) => (
                <>
                  <p className="font-medium">{name(row)}</p>
                  <p className="break-all">{row.email}</p>
                  <p>{row.phone}</p>
                  <p className="text-muted-foreground">
                    {row.retailerSlug} · {registered(row)}
                  </p>
                </>
              )}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
