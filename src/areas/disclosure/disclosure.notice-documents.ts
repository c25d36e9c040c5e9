import { sha256Hex } from '../../platform/crypto.ts';

/**
 * The notice of assignment a debtor receives: subject and HTML, in the language of the law
 * that governs it (the debtor's country), English where the project has no text of that law.
 * Written by this project. The HTML carries the literal `{{ACK_LINK}}` where the debtor's
 * personal acknowledgment link is put when the notice is sent: the link itself is never stored
 * in the document nor shown to the funder.
 */

export const ACK_LINK_PLACEHOLDER = '{{ACK_LINK}}';

export interface NoticeFacts {
  requestRef: string;
  funderName: string;
  sellerName: string;
  sellerTaxId: string;
  debtorName: string;
  debtorTaxId: string;
  debtorCountry: string;
  invoices: { number: string; amount: string; due_date: string | null }[];
}

export interface NoticeDocument {
  subject: string;
  html: string;
  language: string;
  governing_law: string;
  sha256: string;
}

interface Wording {
  subject: (f: NoticeFacts) => string;
  greeting: (f: NoticeFacts) => string;
  body: (f: NoticeFacts) => string;
  payTo: (f: NoticeFacts) => string;
  columns: [string, string, string];
  noDueDate: string;
  action: string;
}

const WORDINGS: Record<string, Wording> = {
  es: {
    subject: (f) => `Notificación de cesión de créditos de ${f.sellerName} a ${f.funderName}`,
    greeting: (f) => `A la atención de ${f.debtorName} (NIF ${f.debtorTaxId}):`,
    body: (f) =>
      `${f.sellerName} (NIF ${f.sellerTaxId}) ha cedido a ${f.funderName} los créditos de las facturas siguientes, referencia ${f.requestRef}.`,
    payTo: (f) =>
      `Desde la recepción de esta notificación, el pago de estas facturas solo libera si se hace a ${f.funderName}.`,
    columns: ['Factura', 'Importe (EUR)', 'Vencimiento'],
    noDueDate: 'sin fecha',
    action: 'Confirme la recepción de esta notificación en el enlace siguiente:',
  },
  pt: {
    subject: (f) => `Notificação de cessão de créditos de ${f.sellerName} a ${f.funderName}`,
    greeting: (f) => `À atenção de ${f.debtorName} (NIF ${f.debtorTaxId}):`,
    body: (f) =>
      `${f.sellerName} (NIF ${f.sellerTaxId}) cedeu a ${f.funderName} os créditos das faturas seguintes, referência ${f.requestRef}.`,
    payTo: (f) =>
      `A partir da receção desta notificação, o pagamento destas faturas só é liberatório se for feito a ${f.funderName}.`,
    columns: ['Fatura', 'Montante (EUR)', 'Vencimento'],
    noDueDate: 'sem data',
    action: 'Confirme a receção desta notificação na ligação seguinte:',
  },
  fr: {
    subject: (f) => `Notification de cession de créances de ${f.sellerName} à ${f.funderName}`,
    greeting: (f) => `À l’attention de ${f.debtorName} (identifiant ${f.debtorTaxId}) :`,
    body: (f) =>
      `${f.sellerName} (identifiant ${f.sellerTaxId}) a cédé à ${f.funderName} les créances des factures suivantes, référence ${f.requestRef}.`,
    payTo: (f) =>
      `Dès réception de cette notification, le paiement de ces factures n’est libératoire qu’entre les mains de ${f.funderName}.`,
    columns: ['Facture', 'Montant (EUR)', 'Échéance'],
    noDueDate: 'sans date',
    action: 'Merci de confirmer la réception de cette notification par le lien suivant :',
  },
  it: {
    subject: (f) => `Notifica di cessione di crediti da ${f.sellerName} a ${f.funderName}`,
    greeting: (f) => `Alla cortese attenzione di ${f.debtorName} (P. IVA ${f.debtorTaxId}):`,
    body: (f) =>
      `${f.sellerName} (P. IVA ${f.sellerTaxId}) ha ceduto a ${f.funderName} i crediti delle fatture seguenti, riferimento ${f.requestRef}.`,
    payTo: (f) =>
      `Dal ricevimento di questa notifica, il pagamento di queste fatture è liberatorio solo se eseguito a ${f.funderName}.`,
    columns: ['Fattura', 'Importo (EUR)', 'Scadenza'],
    noDueDate: 'senza data',
    action: 'Confermi il ricevimento di questa notifica al collegamento seguente:',
  },
  en: {
    subject: (f) => `Notice of assignment of receivables from ${f.sellerName} to ${f.funderName}`,
    greeting: (f) => `For the attention of ${f.debtorName} (tax id ${f.debtorTaxId}):`,
    body: (f) =>
      `${f.sellerName} (tax id ${f.sellerTaxId}) has assigned to ${f.funderName} the receivables of the invoices below, reference ${f.requestRef}.`,
    payTo: (f) =>
      `From receipt of this notice, payment of these invoices discharges you only when made to ${f.funderName}.`,
    columns: ['Invoice', 'Amount (EUR)', 'Due date'],
    noDueDate: 'none',
    action: 'Please confirm receipt of this notice at the following link:',
  },
};

/** The language of the notice under each governing law the project has a text for. */
const LANGUAGE_OF_LAW: Record<string, string> = { ES: 'es', PT: 'pt', FR: 'fr', IT: 'it' };

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** SHA-256 of the subject, a line feed and the HTML, as the spec fingerprints a notice. */
export const noticeSha256 = (subject: string, html: string): string => sha256Hex(`${subject}\n${html}`);

export function writeNotice(facts: NoticeFacts): NoticeDocument {
  const governingLaw = facts.debtorCountry.toUpperCase();
  const language = LANGUAGE_OF_LAW[governingLaw] ?? 'en';
  const w = WORDINGS[language]!;
  const e = (text: string) => escapeHtml(text);
  const rows = facts.invoices
    .map(
      (i) =>
        `<tr><td>${e(i.number)}</td><td style="text-align:right">${e(i.amount)}</td><td>${e(i.due_date ?? w.noDueDate)}</td></tr>`,
    )
    .join('');
  const subject = w.subject(facts);
  const html = [
    `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head><body>`,
    `<p>${e(w.greeting(facts))}</p>`,
    `<p>${e(w.body(facts))}</p>`,
    `<table><thead><tr><th>${w.columns.map(e).join('</th><th>')}</th></tr></thead><tbody>${rows}</tbody></table>`,
    `<p>${e(w.payTo(facts))}</p>`,
    `<p>${e(w.action)} <a href="${ACK_LINK_PLACEHOLDER}">${ACK_LINK_PLACEHOLDER}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, html, language, governing_law: governingLaw, sha256: noticeSha256(subject, html) };
}
