import type { LocalizedText } from '../../http/messages.ts';
import { STAFF_LOCKOUT } from './policy.ts';

/** Back-office texts of the platform, in Portuguese and English. */
export const STAFF_MESSAGES = {
  badLogin: { pt: 'E-mail ou senha incorretos.', en: 'Incorrect e-mail or password.' },
  badCode: { pt: 'Código inválido ou já usado. Digite o código atual do seu aplicativo autenticador.', en: 'Invalid or already used code. Enter the current code from your authenticator app.' },
  locked: {
    pt: `Acesso bloqueado por ${STAFF_LOCKOUT.minutes} minutos após ${STAFF_LOCKOUT.attempts} tentativas erradas.`,
    en: `Access locked for ${STAFF_LOCKOUT.minutes} minutes after ${STAFF_LOCKOUT.attempts} failed attempts.`,
  },
  totpUnreadable: {
    pt: 'Não foi possível verificar sua autenticação em duas etapas. Peça a um administrador para redefini-la.',
    en: 'Your two-step verification cannot be checked. Ask an administrator to reset it.',
  },
  challengeExpired: { pt: 'A verificação expirou. Entre com sua senha novamente.', en: 'The verification expired. Sign in with your password again.' },
  sessionExpired: { pt: 'Sua sessão do painel expirou. Entre novamente.', en: 'Your back-office session has expired. Please sign in again.' },
  csrfHeader: { pt: 'Requisição do painel sem o cabeçalho X-Backoffice.', en: 'Back-office request without the X-Backoffice header.' },
  roleForbidden: { pt: 'Seu perfil não permite esta ação.', en: 'Your role does not allow this action.' },
  siteRequired: { pt: 'Informe o domínio do site.', en: 'Enter the site domain.' },
  siteUnknown: { pt: 'Site não encontrado.', en: 'Site not found.' },
  emailTaken: { pt: 'Já existe um membro da equipe com este e-mail.', en: 'A staff member with this e-mail already exists.' },
  staffNotFound: { pt: 'Membro da equipe não encontrado.', en: 'Staff member not found.' },
  lastAdmin: { pt: 'O site precisa de pelo menos um administrador ativo.', en: 'The site needs at least one active administrator.' },
  notYourself: { pt: 'Você não pode desativar nem rebaixar a própria conta.', en: 'You cannot disable or demote your own account.' },
} satisfies Record<string, LocalizedText>;
