import type { enRetailerDemo } from "./en-retailer-demo";
import type { Translation } from "./types";

/**
 * Spanish texts of the retailer store-demo registration page: the same keys as
 * `en-retailer-demo.ts` (ADR 0022). `{{store}}`, `{{retailer}}` and `{{domain}}` come from the
 * demo's configuration.
 */
export const esRetailerDemo: Translation<typeof enRetailerDemo> = {
  metaTitle: "Registro para la demostración en la tienda {{store}}",
  metaDescription:
    "Regístrese para la demostración de la app de AisleIQ en la tienda {{store}} de {{retailer}}.",
  partners: "Socios",
  title: "Registro en la app de demostración de la tienda {{store}}",
  intro:
    "El personal autorizado de {{retailer}} puede probar la app de AisleIQ en la tienda {{store}}. Regístrese a continuación para comenzar.",
  stepsTitle: "Cómo funciona",
  steps: {
    one: "Ingrese los datos solicitados.",
    two: "Escanee el código QR para descargar la app.",
    three: "Espere a que Apple y Google habiliten la geocerca para desarrolladores.",
    four: "Escanee con la app el código QR que recibirá por correo para obtener sus datos de acceso.",
    five: "Visite la tienda.",
  },
  formTitle: "Sus datos",
  firstName: "Nombre",
  lastName: "Apellido",
  email: "Correo electrónico",
  emailHint: "Debe ser un correo de la empresa (@{{domain}}).",
  phone: "Teléfono",
  acceptPrefix: "Acepto los",
  privacyNote: "Usamos estos datos para configurar su acceso a la demostración en tienda.",
  privacyLink: "Aviso de privacidad",
  acceptLink: "Términos del servicio, el Acuerdo de confidencialidad y la Política de privacidad",
  submit: "Enviar registro",
  submitting: "Procesando...",
  islandLoad: {
    offline:
      "Parece que no tiene conexión. Enviaremos su registro en cuanto vuelva la conexión: mantenga esta página abierta.",
    unreachable: "Todavía no pudimos enviar su registro. Vuelva a pulsar Enviar registro en un momento.",
  },
  thankYouTitle: "¡Gracias!",
  thankYouMessage:
    "Recibimos su registro. Cuando Apple y Google terminen de habilitar la geocerca para desarrolladores, le enviaremos un correo con un código QR para iniciar sesión.",
  thankYouNext: "Mientras tanto, descargue la app:",
  android: "Android",
  ios: "iOS",
  scanToDownload: "Escanee para descargar",
  qrAlt: "Código QR que lleva a la página de descarga de la app para {{platform}}",
  openLink: "Abrir la página de descarga para {{platform}}",
  pendingNotice:
    "Problema de conexión: guardamos sus datos. Volveremos a enviarlos cuando se restablezca la conexión.",
  validation: {
    required: {
      title: "Todos los campos son obligatorios",
      message: "Complete todos los campos para continuar.",
    },
    email: {
      title: "Correo no válido",
      message: "El correo debe terminar con el dominio de la empresa.",
    },
    phone: { title: "Teléfono no válido", message: "Ingrese un número de teléfono válido." },
    terms: {
      title: "Falta aceptar los términos",
      message:
        "Acepte los Términos del servicio, el Acuerdo de confidencialidad y la Política de privacidad.",
    },
  },
  errors: {
    title: "Error en el registro",
    server: "Error del servidor",
    generic: "No pudimos completar su registro. Vuelva a intentarlo más tarde.",
    timeout: "La solicitud tardó demasiado. Vuelva a intentarlo.",
    connectionTitle: "Problema de conexión",
    connection: "Guardamos sus datos. Volveremos a enviarlos cuando se restablezca la conexión.",
    sentTitle: "Registro enviado",
    sent: "Su registro guardado ya nos llegó.",
  },
  admin: {
    title: "Registros de demostración",
    description: "Personal que se registró para una demostración en tienda de un minorista.",
    searchLabel: "Buscar registros",
    searchPlaceholder: "Nombre, correo o teléfono",
    exportCsv: "Exportar CSV",
    refresh: "Actualizar",
    name: "Nombre",
    email: "Correo electrónico",
    phone: "Teléfono",
    retailer: "Demostración",
    registered: "Fecha de registro",
    empty: "Todavía no hay registros de demostración",
    noMatches: "Ningún registro coincide con su búsqueda",
    loadFailed: "No se pudieron cargar los registros de demostración.",
    truncated: "Se muestran los {{count}} más recientes. Exporte el CSV para verlos todos.",
    count_one: "{{count}} registro",
    count_other: "{{count}} registros",
  },
  terms: {
    title: "Términos del servicio, Acuerdo de confidencialidad y Política de privacidad",
    description:
      "Vigentes desde el 01/04/2025. Lea estos términos antes de registrarse para la demostración en tienda.",
    agree: "Acepto",
    close: "Cerrar",
    tosTitle: "Términos del servicio",
    tos1: "Estos términos rigen su participación en la demostración de la app de AisleIQ en la tienda {{store}} de {{retailer}} (la «Demostración»). Al registrarse, usted los acepta.",
    tos2: "La Demostración se ofrece solo al personal autorizado de {{retailer}} para evaluar la app. Debe registrarse con su correo de la empresa y no compartir sus datos de acceso.",
    tos3: "La app es una versión preliminar que se ofrece tal cual, sin garantías de ningún tipo. Sus funciones pueden cambiar o dejar de funcionar durante la evaluación. No dependa de la app para la operación de la tienda.",
    tos4: "Podemos dar por terminada la Demostración o su acceso en cualquier momento. Usted puede dejar de participar cuando quiera: desinstale la app y avísele a su contacto en {{retailer}}.",
    ndaTitle: "Acuerdo de confidencialidad",
    nda1: "La app, sus funciones, pantallas y desempeño, y toda la información que conozca sobre ellos durante la Demostración, son confidenciales.",
    nda2: "Usted se compromete a no compartir capturas de pantalla, grabaciones ni descripciones de la app con nadie fuera de {{retailer}} y AisleIQ, y a no copiar, aplicar ingeniería inversa ni publicar ninguna parte de ella.",
    nda3: "Estas obligaciones de confidencialidad continúan después de que termine la Demostración, hasta que AisleIQ haga pública la información.",
    privacyTitle: "Política de privacidad",
    privacy1:
      "Mientras usa la app durante la Demostración recopilamos: identificadores del dispositivo; su ubicación, solo mientras esté dentro de las áreas con geocerca de la tienda; registros de uso de la app; y datos de uso de la red y de la API.",
    privacy2:
      "Usamos estos datos solo para operar y evaluar la Demostración, por ejemplo para comprobar la precisión del posicionamiento en interiores y el desempeño de la app. No los vendemos ni los usamos para publicidad.",
    privacy3:
      "Los datos recopilados durante la Demostración son propiedad de {{retailer}}. AisleIQ los procesa en nombre de {{retailer}}.",
    privacy4: "Los datos se conservan solo mientras dure la evaluación y se eliminan cuando termina.",
    privacy5:
      "Sus datos de registro (nombre, correo de la empresa y teléfono) se usan para configurar su dispositivo y enviarle su código QR de acceso. Si tiene preguntas sobre sus datos, consulte a su contacto en {{retailer}}.",
  },
};
