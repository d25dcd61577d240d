import type { enPrivacy } from "./en-privacy";
import type { Translation } from "./types";

/** Spanish texts of the privacy notice: the same keys as `en-privacy.ts` (ADR 0022). */
export const esPrivacy: Translation<typeof enPrivacy> = {
  title: "Aviso de privacidad",
  metaDescription:
    "Qué hace AisleIQ con los datos que usted envía mediante el formulario Comenzar y el registro para la demostración en tienda.",
  version: "Versión del {{version}}",
  intro:
    "Este aviso cubre los dos formularios de este sitio web: Comenzar y el registro para la demostración en tienda. Explica qué datos recopilamos, para qué, quién los recibe, cuánto tiempo los conservamos y cómo comunicarse con nosotros. No vendemos sus datos, y este sitio no usa rastreadores de publicidad ni de analítica. La bolsa de trabajo, el calendario de reuniones y el video del producto son de otras empresas y solo se cargan cuando usted los abre; entonces reciben su dirección IP, según sus propios avisos de privacidad.",
  collectTitle: "Qué recopilamos",
  collectLead:
    "Comenzar: su nombre y apellido, su empresa, su número de teléfono, su correo de trabajo, el plan que eligió y el idioma de la página.",
  collectDemo:
    "Registro para la demostración en tienda: su nombre y apellido, su correo de la empresa, su número de teléfono, que aceptó los términos, cuándo envió el formulario y el idioma de la página. Si el formulario no puede comunicarse con nosotros de inmediato, su navegador guarda el registro hasta enviarlo.",
  collectVisit:
    "Con una solicitud de Comenzar también guardamos de dónde vino su visita: las etiquetas de campaña del enlace que siguió (los parámetros utm_source, utm_medium, utm_campaign, utm_term y utm_content), la dirección de la página que lo trajo aquí (sin su cadena de consulta) y la primera página que abrió en este sitio. Su navegador guarda estos datos en el almacenamiento de sesión solo durante esa visita; se borran al cerrar la pestaña.",
  collectNotice: "Con cada solicitud registramos qué versión de este aviso le mostró el formulario.",
  collectLogs:
    "Nuestros servidores registran la hora, la página y el resultado de cada solicitud, por seguridad y para resolver problemas; la empresa que los aloja también puede registrar su dirección IP. Para evitar abusos contamos las solicitudes por dirección IP, durante un día como máximo.",
  whyTitle: "Para qué",
  whyLead:
    "Para responder a su solicitud de Comenzar: comunicarnos con usted sobre AisleIQ y configurar su cuenta.",
  whyDemo:
    "Para darle acceso a la app de la demostración en tienda: gestionar la habilitación de la app y enviarle por correo el código QR de inicio de sesión.",
  whyVisit: "Para saber qué campañas y páginas nos traen solicitudes, y así mejorarlas.",
  whyEmail: "Para enviarle un correo que confirma que recibimos su solicitud.",
  whoTitle: "Quién los recibe",
  whoTeam:
    "Nuestro equipo de ventas recibe por correo cada solicitud de Comenzar, y nuestro equipo de demostraciones cada registro para la demostración en tienda.",
  whoCrm: "Podemos enviar cada solicitud al sistema de gestión de clientes que usa nuestro equipo de ventas.",
  whoProviders:
    "Las empresas que alojan nuestros servidores y entregan nuestros correos tratan sus datos en nuestro nombre, solo para prestar esos servicios.",
  whoNobodyElse: "Nadie más. No vendemos ni alquilamos sus datos.",
  retentionTitle: "Cuánto tiempo los conservamos",
  retention:
    "Conservamos una solicitud mientras conversamos con usted o con su empresa sobre AisleIQ. Revisamos las solicitudes guardadas al menos una vez al año y borramos las que ya no necesitamos. Puede pedirnos que borremos la suya en cualquier momento.",
  retentionLogs: "Los registros de los servidores se conservan por poco tiempo y luego se borran.",
  contactTitle: "Sus opciones y cómo comunicarse con nosotros",
  contact:
    "Para ver, corregir o borrar lo que tenemos sobre usted, o para preguntar cualquier cosa sobre este aviso, escriba a {{email}}. Respondemos en un plazo de 30 días.",
};
