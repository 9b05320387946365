import type { LocalizedText } from '../../http/messages.ts';

/**
 * Platform texts of the auth feature that are not in the shared i18n
 * resources (code messages sent by SMS/e-mail, confirmations). `{{name}}`
 * placeholders are filled by {@link fill}.
 */
export const AUTH_MESSAGES = {
  codeSms: { pt: 'Seu código {{brand}}: {{code}}. Ele expira em 10 minutos.', en: 'Your {{brand}} code: {{code}}. It expires in 10 minutes.' },
  codeEmailSubject: { pt: '{{brand}}: seu código de verificação', en: '{{brand}}: your verification code' },
  codeEmailText: {
    pt: 'Olá!\n\nSeu código de verificação {{brand}} é {{code}}. Ele expira em 10 minutos.\n\nSe você não pediu este código, ignore esta mensagem.',
    en: 'Hello!\n\nYour {{brand}} verification code is {{code}}. It expires in 10 minutes.\n\nIf you did not ask for this code, ignore this message.',
  },
  passwordReset: { pt: 'Senha redefinida. Entre com a nova senha.', en: 'Password reset. Log in with your new password.' },
  passwordChanged: { pt: 'Senha alterada com sucesso.', en: 'Password changed.' },
  currentPasswordWrong: { pt: 'A senha atual está incorreta.', en: 'The current password is incorrect.' },
  loggedOut: { pt: 'Você saiu da sua conta.', en: 'You have logged out.' },
  googleDisabled: { pt: 'O login com Google não está disponível neste site.', en: 'Google login is not available on this site.' },
  googleInvalid: { pt: 'Não foi possível validar o login com Google. Tente novamente.', en: 'Google login could not be verified. Please try again.' },
  registrationComplete: {
    pt: 'Seu cadastro já está completo.',
    en: 'Your registration is already complete.',
  },
  googleEmailUnverified: {
    pt: 'Já existe uma conta com este e-mail. Entre com seu telefone e verifique o e-mail para usar o Google.',
    en: 'An account already uses this e-mail. Log in with your phone and verify the e-mail to use Google.',
  },
  phoneMismatch: { pt: 'Informe o telefone cadastrado na sua conta.', en: 'Enter the phone number of your account.' },
  noEmail: { pt: 'Cadastre um e-mail antes de verificá-lo.', en: 'Add an e-mail address before verifying it.' },
} satisfies Record<string, LocalizedText>;

/** `template` with `{{name}}` replaced by `vars[name]`. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
