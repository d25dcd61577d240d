import type { enAccount } from "./en-account";
import type { Translation } from "./types";

/**
 * Spanish texts of the account screens: the same keys as `en-account.ts` (ADR 0022). Loaded with the
 * other portal texts when the `lang` cookie asks for Spanish (`es-portal-register.ts`).
 */
export const esAccount: Translation<typeof enAccount> = {
  adminLogin: {
    loginTitle: "Portal de administración",
    loginDescription: "Ingrese su correo y le enviaremos un enlace seguro para iniciar sesión.",
    email: "Correo electrónico",
    emailPlaceholder: "usted@empresa.com",
    sendLink: "Enviar enlace seguro de acceso",
    sending: "Enviando...",
    noPasswords: "Sin contraseñas. Usamos enlaces de acceso seguros de un solo uso.",
    sentTitle: "Revise su correo",
    sentDescription: "Enviamos un enlace seguro de acceso a {{email}}.",
    sentExpiry: "El enlace vence en 15 minutos.",
    sendAnother: "Enviar otro enlace",
    setupTitle: "Crear la cuenta de administrador",
    setupDescription: "Todavía no hay ninguna cuenta de administrador. Cree la primera para comenzar.",
    fullName: "Nombre completo",
    fullNamePlaceholder: "María Pérez",
    createAdmin: "Crear cuenta de administrador",
    creating: "Creando...",
    emailRequiredTitle: "Falta el correo",
    emailRequiredMessage: "Ingrese su dirección de correo",
    requiredFieldsTitle: "Campos obligatorios",
    requiredFieldsMessage: "Ingrese el correo y el nombre completo",
    sentToastTitle: "Enlace enviado",
    sentToastMessage: "Revise su correo: le enviamos un enlace seguro de acceso",
    createdToastTitle: "Cuenta de administrador creada",
    createdToastMessage: "Revise su correo: el enlace seguro de acceso completa la configuración",
    sendFailed: "No se pudo enviar el enlace de acceso",
    createFailed: "No se pudo crear la cuenta de administrador",
  },
  // The `/sign-in` entry and why a session ended (ADR 0038).
  signIn: {
    title: "Inicie sesión en AisleIQ",
    description: "Ingrese el correo de su invitación y le enviaremos un enlace seguro de acceso.",
    deactivatedTitle: "Su cuenta está desactivada",
    deactivatedText:
      "Se cerró su sesión porque su cuenta fue desactivada. Para volver a usar AisleIQ, pida al administrador de su empresa (o a la persona que le envió la invitación) que la reactive, o comuníquese con el soporte de AisleIQ.",
  },
  verify: {
    verifying: "Verificando el acceso",
    verifyingText: "Espere un momento mientras iniciamos su sesión.",
    success: "¡Sesión iniciada!",
    successText: "Lo llevamos a su panel...",
    failed: "No se pudo verificar",
    failedNote: "Es posible que el enlace haya vencido o no sea válido",
    backToLogin: "Volver al inicio de sesión",
    invalidLink: "Enlace de verificación no válido",
    confirmTitle: "Confirmar inicio de sesión",
    confirmText: "Este enlace se solicitó en otro navegador. Continúe solo si usted lo pidió.",
    continueAs: "Continuar como {{email}}",
  },
  dashboard: {
    title: "Panel",
    welcome: "Hola, {{name}}",
    profile: "Perfil",
    fullName: "Nombre completo",
    email: "Correo electrónico",
    role: "Rol",
    lastLogin: "Último acceso",
    company: "Empresa",
  },
  admin: {
    title: "Panel de administración",
    welcome: "Hola de nuevo, {{name}}",
    subtitle: "Administre usuarios, empresas y verificaciones de antecedentes.",
    accessDenied: "Acceso denegado: no tiene permiso para ver esta página.",
    sectionsNav: "Secciones de esta página",
  },
};
