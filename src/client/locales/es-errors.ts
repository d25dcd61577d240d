import type { enErrors } from "./en-errors";
import type { Translation } from "./types";

/**
 * Spanish messages of the server's error codes: the same keys as `en-errors.ts` (ADR 0022,
 * ADR 0026), written for store staff. Registered with every Spanish page (`es-register.ts`).
 */
export const esErrors: Translation<typeof enErrors> = {
  validation: "Revise los datos que ingresó y vuelva a intentarlo.",
  badRequest: "No pudimos entender la solicitud.",
  methodNotAllowed: "Esta acción no está disponible.",
  notAcceptable: "El servidor no puede responder en un formato que esta página entienda.",
  conflict: "Este cambio no coincide con los datos actuales. Actualice la página y vuelva a intentarlo.",
  gone: "Este elemento ya no está disponible.",
  payloadTooLarge: "Lo que envió es demasiado grande.",
  unsupportedMediaType: "No aceptamos este tipo de contenido.",
  requestTimeout: "La solicitud tardó demasiado en llegar.",
  uriTooLong: "La dirección de la solicitud es demasiado larga.",
  headersTooLarge: "Los encabezados de la solicitud son demasiado grandes.",
  crossOrigin: "No se permiten solicitudes desde otro sitio.",
  rateLimited: "Demasiados intentos. Espere unos minutos y vuelva a intentarlo.",
  notFound: "No encontramos lo que buscaba.",
  internal: "Algo salió mal de nuestro lado. Vuelva a intentarlo.",
  serviceUnavailable: "El servicio no está disponible por el momento. Vuelva a intentarlo en unos segundos.",
  notReady: "No se puede acceder a la base de datos",
  unauthenticated: "Inicie sesión para continuar.",
  forbidden: "No tiene permiso para hacer eso.",
  setupRequired: "Todavía no hay una cuenta de administrador. Cree la primera.",
  adminExists: "Ya existe una cuenta de administrador. Inicie sesión.",
  initialAdminEmailOnly: "Esta dirección no puede crear la primera cuenta de administrador.",
  emailTaken: "Ya existe una cuenta con este correo electrónico.",
  tokenInvalid: "Este enlace no es válido. Solicite uno nuevo.",
  tokenExpired: "Este enlace ya venció. Solicite uno nuevo.",
  tokenUsed: "Este enlace ya se usó. Solicite uno nuevo.",
  accountInactive: "Esta cuenta está desactivada.",
  accountDeactivated:
    "Su cuenta fue desactivada. Para volver a usar AisleIQ, pida al administrador de su empresa o al soporte de AisleIQ que la reactive.",
  selfReviewForbidden:
    "No puede revisar su propia verificación de antecedentes. Otra persona tiene que decidirla.",
  selfManagementForbidden:
    "No puede cambiar, desactivar ni eliminar su propia cuenta. Pídaselo a otro administrador.",
  signInCodeInvalid:
    "Ese código no es correcto. Revise el correo de inicio de sesión más reciente y escriba su código en el navegador donde lo pidió.",
  signInCodeUsed:
    "Este código ya se usó: con él o con el enlace de su correo ya se inició sesión. Si no fue usted, pida un correo nuevo.",
  signInCodeExhausted:
    "Demasiados intentos fallidos: este código ya no sirve. Use el enlace del correo o pida un correo nuevo.",
  passkeyFailed:
    "Esa llave de acceso no pudo iniciar su sesión. Inténtelo de nuevo o entre con un enlace por correo.",
  passkeyRegistrationFailed: "No se pudo agregar la llave de acceso. Inténtelo de nuevo.",
  passkeyLimit: "Esta cuenta ya tiene todas las llaves de acceso que admite. Elimine una primero.",
  stepUpRequired:
    "Para agregar una llave de acceso, confirme que es usted con un código que le enviamos por correo.",
  stepUpCodeInvalid:
    "Ese código no es correcto o ya venció. Revise el correo más reciente o pida un código nuevo.",
  stepUpCodeExhausted: "Demasiados intentos incorrectos: este código ya no sirve. Pida un código nuevo.",
  incorrectPassword: "Contraseña incorrecta. Vuelva a intentarlo.",
  gateLocked: "Ingrese la contraseña para ver esta sección.",
  invitationRevoked: "Esta invitación fue retirada.",
  invitationAccepted: "Esta invitación ya fue aceptada.",
  invitationPendingElsewhere:
    "Esta dirección ya tiene una invitación pendiente que usted no puede administrar. Primero tienen que aceptarla, retirarla o dejar que venza.",
  invitationCompanyConflict: "Ya hay una invitación pendiente a esta dirección para otra empresa.",
  companyNotFound: "Esa empresa no existe.",
  companyRequired: "Elija la empresa que administrará este administrador de empresa.",
  companyEmailTaken: "Ya existe una empresa con este correo electrónico.",
  fieldsRequired: "Complete todos los campos para continuar.",
  invalidEmailDomain: "El correo electrónico debe terminar con el dominio de la empresa.",
  invalidPhone: "Ingrese un número de teléfono válido.",
  termsNotAccepted:
    "Acepte los Términos del servicio, el Acuerdo de confidencialidad y la Política de privacidad.",
  idempotencyKeyReused: "Este ID de registro pertenece a otro registro.",
  unsupportedFileType: "Un archivo no es de un tipo admitido. Use PDF, JPEG, PNG, GIF, DOC o DOCX.",
  fileTooLarge: "Un archivo supera el tamaño máximo permitido.",
  unsupportedFileTypeNamed: "{{file}} no es de un tipo admitido. Use PDF, JPEG, PNG, GIF, DOC o DOCX.",
  fileTooLargeNamed: "{{file}} supera el tamaño máximo permitido.",
  tooManyFiles: "Hay demasiados archivos. Quite algunos y vuelva a intentarlo.",
  filesRequired: "Suba al menos un documento para su verificación de antecedentes",
  multipartRequired: "Envíe el formulario como multipart/form-data.",
  emptyFile: "Un archivo está vacío.",
  tooManyParts: "El formulario tiene demasiados campos.",
  fieldTooLarge: "Un campo es demasiado largo.",
  malformedMultipart: "La carga quedó incompleta o dañada. Vuelva a intentarlo.",
  uploadTimeout: "La carga se detuvo. Vuelva a intentarlo.",
  storageUnavailable: "No pudimos guardar sus documentos en este momento. Vuelva a intentarlo en un minuto.",
  fileUnavailable: "No se puede abrir este documento en este momento. Vuelva a intentarlo en un minuto.",
  authorizationRequired:
    "Lea la divulgación, marque la casilla y escriba su nombre completo, tal como en Nombre completo, para firmar la autorización.",
  disclosureOutdated: "La divulgación se actualizó. Lea la nueva y vuelva a firmar.",
  adverseActionStage: "Este paso no es posible en esta etapa de la decisión.",
};
