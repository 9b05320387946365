/** Who a demo operator is, as its legal and custom pages name it. */
export interface LegalIdentity {
  brand: string;
  legalName: string;
  cnpj: string;
  licence: string;
  email: string;
}
