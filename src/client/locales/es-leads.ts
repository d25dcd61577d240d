import type { enLeads } from "./en-leads";
import type { Translation } from "./types";

/**
 * Spanish texts of the admin Leads section: the same keys as `en-leads.ts` (ADR 0022). Loaded with the
 * other portal texts when the `lang` cookie asks for Spanish (`es-portal-register.ts`).
 */
export const esLeads: Translation<typeof enLeads> = {
  title: "Clientes potenciales",
  description:
    "Solicitudes de Comenzar recibidas desde el sitio web, de la más reciente a la más antigua, con el origen de cada visita. Busque por nombre, empresa, correo, teléfono, plan u origen.",
  searchLabel: "Buscar clientes potenciales",
  searchPlaceholder: "Buscar clientes potenciales",
  exportCsv: "Exportar CSV",
  exportCsvLabel: "Exportar CSV de los clientes potenciales que se muestran",
  refresh: "Actualizar",
  name: "Nombre",
  company: "Empresa",
  email: "Correo electrónico",
  phone: "Teléfono",
  plan: "Plan",
  source: "Origen",
  medium: "Medio",
  campaign: "Campaña",
  landing: "Página de llegada",
  direct: "Directo",
  filters: "Filtrar clientes potenciales por su origen",
  anyValue: "Todos",
  received: "Recibido",
  empty: "Todavía no hay clientes potenciales. Aquí aparecerán las solicitudes de Comenzar del sitio web.",
  noMatches: "Ningún cliente potencial coincide con «{{q}}».",
  loadFailed: "No se pudieron cargar los clientes potenciales. Vuelva a intentarlo.",
  retry: "Reintentar",
  range: "Mostrando {{from}}–{{to}} de {{total}}",
  previous: "Anterior",
  next: "Siguiente",
  pagination: "Páginas de clientes potenciales",
  webhooks: {
    title: "Webhook del CRM",
    description:
      "Cada nuevo cliente potencial y registro de demostración se envía a su CRM, firmado y con reintentos.",
    endpoint:
      "Cada nuevo cliente potencial y registro de demostración se envía a {{endpoint}}, firmado y con reintentos.",
    notConfigured:
      "No hay un webhook del CRM configurado: defina LEAD_WEBHOOK_URL y LEAD_WEBHOOK_SECRET en el servidor para enviar cada nuevo cliente potencial y registro de demostración a su CRM.",
    refresh: "Actualizar",
    statusFilter: "Estado",
    allStatuses: "Todos",
    status: { pending: "En espera", delivered: "Entregado", failed: "Abandonado" },
    attempts_one: "{{count}} intento",
    attempts_other: "{{count}} intentos",
    event: "Envío",
    statusColumn: "Estado",
    detail: "Detalles",
    queued: "En cola desde",
    actions: "Acciones",
    leadEvent: "Nuevo cliente potencial",
    registrationEvent: "Nuevo registro de demostración",
    deliveredAt: "Aceptado el {{when}}",
    nextAttempt: "Próximo intento: {{when}}",
    sendAgain: "Enviar de nuevo",
    sendAgainLabel: "Enviar de nuevo: {{summary}}",
    retriedTitle: "Enviando de nuevo",
    retriedText: "El envío está en cola y sale en unos segundos.",
    retryFailed: "No se pudo poner el envío en cola de nuevo. Vuelva a intentarlo.",
    empty:
      "Todavía no hay envíos. Aquí aparecerán los nuevos clientes potenciales y registros de demostración.",
    loadFailed: "No se pudieron cargar los envíos del webhook. Vuelva a intentarlo.",
    retry: "Reintentar",
    range: "Mostrando {{from}}–{{to}} de {{total}}",
    previous: "Anterior",
    next: "Siguiente",
    pagination: "Páginas de envíos del webhook",
  },
};
