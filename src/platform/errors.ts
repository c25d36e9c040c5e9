/**
 * Every error code the service answers with, and its HTTP status: the spec's codes plus the
 * few the spec leaves to us (see docs/decisions/). One place, so a test can check each is
 * reachable and the OpenAPI document can list them.
 */
export const errorCatalogue = {
  // 400
  reason_required: 400,
  path_invalid: 400,
  request_unreadable: 400,
  // 401
  unauthorized: 401,
  key_expired: 401,
  // 403
  forbidden: 403,
  not_your_request: 403,
  not_your_claim: 403,
  export_live_key_required: 403,
  registry_not_open: 403,
  sandbox_only: 403,
  manual_clock_disabled: 403,
  out_of_scope: 403,
  // 404
  not_found: 404,
  // 405
  method_not_allowed: 405,
  // 408
  request_timeout: 408,
  // 409
  not_routed_to_you: 409,
  invalid_state: 409,
  credit_limit: 409,
  debtor_not_eligible_for_funder: 409,
  documents_missing_for_funder: 409,
  funding_gate_failed: 409,
  funding_amount_mismatch: 409,
  level_lower: 409,
  notice_already_decided: 409,
  not_factoring: 409,
  request_not_in_flight: 409,
  statement_already_imported: 409,
  link_exists: 409,
  idempotency_key_in_use: 409,
  risk_review_required: 409,
  conflict: 409,
  early_payment_state: 409,
  classification_refused: 409,
  webhook_limit_reached: 409,
  delivery_not_retryable: 409,
  delivery_attempt_in_progress: 409,
  prescriber_exists: 409,
  link_not_active: 409,
  invitation_not_pending: 409,
  client_of_another_funder: 409,
  onboarding_not_open: 409,
  // 413
  body_too_large: 413,
  too_many_rows: 413,
  file_too_large: 413,
  too_many_lines: 413,
  // 415
  unsupported_media_type: 415,
  // 431
  headers_too_large: 431,
  // 422
  body_invalid: 422,
  body_required: 422,
  idempotency_key_reused: 422,
  idempotency_key_invalid: 422,
  invalid_terms: 422,
  invalid_amount: 422,
  invalid_received_at: 422,
  invalid_funding_details: 422,
  step_back_message_required: 422,
  invalid_decision: 422,
  level_invalid: 422,
  country_invalid: 422,
  codes_invalid: 422,
  note_invalid: 422,
  country_without_catalogue: 422,
  document_code_unknown: 422,
  invalid_flag: 422,
  seller_id_invalid: 422,
  terms_invalid: 422,
  terms_key_unknown: 422,
  seller_not_in_programme: 422,
  already_announced: 422,
  request_closed: 422,
  status_invalid: 422,
  close_invalid: 422,
  claim_closed: 422,
  debtor_tax_id_required: 422,
  invalid_limit: 422,
  seller_id_required: 422,
  rows_required: 422,
  invalid_source: 422,
  source_ref_invalid: 422,
  source_ref_too_long: 422,
  tax_id_required: 422,
  file_required: 422,
  file_unreadable: 422,
  file_empty: 422,
  statement_unreadable: 422,
  statement_has_no_transactions: 422,
  line_invalid: 422,
  query_invalid: 422,
  webhook_url_invalid: 422,
  events_invalid: 422,
  event_type_unknown: 422,
  description_invalid: 422,
  keep_previous_hours_invalid: 422,
  since_invalid: 422,
  cursor_invalid: 422,
  lang_invalid: 422,
  reason_invalid: 422,
  expires_at_invalid: 422,
  prescriber_invalid: 422,
  name_invalid: 422,
  email_invalid: 422,
  email_not_reserved: 422,
  notes_invalid: 422,
  company_vat_invalid: 422,
  company_name_invalid: 422,
  company_name_required: 422,
  contact_name_invalid: 422,
  return_url_invalid: 422,
  return_url_not_allowed: 422,
  metadata_invalid: 422,
  locale_invalid: 422,
  valid_days_invalid: 422,
  invalid_payment_details: 422,
  repayment_exceeds_outstanding: 422,
  // 429
  rate_limited: 429,
  export_rate_limited: 429,
  signup_limit: 429,
  // 500, 503
  internal_error: 500,
  service_unavailable: 503,
  not_ready: 503,
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

/**
 * The cases where the spec answers one code with a second status, each an entry of its own
 * (docs/decisions/platform.md, "A status comes from the catalogue only"). A site throws the
 * case by its name; the answer carries the public `code` under the case's `status`.
 *
 * - `evidence_reason_required`: a reason kept on the evidence chain, missing or too short (422;
 *   the code's own 400 is a decline that gives neither a reason nor notes).
 * - `not_routed_to_announce`: announcing a request routed to another funder (403; 409 elsewhere).
 */
export const errorCases = {
  evidence_reason_required: { code: 'reason_required', status: 422 },
  not_routed_to_announce: { code: 'not_routed_to_you', status: 403 },
} as const satisfies Record<string, { code: ErrorCode; status: number }>;

export type ErrorCase = keyof typeof errorCases;

/** What a throw site names: a code of the catalogue (answered with its status), or a case. */
export type ErrorName = ErrorCode | ErrorCase;

const isCase = (name: ErrorName): name is ErrorCase => Object.hasOwn(errorCases, name);

/**
 * The one error type services throw; the HTTP layer turns it into `{error: {code, message, ...}}`.
 * Its status is the catalogue's for the name it is thrown under, never chosen at the throw.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** The catalogue entry it was thrown under: its code, or the case that gives the code its status. */
  readonly entry: ErrorName;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    entry: ErrorName,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.entry = entry;
    if (isCase(entry)) {
      this.code = errorCases[entry].code;
      this.status = errorCases[entry].status;
    } else {
      this.code = entry;
      this.status = errorCatalogue[entry];
    }
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(): { error: Record<string, unknown> } {
    return { error: { ...this.extra, code: this.code, message: this.message } };
  }
}
