import type { LocalizedText } from '../../http/messages.ts';

/** Platform texts of identity documents (issue 17): refusals and the review's notifications, in Portuguese and English. */
export const DOCUMENT_MESSAGES = {
  missing: {
    pt: 'Envie o arquivo do documento (JPEG, PNG ou PDF).',
    en: 'Send the document file (JPEG, PNG or PDF).',
  },
  empty: {
    pt: 'O arquivo está vazio. Envie uma foto ou um PDF do documento.',
    en: 'The file is empty. Send a photo or a PDF of the document.',
  },
  tooLarge: {
    pt: 'O arquivo deve ter no máximo 8 MB.',
    en: 'The file must be at most 8 MB.',
  },
  type: {
    pt: 'Formato não aceito: envie uma foto JPEG ou PNG, ou um PDF.',
    en: 'Format not accepted: send a JPEG or PNG photo, or a PDF.',
  },
  damaged: {
    pt: 'O arquivo parece estar corrompido. Tire a foto ou gere o PDF novamente.',
    en: 'The file seems to be damaged. Take the photo or make the PDF again.',
  },
  pdfActive: {
    pt: 'Este PDF contém scripts, ações automáticas ou arquivos anexados e não pode ser aceito. Envie uma foto do documento ou um PDF simples (por exemplo, "imprimir como PDF").',
    en: 'This PDF contains scripts, automatic actions or attached files and cannot be accepted. Send a photo of the document or a plain PDF (for example, "print to PDF").',
  },
  polyglot: {
    pt: 'O arquivo contém dados de outro formato além da imagem ou do PDF e não pode ser aceito. Envie a foto ou o PDF original.',
    en: 'The file holds data of another format besides the image or PDF and cannot be accepted. Send the original photo or PDF.',
  },
  documentType: {
    pt: 'Tipo de documento inválido: escolha frente do documento, verso do documento, selfie ou comprovante de endereço.',
    en: 'Invalid document type: choose identity front, identity back, selfie or proof of address.',
  },
  addressFirst: {
    pt: 'Cadastre seu endereço em Dados pessoais antes de enviar o comprovante de endereço.',
    en: 'Add your address under Personal data before sending the proof of address.',
  },
  notFound: { pt: 'Documento não encontrado.', en: 'Document not found.' },
  notPending: {
    pt: 'Este documento não está mais pendente de análise.',
    en: 'This document is no longer pending review.',
  },
  approvedTitle: { pt: 'Documento aprovado', en: 'Document approved' },
  approvedMessage: {
    pt: 'Seu documento ({{type}}) foi aprovado.',
    en: 'Your document ({{type}}) was approved.',
  },
  verifiedMessage: {
    pt: 'Seu documento ({{type}}) foi aprovado. Sua conta está verificada e os saques estão liberados.',
    en: 'Your document ({{type}}) was approved. Your account is verified and withdrawals are open.',
  },
  rejectedTitle: { pt: 'Documento recusado', en: 'Document rejected' },
  rejectedMessage: {
    pt: 'Seu documento ({{type}}) foi recusado: {{reason}}. Envie um novo na página de verificação.',
    en: 'Your document ({{type}}) was rejected: {{reason}}. Send a new one on the verification page.',
  },
} satisfies Record<string, LocalizedText>;

/** How each document type is named in the player's language. */
export const DOCUMENT_TYPE_NAMES = {
  identity_front: { pt: 'frente do documento de identidade', en: 'identity document, front' },
  identity_back: { pt: 'verso do documento de identidade', en: 'identity document, back' },
  selfie: { pt: 'selfie com o documento', en: 'selfie with the document' },
  proof_of_address: { pt: 'comprovante de endereço', en: 'proof of address' },
} satisfies Record<string, LocalizedText>;
