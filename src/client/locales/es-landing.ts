import type { enLanding } from "./en-landing";
import type { Translation } from "./types";

/** Spanish texts of the public marketing site: the same keys as `en-landing.ts` (ADR 0022). */
export const esLanding: Translation<typeof enLanding> = {
  metaTitle: "AisleIQ — Una plataforma de apps de IA para retail, simple y sin complicaciones",
  metaDescription: "Una plataforma de apps de IA y de personal para retail, simple y sin complicaciones.",
  ogImageAlt: "AisleIQ: una plataforma de apps de IA para retail, simple y sin complicaciones",
  hero: {
    eyebrow: "Plataforma de apps de IA y de personal para retail",
    introducing: "Le presentamos AisleIQ",
    headline: "Una plataforma de apps de IA para retail, simple y sin complicaciones",
    lead: "Dé a cada cliente una app con su marca que conoce sus pasillos, y a cada empleado un copiloto de IA. En marcha en semanas, no en trimestres.",
    getStarted: "Comenzar",
    salesLift: "Aumento de ventas",
    claimsLabel: "Lo que aporta AisleIQ",
    claimRevenue: "23 % más de ingresos por carrito en tienda",
    claimStaff: "El impulso de la IA para que el trabajo de sus empleados sea claro y agradable",
    claimMagic: "Experiencias mágicas de compra en tiendas físicas",
    pending: "Vienen más novedades",
    celebration: "Celebración",
    phoneAlt:
      "La app de AisleIQ con su marca en un teléfono: RevenueBot responde dónde está la leche de avena y cuánto cuesta.",
  },
  grid: {
    title: "App y SDK con su marca, listos para usar",
    lead: "23 % más de ingresos por visita a la tienda, con una app sin código o un SDK que se integra con 2 líneas de código.",
    videoLabel:
      "Un recorrido breve por la app de AisleIQ: RevenueBot responde una pregunta y el mapa lleva al cliente hasta el estante.",
    apply: "Postularse",
    openJobs: "Ver vacantes",
  },
  cards: {
    revenueBot: {
      title: "RevenueBot",
      description:
        "Un chatbot de IA que conoce sus productos y el inventario de su tienda. Comisión promedio sobre ventas: 3.895%.",
      alt: "Un globo de chat que responde la pregunta de un cliente",
    },
    recommendations: {
      title: "También le puede gustar",
      description:
        "Un motor de recomendaciones que sugiere el siguiente mejor producto mientras el cliente aún está en el pasillo.",
      alt: "Tres fichas de producto con una sugerencia destacada",
    },
    motionSync: {
      title: "MotionSync",
      description:
        "Posicionamiento en interiores y detección de postura corporal sin sensores, cámaras ni balizas. Patente en trámite.",
      alt: "Un esqueleto de postura de pie sobre una cuadrícula",
    },
    navigation: {
      title: "Navegación a productos paso a paso",
      description:
        "Guía a los clientes pasillo por pasillo, giro por giro, directo a cada producto de su lista.",
      alt: "Una ruta entre los pasillos de la tienda hasta un marcador",
    },
    floorSync: {
      title: "FloorSync",
      description:
        "Escanee para trazar el plano de su tienda. Recórrala una vez y la app conoce cada pasillo.",
      alt: "Una cuadrícula de plano de planta mientras se escanea",
    },
    productSync: {
      title: "ProductSync",
      description:
        "Escanee para mantener el inventario con visión artificial: estantes, frentes y faltantes, siempre al día.",
      alt: "Un teléfono escaneando un estante de productos",
    },
    trainingSync: {
      title: "TrainingSync AI",
      description: "Indicaciones de IA para sus empleados, justo en el momento en que importan.",
      notification:
        "¿Va a levantar una caja? Doble las rodillas, manténgala cerca del cuerpo y levante con las piernas.",
      alt: "Una notificación en el teléfono con un consejo de seguridad",
    },
    pro: {
      title: "PRO",
      description: "Personal remoto con un solo clic, que reduce el costo de personal hasta en un 80 %.",
      alt: "Una videollamada entre un cliente y un experto remoto",
    },
    staffDifferent: {
      title: "Otra forma de trabajar",
      description: "Estamos contratando. Súmese al equipo que construye el futuro del retail.",
      alt: "Una insignia de equipo amigable con una estrella",
    },
    iqDashboard: {
      title: "IQ Dashboard",
      description: "Ingresos, afluencia y personal de cada tienda, en un solo panel tranquilo.",
      alt: "Un panel con un gráfico de barras y una línea de tendencia",
    },
  },
  industries: {
    title: "Industrias",
    lead: "Hecho para los lugares donde la gente compra, come y celebra.",
    retail: "Retail",
    convenience: "Tiendas de conveniencia",
    grocery: "Supermercados",
    hospitality: "Hotelería y restaurantes",
    stadiums: "Estadios",
  },
  features: {
    title: "Funciones",
    lead: "Bases de nivel empresarial, sin las esperas de siempre.",
    consumerPrivacy: {
      title: "Privacidad de los datos del consumidor",
      description:
        "Los clientes mantienen el control de sus datos, con el consentimiento integrado en cada paso.",
    },
    brandOwnership: {
      title: "Propiedad y privacidad de los datos de su marca",
      description: "Sus datos siguen siendo suyos: sin reventa, sin compartirlos, sin ataduras.",
    },
    sso: {
      title: "SSO",
      description: "Inicio de sesión único para su personal con el proveedor de identidad que ya utiliza.",
    },
    plugins: {
      title: "Plugins",
      description:
        "Conecte programas de lealtad, punto de venta y comercio electrónico con plugins listos para usar.",
    },
    api: {
      title: "API",
      description: "Una API documentada para productos, inventario, pedidos y análisis.",
    },
    brandsDirect: {
      title: "Brands Direct",
      description:
        "Permita que las marcas lleguen a los clientes frente al estante, con ofertas que usted aprueba.",
    },
  },
  partners: {
    title: "Nuestros socios",
    lead: "La confianza de equipos de retail, supermercados y hotelería.",
    logoAlt: "Logotipo de {{name}}",
  },
  pricing: {
    title: "Precios",
    lead: "Precios simples por empleado. Empiece gratis y crezca cuando esté listo.",
    mostPopular: "El más elegido",
    getStarted: "Comenzar",
    included: "Incluido",
    notIncluded: "No incluido",
    perEmployeeMonth: "por empleado al mes",
    custom: "A medida",
    plans: {
      Starter: { description: "Para una primera tienda que da sus primeros pasos con una app propia." },
      Optimal: { description: "Para cadenas en crecimiento que buscan lealtad, capacitación y la API." },
      Unlimited: {
        description: "Para grandes empresas que quieren implementación personalizada y personal remoto.",
      },
    },
    featureNames: {
      locations1to5: "De 1 a 5 sucursales",
      unlimitedLocations: "Sucursales ilimitadas",
      diySetup: "Configuración por su cuenta",
      conciergeSetup: "Configuración asistida",
      standardEmailSupport: "Soporte estándar por correo",
      priorityEmailSupport: "Soporte prioritario por correo",
      priorityPhoneEmailSupport: "Soporte prioritario por teléfono y correo",
      loyalty: "Programa de lealtad",
      trainingSync: "TrainingSync",
      api: "API",
      pro: "PRO: personal remoto por videollamada",
    },
  },
  nav: {
    mainLabel: "Principal",
    industries: "Industrias",
    pricing: "Precios",
    plugins: "Plugins",
    developers: "Desarrolladores",
    api: "API",
    documentation: "Documentación",
    sdk: "SDK",
    calculator: "Calculadora",
    signIn: "Iniciar sesión",
    retailer: "Minoristas",
    proConnect: "Pro Connect",
    channelPartner: "Socio de canal",
    events: "Eventos",
    accountPortal: "Portal de cuentas",
    accountPortalHint: "Para miembros de equipo invitados, administradores de empresa y administradores",
    language: "Idioma",
    languageButton: "{{code}} — Idioma",
    openMenu: "Abrir menú",
    menuTitle: "Menú",
    menuDescription: "Navegue por el sitio de AisleIQ.",
    opensInNewTab: "(se abre en una pestaña nueva)",
  },
  footer: {
    tagline: "Una plataforma de apps de IA y de personal para retail, simple y sin complicaciones.",
    industries: "Industrias",
    resources: "Recursos",
    company: "Empresa",
    pricing: "Precios",
    plugins: "Plugins",
    developers: "Desarrolladores",
    channelPartner: "Socio de canal",
    about: "Quiénes somos",
    contact: "Contacto",
    careers: "Empleos",
    privacy: "Aviso de privacidad",
    language: "Idioma",
    social: "Redes sociales",
    linkedin: "AisleIQ en LinkedIn",
    x: "AisleIQ en X",
    youtube: "AisleIQ en YouTube",
    instagram: "AisleIQ en Instagram",
    copyright: "© {{year}} AisleIQ. Todos los derechos reservados.",
  },
};
