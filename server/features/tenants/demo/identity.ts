/** Who a demo operator is, as its legal and custom pages name it. */
export interface LegalIdentity {
  brand: string;
  legalName: string;
  /** City of the registered seat (the Pix receiver's city). */
  legalCity: string;
  cnpj: string;
  licence: string;
  email: string;
}
