import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  type LockOption,
  lockClause,
  scopedCount,
  scopedRow,
  scopedRows,
  scopedStatement,
} from '../../platform/db/scoped.ts';
import { namedStatement } from '../../platform/db/statements.ts';

export type DocumentStatus = 'pending' | 'verified' | 'rejected' | 'revoked';
export type Sensitivity = 'public' | 'confidential' | 'personal';

export interface SellerRow {
  id: string;
  plane: Plane;
  country: string;
}

export interface CatalogueRow {
  code: string;
  names: Record<string, string>;
  issuer: string;
  usual_validity_days: number | null;
  sensitivity: Sensitivity;
  countries: string[];
}

/** A seller document as it is uploaded. */
export interface NewSellerDocument {
  id: string;
  plane: Plane;
  seller_id: string;
  code: string;
  file_name: string;
  sha256: string;
  issued_on: string;
  valid_until: string | null;
  uploaded_at: Date;
}

export interface SellerDocumentRow extends NewSellerDocument {
  status: DocumentStatus;
  verified_at: Date | null;
  verification_method: string | null;
  /** From document_files. */
  size_bytes: number;
  media_type: string;
  /** The catalogue name in English. */
  name: string;
}

export interface DealFileRow {
  id: string;
  stage: 'routing' | 'funding';
  document_id: string;
  code: string;
  name: string;
  file_name: string;
  sha256: string;
  issued_on: string;
  valid_until: string | null;
  verified_at: Date | null;
  verification_method: string | null;
  recorded_at: Date;
  /** Where the document itself stands now. */
  document_status: DocumentStatus;
  size_bytes: number;
  media_type: string;
}

const DOCUMENT_COLUMNS = `d.id, d.plane, d.seller_id, d.code, d.file_name, d.sha256, d.issued_on, d.valid_until,
  d.status, d.verified_at, d.verification_method, d.uploaded_at, f.size_bytes, f.media_type,
  coalesce(c.names->>'en', d.code) AS name`;

const DOCUMENT_FROM = `seller_documents d
  JOIN document_files f ON f.plane = d.plane AND f.sha256 = d.sha256
  JOIN document_catalogue c ON c.code = d.code`;

/** A seller on the scope's plane (sellers belong to a plane, not to a funder). */
export async function findSeller(q: Queryable, scope: FunderScope, id: string): Promise<SellerRow | null> {
  const { rows } = await q.query<SellerRow>(
    'SELECT id, plane, country FROM sellers_read WHERE id = $1 AND plane = $2',
    [id, scope.plane],
  );
  return rows[0] ?? null;
}

/** The operations team: a seller on either plane. */
export async function findSellerForOperator(q: Queryable, id: string): Promise<SellerRow | null> {
  const { rows } = await q.query<SellerRow>('SELECT id, plane, country FROM sellers_read WHERE id = $1', [
    id,
  ]);
  return rows[0] ?? null;
}

export async function catalogueEntry(q: Queryable, code: string): Promise<CatalogueRow | null> {
  const { rows } = await q.query<CatalogueRow>('SELECT * FROM document_catalogue WHERE code = $1', [code]);
  return rows[0] ?? null;
}

/** English names of catalogue codes. */
export async function catalogueNames(q: Queryable, codes: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await q.query<{ code: string; name: string }>(
    `SELECT code, coalesce(names->>'en', code) AS name FROM document_catalogue WHERE code = ANY($1::text[])`,
    [codes],
  );
  return new Map(rows.map((row) => [row.code, row.name]));
}

const REQUIRED_CODES = namedStatement<{ codes: string[] }>()({
  name: 'required_document_codes',
  columns: ['codes'],
  sql: 'SELECT codes FROM funder_required_documents_read WHERE funder_id = $1 AND plane = $2 AND country = $3',
});

/** The funder's list for one seller country on its plane; empty when it has none. */
export async function requiredCodes(q: Queryable, scope: FunderScope, country: string): Promise<string[]> {
  const rows = await scopedStatement(q, scope, REQUIRED_CODES, [country]);
  return rows[0]?.codes ?? [];
}

