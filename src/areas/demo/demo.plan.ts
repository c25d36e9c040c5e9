import type { FunderCaller } from '../../platform/caller.ts';
import { addDays } from '../../platform/clock.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { DecisionsService } from '../decisions/decisions.module.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import type { LimitsService } from '../limits/limits.module.ts';
import { insertDebtor, insertInvoice, insertSeller } from '../parties/parties.module.ts';
import type { RequestPartiesService } from '../requests/requests.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import {
  DEMO_DEBTOR_LIMITS,
  DEMO_DEBTORS,
  DEMO_REQUIRED_DOCUMENTS,
  DEMO_SELLER_LIMITS,
  DEMO_SELLERS,
  type DebtorKey,
  type DemoRequest,
  type SellerKey,
} from './demo.companies.ts';
import { DEMO_REQUESTS } from './demo.requests.ts';
import { documentVersions, type invoiceNumbers, type StepKind } from './demo.timeline.ts';

export interface ScenarioDeps {
  documents: Pick<DocumentsService, 'uploadIn' | 'verifyIn'>;
  parties: Pick<
    RequestPartiesService,
    'createRequestIn' | 'routeIn' | 'moveIn' | 'sellerAnswerIn' | 'debtorAnswerIn' | 'raiseSignalIn'
  >;
  decisions: Pick<DecisionsService, 'decide'>;
  settings: Pick<SettingsService, 'putRequiredDocuments'>;
  limits: Pick<LimitsService, 'putCreditLimit' | 'putSellerLimit'>;
}

/** The catalogue entries the scenario reads: which documents exist per country, how long they last. */
export interface CatalogueEntry {
  code: string;
  countries: string[];
  usual_validity_days: number | null;
}

/**
 * The scenario's plan, written phase by phase: each phase adds its steps (`at`, `decide`) in the
 * order they are written; the ids the steps make are kept here for the later ones.
 */
export interface Plan {
  deps: ScenarioDeps;
  funder: FunderCaller;
  today: string;
  catalogue: readonly CatalogueEntry[];
  at: (day: number, kind: StepKind, what: string, run: (scope: WriteScope) => Promise<unknown>) => void;
  /** A decision of the funder: its own write, through the decisions service. */
  decide: (
    day: number,
    kind: StepKind,
    what: string,
    id: () => string,
    body: Record<string, unknown>,
  ) => void;
  debtorIds: Map<DebtorKey, string>;
  sellerIds: Map<SellerKey, string>;
  requestIds: string[];
  numbers: ReturnType<typeof invoiceNumbers>;
  counts: { documents: number; invoices: number };
}

type DemoSeller = (typeof DEMO_SELLERS)[number];

/** Days from today on which the companies joined the service. */
const DEBTORS_RECORDED = -125;
const SELLERS_JOINED = -120;
const LISTS_SET = -100;

/** A small text file standing in for a document's scan; the same bytes on every reset. */
const placeholderFile = (code: string, seller: string, issued: string) =>
  Buffer.from(
    `Demonstration document ${code} of ${seller}, issued ${issued}. Fictitious: demonstration plane only.\n`,
  ).toString('base64');

const cents = (euros: number) => Math.round(euros * 100);

/** The companies: the debtors, then each seller with its documents and its track record. */
export function planCompanies(plan: Plan) {
  for (const debtor of DEMO_DEBTORS) {
    const { key, signer, ...fields } = debtor;
    plan.at(DEBTORS_RECORDED, 'company', `debtor ${debtor.name}`, async ({ tx, now, evidence }) =>
      plan.debtorIds.set(key, (await insertDebtor(tx, 'demo', fields, now, evidence)).id),
    );
  }
  for (const [s, seller] of DEMO_SELLERS.entries()) {
    const { key, invoiceNumber, invoiceSource, history, documents: dated, ...fields } = seller;
    plan.at(SELLERS_JOINED, 'company', `seller ${seller.name}`, async ({ tx, now, evidence }) =>
      plan.sellerIds.set(key, (await insertSeller(tx, 'demo', fields, now, evidence)).id),
    );
    sellerDocuments(plan, s, seller);
    sellerHistory(plan, s, seller);
  }
}

