import type { enCalculator } from "./en-calculator";
import type { Translation } from "./types";

/** Spanish texts of the calculator page: the same keys as `en-calculator.ts` (ADR 0022). */
export const esCalculator: Translation<typeof enCalculator> = {
  metaTitle: "Calculadora de ingresos",
  metaDescription:
    "Calcule el aumento mensual de ingresos, la comisión de RevenueBot y los ingresos que deja de ganar sin AisleIQ en sus tiendas.",
  home: "Inicio",
  getStarted: "Comenzar",
  eyebrow: "Aumento de ventas",
  title: "Calculadora de ingresos",
  subtitle: "Vea lo que una app de AisleIQ con su marca suma a cada tienda, mes a mes.",
  inputsTitle: "Su tienda",
  cartSize: "Ticket promedio ($)",
  monthlyReceipts: "Tickets al mes por tienda",
  monthsSinceLaunch: "Meses desde el lanzamiento",
  monthsValue_one: "{{count}} mes",
  monthsValue_other: "{{count}} meses",
  resultsTitle: "Resultados mensuales por tienda",
  monthlyAppVisits: "Visitas a la app",
  monthlyAverageAppCartSize: "Carrito promedio en la app",
  monthlyIncreaseInRevenue: "Aumento mensual de ingresos",
  monthlyCommission: "Comisión mensual",
  chartTitle: "Aumento mensual de ingresos según los meses desde el lanzamiento",
  chartDescription: "Mes {{month}}: {{value}}.",
  chartSelected: "Mes {{month}} (seleccionado): {{value}}.",
  chartMonth: "M{{month}}",
  lostRevenueTitle: "Ingresos perdidos",
  lostRevenueIntro:
    "Lo que cuesta esperar: ingresos de la app que no llegan más el personal que podría haber ahorrado.",
  months: "Meses",
  currentPerStore: "Empleados de atención al cliente por tienda",
  hourlyRate: "Tarifa por hora ($)",
  stores: "Tiendas",
  lostRevenue: "Ingresos perdidos",
  channelPartnerTitle: "Socio de canal",
  channelPartnerLocked: "Ingrese la contraseña de socio de canal para ver las comisiones de socios.",
  password: "Contraseña",
  unlock: "Desbloquear",
  checking: "Verificando...",
  incorrectPassword: "Contraseña incorrecta. Vuelva a intentarlo.",
  gateFailed: "No pudimos verificar la contraseña. Vuelva a intentarlo.",
  perMonth: "al mes",
  disclaimer:
    "Todas las cifras son estimaciones basadas en los datos ingresados y en resultados típicos de AisleIQ. Los resultados reales varían según la tienda y no están garantizados.",
  print: "Imprimir resumen",
};
