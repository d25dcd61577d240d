import type { DemoRegistration } from "@common/api/demo-registrations";
import { INBOX_SEARCH_PARAMS } from "@common/inbox-search";
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { ListBody, ListTable, RefreshAndExport } from "~/components/list-states";
import { SearchListCard } from "~/components/search-list-card";
import { useSearch } from "~/hooks/use-search";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { demoRegistrationsCsvUrl, demoRegistrationsQueryOptions } from "./api/demo-registrations";

/**
 * Admin "Demo Registrations" section (docs/product.md#2-pages): search, list (a table on wide screens, cards on
 * phones) and CSV export. Self-contained: the admin dashboard mounts it for admins.
 */
export function DemoRegistrationsSection() {
  const { t, i18n } = useTranslation();
  const search = useSearch(INBOX_SEARCH_PARAMS["demo-registrations"]);
  const { q } = search;
  const list = useQuery(demoRegistrationsQueryOptions(q));
  const rows = list.data?.registrations ?? [];
  const name = (row: DemoRegistration) => `${row.firstName} ${row.lastName}`;
  const registered = (row: DemoRegistration) => formatDate(row.createdAt, i18n.language, true);

  return (
    <SearchListCard
      search={search}
      texts="retailerDemo.admin"
      actions={
        <RefreshAndExport
          texts="retailerDemo.admin"
          query={list}
          csvHref={demoRegistrationsCsvUrl(q)}
          csvFilename="demo-registrations.csv"
        />
      }
    >
      <ListBody texts="retailerDemo.admin" query={list} count={rows.length} icon={Users} q={q}>
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
            { header: t("retailerDemo.admin.email"), className: "break-all", cell: "email" },
            { header: t("retailerDemo.admin.phone"), className: "whitespace-nowrap", cell: "phone" },
            { header: t("retailerDemo.admin.retailer"), cell: "retailerSlug" },
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
      </ListBody>
    </SearchListCard>
  );
}
