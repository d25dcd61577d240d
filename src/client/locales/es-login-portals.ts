import type { enLoginPortals } from "./en-login-portals";
import type { Translation } from "./types";

/** Spanish texts of the five login portal pages: the same keys as `en-login-portals.ts` (ADR 0022). */
export const esLoginPortals: Translation<typeof enLoginPortals> = {
  api: {
    title: "Portal de API",
    description:
      "Inicie sesión para administrar las claves de API, el uso y los webhooks de su integración con AisleIQ.",
    submit: "Entrar al portal de API",
  },
  documentation: {
    title: "Documentación",
    description:
      "Inicie sesión para leer las guías para desarrolladores de AisleIQ y la referencia completa de la API.",
    submit: "Entrar a la documentación",
  },
  sdk: {
    title: "Portal del SDK",
    description:
      "Inicie sesión para descargar el SDK de AisleIQ y agregar una app con su marca en 2 líneas de código.",
    submit: "Entrar al portal del SDK",
  },
  retailer: {
    title: "Portal para minoristas",
    description: "Inicie sesión para administrar sus tiendas, su app con su marca y el IQ Dashboard.",
    submit: "Entrar al portal para minoristas",
  },
  plugins: {
    title: "Portal de plugins",
    description: "Inicie sesión para explorar e instalar plugins de AisleIQ para los sistemas de su tienda.",
    submit: "Entrar al portal de plugins",
  },
  email: "Correo electrónico",
  emailPlaceholder: "usted@empresa.com",
  password: "Contraseña",
  showPassword: "Mostrar contraseña",
  hidePassword: "Ocultar contraseña",
  forgotPassword: "Olvidé mi contraseña",
  forgotTitle: "No hay contraseña que restablecer",
  forgotText:
    "Las cuentas de AisleIQ no tienen contraseña: el portal de cuentas le envía por correo un enlace seguro para iniciar sesión. ¿Todavía no tiene cuenta? Pídale una invitación a su contacto en AisleIQ, o seleccione Registrarse para solicitar acceso.",
  signUp: "Registrarse",
  noAccount: "¿Es nuevo en AisleIQ?",
  emailRequired: "Ingrese su dirección de correo.",
  emailInvalid: "Ingrese una dirección de correo válida.",
  passwordRequired: "Ingrese su contraseña.",
  inviteTitle: "El acceso es por invitación",
  inviteText:
    "{{portal}}: solo pueden entrar las cuentas invitadas. Si ya tiene una cuenta de AisleIQ, inicie sesión en el portal de cuentas. Si no, seleccione Registrarse y le daremos acceso.",
  accountPortalLink:
    "Portal de cuentas: para miembros de equipo invitados, administradores de empresa y administradores",
  haveAccount: "¿Ya tiene una cuenta de AisleIQ?",
  backHome: "Volver al inicio",
};
