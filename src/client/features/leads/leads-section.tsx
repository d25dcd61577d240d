import type { Lead } from "@common/api/leads";
import { INBOX_SEARCH_PARAMS } from "@common/inbox-search";
import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useState } from "react";
import { SelectField } from "~/components/form-field";
import { ListBody, ListTable, RefreshAndExport } from "~/components/list-states";
import { SearchListCard } from "~/components/search-list-card";
import { Badge } from "~/components/ui/badge";
import { useSearch, useSearchPage } from "~/hooks/use-search";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import {
  LEADS_PAGE_SIZE,
  type LeadFilters,
  leadsCsvUrl,
  leadsQueryOptions,
  NO_LEAD_FILTERS,
} from "./api/leads";

/** The three attribution filters, by query name, with the catalog key of their label and facet. */
const FILTERS = [
  { name: "utm_source", label: "leads.source", facet: "utmSource" },
  { name: "utm_medium", label: "leads.medium", facet: "utmMedium" },
  { name: "utm_campaign", label: "leads.campaign", facet: "utmCampaign" },
] as const;

/** The host of a referrer URL, e.g. `news.example` (the whole text when it is not a URL). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The admin's Leads inbox (docs/product.md#11-lead-attribution-and-privacy-notice): Get Started requests newest first, a debounced search
 * (`?q=`), filters on the UTM source, medium and campaign, where each lead came from
 * (docs/product.md#11-lead-attribution-and-privacy-notice), CSV export of the matches, and
 * paging. A table on wide screens, cards on phones.
 */
export function LeadsSection() {
  const { t, i18n } = useTranslation();
  const search = useSearch(INBOX_SEARCH_PARAMS.leads);
  const { q } = search;
  const [filters, setFilters] = useState<LeadFilters>(NO_LEAD_FILTERS);
  const [page, setPage] = useSearchPage(`${q}\u0000${Object.values(filters).join("\u0000")}`);
  const leads = useQuery(leadsQueryOptions(q, (page - 1) * LEADS_PAGE_SIZE, filters));
  const list = leads.data?.leads ?? [];
  const facets = leads.data?.facets;

  const received = (lead: Lead) => formatDate(lead.createdAt, i18n.language, true);
  const name = (lead: Lead) => `${lead.firstName} ${lead.lastName}`;
  const email = (lead: Lead) => (
    <a className="break-all text-primary underline-offset-4 hover:underline" href={`mailto:${lead.email}`}>
      {lead.email}
    </a>
  );
  const plan = (lead: Lead) => <Badge variant="outline">{lead.planTitle}</Badge>;
  /** Where the visit came from: UTM source / medium and campaign, else the referring host, else direct. */
  const source = (lead: Lead) => {
    const tagged = [lead.utmSource, lead.utmMedium].filter(Boolean).join(" / ");
    const origin = tagged || (lead.referrer ? hostOf(lead.referrer) : t("leads.direct"));
    return (
      <span className="grid gap-0.5">
        <span className="break-words">{origin}</span>
        {lead.utmCampaign ? (
          <span className="break-words text-xs text-muted-foreground">
            {t("leads.campaign")}: {lead.utmCampaign}
          </span>
        ) : null}
        {lead.landingPath ? (
          <span className="break-all text-xs text-muted-foreground">
            {t("leads.landing")}: {lead.landingPath}
          </span>
        ) : null}
      </span>
    );
  };
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
          csvHref={leadsCsvUrl(q, filters)}
          csvLabel={t("leads.exportCsvLabel")}
        />
      }
    >
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="sr-only">{t("leads.filters")}</legend>
        {FILTERS.map((filter) => {
          const values = facets?.[filter.facet] ?? [];
          const current = filters[filter.name];
          // A chosen value stays listed while a page that lacks it loads.
          const options = current && !values.includes(current) ? [current, ...values] : values;
          return (
            <SelectField
              key={filter.name}
              id={`${search.field.id}-${filter.name}`}
              label={t(filter.label)}
              value={current}
              onChange={(event) => setFilters((all) => ({ ...all, [filter.name]: event.target.value }))}
              options={[
                { value: "", label: t("leads.anyValue") },
                ...options.map((value) => ({ value, label: value })),
              ]}
            />
          );
        })}
      </fieldset>
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
            { header: t("leads.source"), cell: source },
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
              <span className="flex gap-1">
                <span className="text-muted-foreground">{t("leads.source")}:</span> {source(lead)}
              </span>
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
