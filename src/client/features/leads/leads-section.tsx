import type { Lead } from "@common/api/leads";
import { INBOX_SEARCH_PARAMS } from "@common/inbox-search";
import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { ListBody, ListTable, RefreshAndExport } from "~/components/list-states";
import { SearchListCard } from "~/components/search-list-card";
import { Badge } from "~/components/ui/badge";
import { useSearch, useSearchPage } from "~/hooks/use-search";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { LEADS_PAGE_SIZE, leadsCsvUrl, leadsQueryOptions } from "./api/leads";

/**
 * The admin's Leads inbox (issue #4): Get Started requests newest first, a debounced search
 * (`?q=`), CSV export of the matches, and paging. A table on wide screens, cards on phones.
 */
export function LeadsSection() {
  const { t, i18n } = useTranslation();
  const search = useSearch(INBOX_SEARCH_PARAMS.leads);
  const { q } = search;
  const [page, setPage] = useSearchPage(q);
  const leads = useQuery(leadsQueryOptions(q, (page - 1) * LEADS_PAGE_SIZE));
  const list = leads.data?.leads ?? [];

  const received = (lead: Lead) => formatDate(lead.createdAt, i18n.language, true);
  const name = (lead: Lead) => `${lead.firstName} ${lead.lastName}`;
  const email = (lead: Lead) => (
    <a className="break-all text-primary underline-offset-4 hover:underline" href={`mailto:${lead.email}`}>
      {lead.email}
    </a>
  );
  const plan = (lead: Lead) => <Badge variant="outline">{lead.planTitle}</Badge>;
  const phone = (lead: Lead) => (
    <a
      className="whitespace-nowrap underline-offset-4 hover:underline"
      href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}
    >
      {lead.phone}
    </a>
  );

  return (
    <SearchListCard
      search={search}
      texts="leads"
      actions={
        <RefreshAndExport
          texts="leads"
          query={leads}
          csvHref={leadsCsvUrl(q)}
          csvLabel={t("leads.exportCsvLabel")}
        />
      }
    >
      <ListBody
        texts="leads"
        query={leads}
        paging={{ page, pageSize: LEADS_PAGE_SIZE, onPage: setPage, size: "sm" }}
        retry
        retrySize="sm"
        count={list.length}
        icon={Inbox}
        live
        q={q}
      >
        <ListTable
          rows={list}
          cardClassName="gap-1.5 text-sm"
          columns={[
            { header: t("leads.name"), className: "font-medium", cell: name },
            { header: t("leads.company"), cell: "company" },
            { header: t("leads.email"), cell: email },
            { header: t("leads.phone"), cell: phone },
            { header: t("leads.plan"), cell: plan },
            { header: t("leads.received"), className: "whitespace-nowrap", cell: received },
          ]}
          card={(lead) => (
            <>
              <div className="flex items-start justify-between gap-2">
                <span className="text-base font-medium">{name(lead)}</span>
                {plan(lead)}
              </div>
              <span>{lead.company}</span>
              {email(lead)}
              {phone(lead)}
              <span className="text-muted-foreground">
                {t("leads.received")} {received(lead)}
              </span>
            </>
          )}
        />
      </ListBody>
    </SearchListCard>
  );
}
