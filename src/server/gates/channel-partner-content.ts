import type { ChannelPartnerContent } from "../../common/api/gates";

/**
 * The Channel Partner section's confidential texts (docs/product.md#2-pages "password-gated
 * Channel Partner section", ADR 0035): the labels of the partner's inputs and commissions, in
 * each language. They are this section's catalog and live on the server only, so no client
 * bundle carries them; `POST /api/gates/channel-partner` and the pass-protected
 * `GET /api/gates/channel-partner/content` serve them once the password was accepted.
 * Spanish is Latin American, like the client catalogs (src/client/locales/es-*.ts).
 */
export const CHANNEL_PARTNER_CONTENT: ChannelPartnerContent = {
  en: {
    partnerCommissionPercentage: "Partner commission (%)",
    storesInBrand: "Stores in brand",
    commissionPerStore: "Commission per store",
    totalPartnerCommission: "Total commission",
  },
  es: {
    partnerCommissionPercentage: "Comisión del socio (%)",
    storesInBrand: "Tiendas de la marca",
    commissionPerStore: "Comisión por tienda",
    totalPartnerCommission: "Comisión total",
  },
};
