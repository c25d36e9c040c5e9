import type { Caller, FunderCaller } from '../../platform/caller.ts';
import { addDays } from '../../platform/clock.ts';
import { SCOPES } from '../../platform/http/scopes.ts';
import type { RebuildControl, WriteScope } from '../../platform/write.ts';
import type { DecisionInput, DecisionsService } from '../decisions/decisions.module.ts';
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
import { documentVersions, invoiceNumbers, type Step, type StepKind, stepInstant } from './demo.timeline.ts';

/**
 * The demonstration scenario, played as it would have happened: three months of a funder's
 * business replayed step by step, each step at its own instant in the past (`playAt`), through
 * the same service functions the operations API, the sandbox endpoints and the funder API use.
 * The whole replay is one transaction (see `runAsOneWrite`): it lands whole or not at all.
 *
 * Days are counted from the Madrid date of the runtime clock: `-30` is thirty days ago.
 */

/** The key id the scenario's decisions carry: no real key, so none can be revoked or leaked. */
export const SCENARIO_KEY_ID = '00000000-0000-0000-0000-000000000000';

/** The demonstration funder acting through the funder API, as the scenario's decisions do. */
export function scenarioCaller(funder: { id: string; name: string }, now: Date): FunderCaller {
  return {
    kind: 'funder',
    funderId: funder.id,
    funderName: funder.name,
    environment: 'sandbox',
    plane: 'demo',
    keyId: SCENARIO_KEY_ID,
    keyName: 'demonstration scenario',
    scopes: SCOPES,
    keyDetails: { prefix: 'demo', createdAt: now, expiresAt: null, prospect: null },
    requestId: 'demo-reset',
  };
}

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

/** What the scenario built. */
export interface Built {
  sellers: number;
  debtors: number;
  documents: number;
  invoices: number;
  requests: number;
}

/** Days from today on which the companies joined the service. */
const DEBTORS_RECORDED = -125;
const SELLERS_JOINED = -120;
const LISTS_SET = -100;

/** A small text file standing in for a document's scan; the same bytes on every reset. */
const placeholderFile = (code: string, seller: string, issued: string) =>
  Buffer.from(
    `Demonstration document ${code} of ${seller}, issued ${issued}. Fictitious: demonstration plane only.\n`,
  ).toString('base64');

/**
 * Runs one step. A refusal here is the service's fault, not the operator's: it becomes an
 * internal error naming the step, with the refusal as its cause.
 */
async function named<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`demonstration scenario, ${what}: ${reason}`, { cause: err });
  }
}

const cents = (euros: number) => Math.round(euros * 100);

/**
 * Plays the whole scenario inside the rebuild `control`, from the oldest step to today's,
 * with the demonstration funder `funder` and the operations team `operator` as actors.
 */
