/**
 * The HTTP status messages of the error catalogue (specification section 8),
 * in Portuguese (the base) and English. The API answers in the caller's
 * `Accept-Language` (English when it prefers `en`, Portuguese otherwise).
 */
export type MessageLocale = 'pt' | 'en';
export type LocalizedText = Record<MessageLocale, string>;

export const STATUS_MESSAGES: Readonly<Record<number, LocalizedText>> = {
  400: { pt: 'Verifique os dados da requisição e tente novamente.', en: 'Please check the request and try again.' },
  401: { pt: 'Sua sessão expirou. Faça login novamente.', en: 'Your session has expired. Please log in again.' },
  402: { pt: 'Créditos insuficientes.', en: 'Not enough credits.' },
  403: { pt: 'Você não tem permissão para realizar esta ação.', en: 'You do not have permission to do this.' },
  404: { pt: 'Não encontrado.', en: 'Not found.' },
  405: { pt: 'Ação não permitida.', en: 'Action not allowed.' },
  406: { pt: 'Não é possível aceitar a requisição.', en: 'The request cannot be accepted.' },
  407: { pt: 'É necessária autenticação no proxy.', en: 'Proxy authentication is required.' },
  408: { pt: 'A requisição demorou demais. Tente novamente.', en: 'The request timed out. Please try again.' },
  409: { pt: 'Este registro já existe.', en: 'This already exists.' },
  410: { pt: 'Este conteúdo não está mais disponível.', en: 'This is no longer available.' },
  411: { pt: 'São necessárias mais informações.', en: 'More information is needed.' },
  412: { pt: 'Há um problema com as informações enviadas.', en: 'There is a problem with the information sent.' },
  413: { pt: 'A requisição é grande demais.', en: 'The request is too large.' },
  414: { pt: 'O endereço é longo demais.', en: 'The address is too long.' },
  415: { pt: 'Tipo de arquivo não suportado.', en: 'Unsupported file type.' },
  416: { pt: 'Não é possível atender a esta requisição.', en: 'This request cannot be fulfilled.' },
  417: { pt: 'As expectativas da requisição não foram atendidas.', en: 'The request expectations were not met.' },
  422: { pt: 'Você já possui uma assinatura ativa.', en: 'You already have an active subscription.' },
  429: { pt: 'Muitas requisições. Aguarde um momento e tente novamente.', en: 'Too many requests. Please wait and try again.' },
  500: { pt: 'Erro no servidor. Tente novamente mais tarde.', en: 'Server error. Please try again later.' },
  501: { pt: 'Funcionalidade não implementada.', en: 'Not implemented.' },
  502: { pt: 'Problema de conexão. Tente novamente.', en: 'Connection problem. Please try again.' },
  503: { pt: 'Serviço indisponível no momento.', en: 'Service unavailable at the moment.' },
  504: { pt: 'O servidor demorou para responder.', en: 'The server took too long to respond.' },
  505: { pt: 'Versão do protocolo não suportada.', en: 'Protocol version not supported.' },
};

/** Used for validation failures (422 with an `errors` object) instead of the catalogue's 422 text. */
export const VALIDATION_MESSAGE: LocalizedText = {
  pt: 'Os dados informados são inválidos.',
  en: 'The data given is invalid.',
};

/** The catalogue's generic failure text, for statuses it does not list. */
export const GENERIC_MESSAGE: LocalizedText = {
  pt: 'Ops! Algo deu errado. Tente novamente.',
  en: 'Oops! Something went wrong. Please try again.',
};

/** Picks the message language from an `Accept-Language` header value. */
export function messageLocale(acceptLanguage: string | undefined): MessageLocale {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'pt';
}

export function statusMessage(status: number, locale: MessageLocale): string {
  return (STATUS_MESSAGES[status] ?? GENERIC_MESSAGE)[locale];
}