/**
 * Every document of the catalogue for the seller's country, each version uploaded the day after
 * it was issued and verified the same day, renewed before the previous one ran out.
 */
function sellerDocuments(plan: Plan, s: number, seller: DemoSeller) {
  const { key, documents: dated } = seller;
  const codes = plan.catalogue.filter((entry) => entry.countries.includes(seller.country));
  for (const [i, entry] of codes.entries()) {
    const listed = DEMO_REQUIRED_DOCUMENTS.some(
      (list) => list.country === seller.country && list.codes.includes(entry.code),
    );
    for (const version of documentVersions(entry, dated?.[entry.code], listed, s * 3 + i * 4)) {
      const issued = addDays(plan.today, version.issued);
      plan.at(
        Math.max(version.issued + 1, SELLERS_JOINED),
        'document',
        `${seller.name} ${entry.code}`,
        async (scope) => {
          const document = await plan.deps.documents.uploadIn(scope, {
            seller_id: plan.sellerIds.get(key)!,
            code: entry.code,
            file_name: `${entry.code}-${seller.tax_id}-${issued}.txt`,
            content_base64: placeholderFile(entry.code, seller.name, issued),
            issued_on: issued,
            ...(version.validUntil === undefined
              ? {}
              : { valid_until: addDays(plan.today, version.validUntil) }),
          });
          await plan.deps.documents.verifyIn(
            scope,
            document.id,
            i % 2 === 0 ? 'issuer_registry' : 'manual_review',
          );
        },
      );
      plan.counts.documents += 1;
    }
  }
}

/** Its track record: about one invoice a month to its usual customers, synchronised when it joined, then as it issued them. */
function sellerHistory(plan: Plan, s: number, seller: DemoSeller) {
  const { key, invoiceSource, history } = seller;
  for (let m = history.months; m >= 2; m -= 1) {
    const issued = -30 * m - ((s + m) % 9);
    const variation = ((s * 7 + m * 13) % 21) - 10; // -10 % to +10 %
    const debtor = history.debtors[m % history.debtors.length]!;
    plan.at(
      Math.max(issued, SELLERS_JOINED),
      'history',
      `${seller.name} invoice`,
      async ({ tx, now, evidence }) =>
        insertInvoice(
          tx,
          'demo',
          {
            seller_id: plan.sellerIds.get(key)!,
            debtor_id: plan.debtorIds.get(debtor)!,
            number: plan.numbers.get(`history:${key}:${m}`)!,
            amount: Math.round(history.amount * (100 + variation)) / 100,
            issue_date: addDays(plan.today, issued),
            due_date: addDays(plan.today, issued + 60),
            source: invoiceSource,
          },
          now,
          evidence,
        ),
    );
    plan.counts.invoices += 1;
  }
}

/** The funder's settings: the document lists, the debtor limits, the seller limits. */
export function planSettings(plan: Plan) {
  for (const list of DEMO_REQUIRED_DOCUMENTS) {
    plan.at(LISTS_SET, 'settings', `document list ${list.country}`, () =>
      plan.deps.settings.putRequiredDocuments(plan.funder, {
        country: list.country,
        codes: list.codes,
        note: list.note,
      }),
    );
  }
  for (const limit of DEMO_DEBTOR_LIMITS) {
    const debtor = DEMO_DEBTORS.find((d) => d.key === limit.debtor)!;
    plan.at(limit.on, 'settings', `limit on ${debtor.name}`, () =>
      plan.deps.limits.putCreditLimit(plan.funder, {
        debtor_tax_id: debtor.tax_id,
        debtor_country: debtor.country,
        debtor_name: debtor.name,
        amount: limit.amount,
        note: limit.note,
      }),
    );
  }
  for (const limit of DEMO_SELLER_LIMITS) {
    plan.at(limit.on, 'settings', `limit on seller ${limit.seller}`, () =>
      plan.deps.limits.putSellerLimit(plan.funder, {
        seller_id: plan.sellerIds.get(limit.seller)!,
        amount: limit.amount,
        note: limit.note,
      }),
    );
  }
}