export async function playScenario(input: {
  control: RebuildControl;
  deps: ScenarioDeps;
  funder: FunderCaller;
  operator: Caller;
  today: string;
  catalogue: readonly CatalogueEntry[];
}): Promise<Built> {
  const { control, deps, funder, operator, today, catalogue } = input;
  const steps: Step[] = [];
  const at = (day: number, kind: StepKind, what: string, run: (scope: WriteScope) => Promise<unknown>) =>
    steps.push({ day, kind, what, run });
  /** A decision of the funder: its own write, through the decisions service. */
  const decide = (
    day: number,
    kind: StepKind,
    what: string,
    id: () => string,
    body: Record<string, unknown>,
  ) =>
    steps.push({
      day,
      kind,
      what,
      run: async () => deps.decisions.decide(funder, id(), body as DecisionInput),
    });

  const debtorIds = new Map<DebtorKey, string>();
  const sellerIds = new Map<SellerKey, string>();
  const requestIds: string[] = [];
  const numbers = invoiceNumbers(today, DEMO_SELLERS, DEMO_REQUESTS);
  let documents = 0;
  let invoices = 0;

  for (const debtor of DEMO_DEBTORS) {
    const { key, signer, ...fields } = debtor;
    at(DEBTORS_RECORDED, 'company', `debtor ${debtor.name}`, async ({ tx, now, evidence }) =>
      debtorIds.set(key, (await insertDebtor(tx, 'demo', fields, now, evidence)).id),
    );
  }

  for (const [s, seller] of DEMO_SELLERS.entries()) {
    const { key, invoiceNumber, invoiceSource, history, documents: dated, ...fields } = seller;
    at(SELLERS_JOINED, 'company', `seller ${seller.name}`, async ({ tx, now, evidence }) =>
      sellerIds.set(key, (await insertSeller(tx, 'demo', fields, now, evidence)).id),
    );

    // Every document of the catalogue for its country, each version uploaded the day after it
    // was issued and verified the same day, renewed before the previous one ran out.
    const codes = catalogue.filter((entry) => entry.countries.includes(seller.country));
    for (const [i, entry] of codes.entries()) {
      const listed = DEMO_REQUIRED_DOCUMENTS.some(
        (list) => list.country === seller.country && list.codes.includes(entry.code),
      );
      for (const version of documentVersions(entry, dated?.[entry.code], listed, s * 3 + i * 4)) {
        const issued = addDays(today, version.issued);
        at(
          Math.max(version.issued + 1, SELLERS_JOINED),
          'document',
          `${seller.name} ${entry.code}`,
          async (scope) => {
            const document = await deps.documents.uploadIn(scope, {
              seller_id: sellerIds.get(key)!,
              code: entry.code,
              file_name: `${entry.code}-${seller.tax_id}-${issued}.txt`,
              content_base64: placeholderFile(entry.code, seller.name, issued),
              issued_on: issued,
              ...(version.validUntil === undefined
                ? {}
                : { valid_until: addDays(today, version.validUntil) }),
            });
            await deps.documents.verifyIn(
              scope,
              document.id,
              i % 2 === 0 ? 'issuer_registry' : 'manual_review',
            );
          },
        );
        documents += 1;
      }
    }

    // Its track record: about one invoice a month to its usual customers, synchronised when it
    // joined, then as it issued them.
    for (let m = history.months; m >= 2; m -= 1) {
      const issued = -30 * m - ((s + m) % 9);
      const variation = ((s * 7 + m * 13) % 21) - 10; // -10 % to +10 %
      const debtor = history.debtors[m % history.debtors.length]!;
      at(
        Math.max(issued, SELLERS_JOINED),
        'history',
        `${seller.name} invoice`,
        async ({ tx, now, evidence }) =>
          insertInvoice(
            tx,
            'demo',
            {
              seller_id: sellerIds.get(key)!,
              debtor_id: debtorIds.get(debtor)!,
              number: numbers.get(`history:${key}:${m}`)!,
              amount: Math.round(history.amount * (100 + variation)) / 100,
              issue_date: addDays(today, issued),
              due_date: addDays(today, issued + 60),
              source: invoiceSource,
            },
            now,
            evidence,
          ),
      );
      invoices += 1;
    }
  }

  for (const list of DEMO_REQUIRED_DOCUMENTS) {
    at(LISTS_SET, 'settings', `document list ${list.country}`, () =>
      deps.settings.putRequiredDocuments(funder, {
        country: list.country,
        codes: list.codes,
        note: list.note,
      }),
    );
  }
  for (const limit of DEMO_DEBTOR_LIMITS) {
    const debtor = DEMO_DEBTORS.find((d) => d.key === limit.debtor)!;
    at(limit.on, 'settings', `limit on ${debtor.name}`, () =>
      deps.limits.putCreditLimit(funder, {
        debtor_tax_id: debtor.tax_id,
        debtor_country: debtor.country,
        debtor_name: debtor.name,
        amount: limit.amount,
        note: limit.note,
      }),
    );
  }
  for (const limit of DEMO_SELLER_LIMITS) {
    at(limit.on, 'settings', `limit on seller ${limit.seller}`, () =>
      deps.limits.putSellerLimit(funder, {
        seller_id: sellerIds.get(limit.seller)!,
        amount: limit.amount,
        note: limit.note,
      }),
    );
  }

  for (const [r, request] of DEMO_REQUESTS.entries()) {
    invoices += request.invoices.length;
    requestSteps(request, r);
  }

  function requestSteps(request: DemoRequest, r: number) {
    const id = () => requestIds[r]!;
    const what = (step: string) => `request "${request.label}", ${step}`;
    at(request.created, 'create', what('created'), async (scope) => {
      const invoiceIds: string[] = [];
      for (const [i, invoice] of request.invoices.entries()) {
        const seller = DEMO_SELLERS.find((s) => s.key === request.seller)!;
        const created = await insertInvoice(
          scope.tx,
          'demo',
          {
            seller_id: sellerIds.get(request.seller)!,
            debtor_id: debtorIds.get(invoice.debtor)!,
            number: numbers.get(`request:${r}:${i}`)!,
            amount: invoice.amount,
            issue_date: addDays(today, invoice.issued),
            due_date: addDays(today, invoice.due),
            source: seller.invoiceSource,
          },
          scope.now,
          scope.evidence,
        );
        invoiceIds.push(created.id);
      }
      requestIds[r] = await deps.parties.createRequestIn(scope, {
        seller_id: sellerIds.get(request.seller)!,
        type: request.type,
        invoice_ids: invoiceIds,
        status: request.pending ? 'pending' : 'submitted',
      });
    });
    at(request.created, 'route', what('routed'), (scope) =>
      deps.parties.routeIn(scope, id(), funder.funderId),
    );
    if (request.review !== undefined) {
      at(request.review, 'review', what('review'), (scope) =>
        deps.parties.moveIn(scope, id(), 'review', null),
      );
    }
    const { signal, cancel, offer, decline, sellerAnswer, fund } = request;
    if (signal) {
      const { on, ...raised } = signal;
      at(on, 'review', what('risk signal'), (scope) => deps.parties.raiseSignalIn(scope, id(), raised));
    }
    if (cancel) {
      at(cancel.on, 'review', what('cancel'), (scope) =>
        deps.parties.moveIn(scope, id(), 'cancel', cancel.note),
      );
    }
    if (offer) {
      const { on, ...terms } = offer;
      decide(on, 'offer', what('offer'), id, { decision: 'offer', ...terms });
    }
    if (decline) {
      const { on, ...reasons } = decline;
      decide(on, 'offer', what('decline'), id, { decision: 'decline', ...reasons });
    }
    if (sellerAnswer) {
      at(sellerAnswer.on, 'answer', what(`seller ${sellerAnswer.answer}`), (scope) =>
        deps.parties.sellerAnswerIn(scope, id(), sellerAnswer.answer),
      );
    }
    for (const notice of request.notices ?? []) {
      const debtor = DEMO_DEBTORS.find((d) => d.key === notice.debtor)!;
      at(notice.on, 'notice', what(`${debtor.name} answers`), (scope) =>
        deps.parties.debtorAnswerIn(scope, id(), {
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
      decide(fund.on, 'fund', what('fund'), id, {
        decision: 'fund',
        value_date: addDays(today, fund.on),
        reference: fund.reference,
      });
    }
    let owed = request.invoices.reduce((sum, invoice) => sum + cents(invoice.amount), 0);
    for (const settlement of request.settlements ?? []) {
      const amount = settlement.amount === 'rest' ? owed : cents(settlement.amount);
      owed -= amount;
      decide(settlement.on, 'settle', what('settle'), id, {
        decision: 'settle',
        amount: amount / 100,
        reference: settlement.reference,
        ...(settlement.note ? { note: settlement.note } : {}),
      });
    }
  }

  // Oldest first; on one day in the order a working day runs; otherwise as written above. Steps
  // of one instant share one write.
  const ordered = steps
    .map((step, order) => ({ step, order, instant: stepInstant(today, step.day, step.kind) }))
    .sort((a, b) => a.instant.getTime() - b.instant.getTime() || a.order - b.order);
  for (let i = 0; i < ordered.length; ) {
    const instant = ordered[i]!.instant;
    const batch: Step[] = [];
    for (; i < ordered.length && ordered[i]!.instant.getTime() === instant.getTime(); i += 1) {
      batch.push(ordered[i]!.step);
    }
    control.playAt(instant);
    await control.write(operator, async (scope) => {
      for (const step of batch) await named(step.what, () => step.run(scope));
    });
  }

  return {
    sellers: DEMO_SELLERS.length,
    debtors: DEMO_DEBTORS.length,
    documents,
    invoices,
    requests: DEMO_REQUESTS.length,
  };
}