/**
 * Stores file contents once per plane and SHA-256; a second upload of the same bytes on the
 * same plane reuses the row. A file belongs to its plane and goes with it on a reset.
 */
export async function insertFile(
  q: Queryable,
  file: { plane: Plane; sha256: string; content: Buffer; media_type: string },
): Promise<void> {
  await q.query(
    `INSERT INTO document_files (plane, sha256, content, size_bytes, media_type) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (plane, sha256) DO NOTHING`,
    [file.plane, file.sha256, file.content, file.content.length, file.media_type],
  );
}

export async function insertSellerDocument(q: Queryable, row: NewSellerDocument): Promise<void> {
  await q.query(
    `INSERT INTO seller_documents (id, plane, seller_id, code, file_name, sha256, issued_on, valid_until, status, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9)`,
    [
      row.id,
      row.plane,
      row.seller_id,
      row.code,
      row.file_name,
      row.sha256,
      row.issued_on,
      row.valid_until,
      row.uploaded_at,
    ],
  );
}

/** The operations team: a seller's document on either plane. */
export async function findSellerDocumentForOperator(
  q: Queryable,
  id: string,
  options: LockOption = {},
): Promise<SellerDocumentRow | null> {
  const { rows } = await q.query<SellerDocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM} WHERE d.id = $1${lockClause(options.lock, 'd')}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The operations team: a document is verified, rejected or revoked. */
export async function updateDocumentStatusForOperator(
  q: Queryable,
  id: string,
  change: { status: DocumentStatus; verified_at?: Date; verification_method?: string },
): Promise<void> {
  await q.query(
    `UPDATE seller_documents
        SET status = $2,
            verified_at = coalesce($3, verified_at),
            verification_method = coalesce($4, verification_method)
      WHERE id = $1`,
    [id, change.status, change.verified_at ?? null, change.verification_method ?? null],
  );
}

/**
 * The seller's current document of each code on the scope's plane: its newest upload that was
 * neither rejected nor revoked. Limited to `codes` when given.
 */
export async function currentDocuments(
  q: Queryable,
  scope: FunderScope,
  sellerId: string,
  codes: readonly string[] | null,
): Promise<SellerDocumentRow[]> {
  const { rows } = await q.query<SellerDocumentRow>(
    `SELECT DISTINCT ON (d.code) ${DOCUMENT_COLUMNS}
       FROM ${DOCUMENT_FROM}
      WHERE d.seller_id = $1 AND d.plane = $2 AND d.status IN ('pending', 'verified')
        AND ($3::text[] IS NULL OR d.code = ANY($3::text[]))
      ORDER BY d.code, d.uploaded_at DESC, d.issued_on DESC, d.id DESC`,
    [sellerId, scope.plane, codes],
  );
  return rows;
}

export async function dealFileCount(
  q: Queryable,
  scope: FunderScope,
  requestId: string,
  stage: 'routing' | 'funding',
): Promise<number> {
  const row = await scopedRow<{ n: number }>(
    q,
    scope,
    `SELECT count(*)::int AS n FROM deal_file_entries
      WHERE request_id = $3 AND funder_id = $1 AND plane = $2 AND stage = $4`,
    [requestId, stage],
  );
  return row?.n ?? 0;
}