/** The requests, each with its life: created and routed, reviewed, decided, answered, settled. */
export function planRequests(plan: Plan) {
  for (const [r, request] of DEMO_REQUESTS.entries()) {
    plan.counts.invoices += request.invoices.length;
    requestSteps(plan, request, r);
  }
}

function requestSteps(plan: Plan, request: DemoRequest, r: number) {
  const id = () => plan.requestIds[r]!;
  const what = (step: string) => `request "${request.label}", ${step}`;
  plan.at(request.created, 'create', what('created'), async (scope) => {
    const invoiceIds: string[] = [];
    for (const [i, invoice] of request.invoices.entries()) {
      const seller = DEMO_SELLERS.find((s) => s.key === request.seller)!;
      const created = await insertInvoice(
        scope.tx,
        'demo',
        {
          seller_id: plan.sellerIds.get(request.seller)!,
          debtor_id: plan.debtorIds.get(invoice.debtor)!,
          number: plan.numbers.get(`request:${r}:${i}`)!,
          amount: invoice.amount,
          issue_date: addDays(plan.today, invoice.issued),
          due_date: addDays(plan.today, invoice.due),
          source: seller.invoiceSource,
        },
        scope.now,
        scope.evidence,
      );
      invoiceIds.push(created.id);
    }
    plan.requestIds[r] = await plan.deps.parties.createRequestIn(scope, {
      seller_id: plan.sellerIds.get(request.seller)!,
      type: request.type,
      invoice_ids: invoiceIds,
      status: request.pending ? 'pending' : 'submitted',
    });
  });
  plan.at(request.created, 'route', what('routed'), (scope) =>
    plan.deps.parties.routeIn(scope, id(), plan.funder.funderId),
  );
  if (request.review !== undefined) {
    plan.at(request.review, 'review', what('review'), (scope) =>
      plan.deps.parties.moveIn(scope, id(), 'review', null),
    );
  }
  const { signal, cancel, offer, decline, sellerAnswer, fund } = request;
  if (signal) {
    const { on, ...raised } = signal;
    plan.at(on, 'review', what('risk signal'), (scope) =>
      plan.deps.parties.raiseSignalIn(scope, id(), raised),
    );
  }
  if (cancel) {
    plan.at(cancel.on, 'review', what('cancel'), (scope) =>
      plan.deps.parties.moveIn(scope, id(), 'cancel', cancel.note),
    );
  }
  if (offer) {
    const { on, ...terms } = offer;
    plan.decide(on, 'offer', what('offer'), id, { decision: 'offer', ...terms });
  }
  if (decline) {
    const { on, ...reasons } = decline;
    plan.decide(on, 'offer', what('decline'), id, { decision: 'decline', ...reasons });
  }
  if (sellerAnswer) {
    plan.at(sellerAnswer.on, 'answer', what(`seller ${sellerAnswer.answer}`), (scope) =>
      plan.deps.parties.sellerAnswerIn(scope, id(), sellerAnswer.answer),
    );
  }
  for (const notice of request.notices ?? []) {
    const debtor = DEMO_DEBTORS.find((d) => d.key === notice.debtor)!;
    plan.at(notice.on, 'notice', what(`${debtor.name} answers`), (scope) =>
      plan.deps.parties.debtorAnswerIn(scope, id(), {
        debtor_tax_id: debtor.tax_id,
        answer: notice.answer,
        level: notice.level ?? null,
        channel: notice.answer === 'acknowledged' ? 'portal' : 'email',
        signer: debtor.signer,
        reason: notice.reason ?? null,
      }),
    );
  }
  if (fund) {
    plan.decide(fund.on, 'fund', what('fund'), id, {
      decision: 'fund',
      value_date: addDays(plan.today, fund.on),
      reference: fund.reference,
    });
  }
  let owed = request.invoices.reduce((sum, invoice) => sum + cents(invoice.amount), 0);
  for (const settlement of request.settlements ?? []) {
    const amount = settlement.amount === 'rest' ? owed : cents(settlement.amount);
    owed -= amount;
    plan.decide(settlement.on, 'settle', what('settle'), id, {
      decision: 'settle',
      amount: amount / 100,
      reference: settlement.reference,
      ...(settlement.note ? { note: settlement.note } : {}),
    });
  }
}
