import type { Caller } from '../../platform/caller.ts';
import type { Db, Tx } from '../../platform/db/db.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { AccountService } from '../account/account.service.ts';

const DEMO_FUNDER_STATE = 'demonstration_funder';
export const DEMO_FUNDER_NAME = 'Banco Demostración';

/** Fictitious sellers of the demonstration plane: one per country the service serves. */
const DEMO_SELLERS = [
  {
    name: 'Conservas del Cantábrico SL',
    tax_id: 'B39000001',
    country: 'ES',
    verification_status: 'approved',
  },
  { name: 'Talleres Ebro Mecánica SA', tax_id: 'A50000002', country: 'ES', verification_status: 'approved' },
  { name: 'Cortiças do Douro Lda', tax_id: '509000003', country: 'PT', verification_status: 'approved' },
  {
    name: 'Ateliers Loire Emballage SAS',
    tax_id: 'FR40900000004',
    country: 'FR',
    verification_status: 'approved',
  },
  { name: 'Ceramiche Toscane Srl', tax_id: 'IT09000000005', country: 'IT', verification_status: 'pending' },
] as const;

/** Their customers, including a public body. */
const DEMO_DEBTORS = [
  { name: 'Distribuciones Meseta SA', tax_id: 'A28000101', country: 'ES', is_public_body: false },
  { name: 'Hipermercados Levante SL', tax_id: 'B46000102', country: 'ES', is_public_body: false },
  { name: 'Ayuntamiento de Villaejemplo', tax_id: 'P2800103A', country: 'ES', is_public_body: true },
  { name: 'Supermercados Atlântico SA', tax_id: '500000104', country: 'PT', is_public_body: false },
  { name: 'Grande Distribution Rhône SA', tax_id: 'FR60900000105', country: 'FR', is_public_body: false },
  { name: 'Edilizia Lombarda SpA', tax_id: 'IT09000000106', country: 'IT', is_public_body: false },
] as const;

export type DemoService = ReturnType<typeof createDemoService>;

/**
 * The demonstration plane: a demonstration funder shared by sandbox keys, with fictitious
 * sellers and debtors. Resetting deletes every demonstration row and builds them again;
 * nothing on the live plane is read or written.
 */
export function createDemoService(deps: { db: Db; write: RunWrite; account: AccountService }) {
  async function demoFunderId(q: Tx | Db): Promise<string | null> {
    const { rows } = await q.query<{ value: { bank_id: string } }>(
      'SELECT value FROM service_state WHERE name = $1',
      [DEMO_FUNDER_STATE],
    );
    return rows[0]?.value.bank_id ?? null;
  }

  async function clearPlane(tx: Tx): Promise<void> {
    // Children first. Areas that add demonstration rows add their tables here.
    // Settings changed with sandbox keys go back to the defaults (seller documents, deal files
    // and download logs go with their sellers).
    await tx.query(`DELETE FROM funder_required_documents WHERE plane = 'demo'`);
    await tx.query(`DELETE FROM funder_listed_buyers WHERE plane = 'demo'`);
    await tx.query(`DELETE FROM funder_settings WHERE plane = 'demo'`);
    await tx.query(`DELETE FROM invoices WHERE plane = 'demo'`);
    await tx.query(`DELETE FROM sellers WHERE plane = 'demo'`);
    await tx.query(`DELETE FROM debtors WHERE plane = 'demo'`);
  }

  async function seed(tx: Tx, now: Date): Promise<{ sellers: number; debtors: number }> {
    await tx.query(
      `INSERT INTO sellers (id, plane, name, tax_id, country, verification_status, created_at)
       SELECT id, 'demo', name, tax_id, country, status, $6
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) AS s(id, name, tax_id, country, status)`,
      [
        DEMO_SELLERS.map(() => newId()),
        DEMO_SELLERS.map((s) => s.name),
        DEMO_SELLERS.map((s) => s.tax_id),
        DEMO_SELLERS.map((s) => s.country),
        DEMO_SELLERS.map((s) => s.verification_status),
        now,
      ],
    );
    await tx.query(
      `INSERT INTO debtors (id, plane, name, tax_id, country, is_public_body, created_at)
       SELECT id, 'demo', name, tax_id, country, public_body, $6
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[]) AS d(id, name, tax_id, country, public_body)`,
      [
        DEMO_DEBTORS.map(() => newId()),
        DEMO_DEBTORS.map((d) => d.name),
        DEMO_DEBTORS.map((d) => d.tax_id),
        DEMO_DEBTORS.map((d) => d.country),
        DEMO_DEBTORS.map((d) => d.is_public_body),
        now,
      ],
    );
    return { sellers: DEMO_SELLERS.length, debtors: DEMO_DEBTORS.length };
  }

  return {
    demoFunderId: () => demoFunderId(deps.db),

    /** Rebuilds the demonstration plane; answers the demonstration funder. */
    async reset(
      caller: Caller,
    ): Promise<{ bank_id: string; sellers: number; debtors: number; created_funder: boolean }> {
      let bankId = await demoFunderId(deps.db);
      let createdFunder = false;
      if (!bankId) {
        const funder = await deps.account.createFunder(caller, {
          name: DEMO_FUNDER_NAME,
          environment: 'sandbox',
          demonstration: true,
        });
        bankId = funder.bank_id;
        createdFunder = true;
        await deps.db.query(
          `INSERT INTO service_state (name, value, updated_at) VALUES ($1, $2, now())
           ON CONFLICT (name) DO NOTHING`,
          [DEMO_FUNDER_STATE, JSON.stringify({ bank_id: bankId })],
        );
        bankId = (await demoFunderId(deps.db)) ?? bankId;
      }
      const funderId = bankId;
      const counts = await deps.write(caller, async ({ tx, now, evidence }) => {
        await clearPlane(tx);
        const seeded = await seed(tx, now);
        evidence({
          funderId,
          plane: 'demo',
          kind: 'demo.reset',
          subjectType: 'plane',
          subjectId: 'demo',
          payload: seeded,
        });
        return seeded;
      });
      return { bank_id: funderId, ...counts, created_funder: createdFunder };
    },
  };
}