export async function insertDealFileEntries(
  q: Queryable,
  scope: FunderScope,
  input: {
    requestId: string;
    stage: 'routing' | 'funding';
    at: Date;
    ids: string[];
    documents: SellerDocumentRow[];
  },
): Promise<void> {
  if (input.documents.length === 0) return;
  const docs = input.documents;
  await scopedCount(
    q,
    scope,
    `INSERT INTO deal_file_entries (id, plane, request_id, funder_id, stage, document_id, code, file_name, sha256,
                                    issued_on, valid_until, verified_at, verification_method, recorded_at)
     SELECT e.id, $2, $3, $1, $4, e.document_id, e.code, e.file_name, e.sha256, e.issued_on, e.valid_until,
            e.verified_at, e.verification_method, $5
       FROM unnest($6::uuid[], $7::uuid[], $8::text[], $9::text[], $10::text[], $11::date[], $12::date[],
                   $13::timestamptz[], $14::text[])
            AS e(id, document_id, code, file_name, sha256, issued_on, valid_until, verified_at, verification_method)`,
    [
      input.requestId,
      input.stage,
      input.at,
      input.ids,
      docs.map((d) => d.id),
      docs.map((d) => d.code),
      docs.map((d) => d.file_name),
      docs.map((d) => d.sha256),
      docs.map((d) => d.issued_on),
      docs.map((d) => d.valid_until),
      docs.map((d) => (d.verified_at ? d.verified_at.toISOString() : null)),
      docs.map((d) => d.verification_method),
    ],
  );
}

/** The deal file the scope's funder holds on a request, both stages. */
export async function dealFileEntries(q: Queryable, scope: FunderScope, requestId: string) {
  return scopedRows<DealFileRow>(
    q,
    scope,
    `SELECT e.id, e.stage, e.document_id, e.code, coalesce(c.names->>'en', e.code) AS name, e.file_name, e.sha256,
            e.issued_on, e.valid_until, e.verified_at, e.verification_method, e.recorded_at,
            d.status AS document_status, f.size_bytes, f.media_type
       FROM deal_file_entries e
       JOIN seller_documents d ON d.id = e.document_id
       JOIN document_files f ON f.plane = e.plane AND f.sha256 = e.sha256
       LEFT JOIN document_catalogue c ON c.code = e.code
      WHERE e.request_id = $3 AND e.funder_id = $1 AND e.plane = $2
      ORDER BY e.stage, e.code`,
    [requestId],
  );
}

export async function insertUrlLog(
  q: Queryable,
  scope: FunderScope,
  input: {
    keyId: string | null;
    requestId: string | null;
    issuedAt: Date;
    expiresAt: Date;
    urls: { id: string; tokenSha256: string; documentId: string }[];
  },
): Promise<void> {
  if (input.urls.length === 0) return;
  await scopedCount(
    q,
    scope,
    `INSERT INTO document_url_log (id, plane, token_sha256, document_id, request_id, funder_id, key_id, issued_at, expires_at)
     SELECT u.id, $2, u.token_sha256, u.document_id, $3, $1, $4, $5, $6
       FROM unnest($7::uuid[], $8::text[], $9::uuid[]) AS u(id, token_sha256, document_id)`,
    [
      input.requestId,
      input.keyId,
      input.issuedAt,
      input.expiresAt,
      input.urls.map((u) => u.id),
      input.urls.map((u) => u.tokenSha256),
      input.urls.map((u) => u.documentId),
    ],
  );
}

/**
 * Counts a download of a URL still valid at `now` and answers its file; null for an unknown
 * or expired token, or one whose funder is suspended or whose key (the one that obtained it)
 * is revoked since. Run as the operator: the download route carries no key.
 */
export async function useDownloadToken(
  q: Queryable,
  tokenSha256: string,
  now: Date,
): Promise<{ file_name: string; media_type: string; content: Uint8Array } | null> {
  const { rows } = await q.query<{ file_name: string; media_type: string; content: Uint8Array }>(
    `WITH used AS (
       UPDATE document_url_log l SET downloads = downloads + 1, last_download_at = $2
        WHERE l.token_sha256 = $1 AND l.expires_at > $2
          AND EXISTS (SELECT 1 FROM funders_read f WHERE f.id = l.funder_id AND f.status = 'active')
          AND NOT EXISTS (SELECT 1 FROM api_keys_read k WHERE k.id = l.key_id AND k.revoked_at IS NOT NULL)
        RETURNING l.document_id
     )
     SELECT d.file_name, f.media_type, f.content
       FROM used JOIN seller_documents d ON d.id = used.document_id
       JOIN document_files f ON f.plane = d.plane AND f.sha256 = d.sha256`,
    [tokenSha256, now],
  );
  return rows[0] ?? null;
}
