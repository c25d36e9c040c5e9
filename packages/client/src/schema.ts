/**
 * Generated from the funder API's OpenAPI document by `npm run client:types`.
 * Do not edit by hand: the test suite fails when this file differs from the document.
 */

export interface paths {
    "/v1/credit-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your debtor limits and exposure
         * @description Every debtor you have a limit on or an exposure to, in euros, with the limit on record, where it came from (`manual`, `api`, `import`, `insurer`) and the invoices a seller marked as paid that are still open with you.
         *
         *     Exposure is what a limit holds: `outstanding` (funded and not yet paid), `committed` (accepted, not yet funded) and `offered` (your open offers). `available` is the limit minus the exposure (null without an amount). A limit is `frozen` while a debtor is overdue.
         *
         *     **Scopes:** any one of `limits:read`, `requests:read`.
         */
        get: operations["listCreditLimits"];
        /**
         * Set the limit on one debtor
         * @description Replaces the limit on one debtor (source `api`): `debtor_tax_id` (required; spaces, dots, dashes and slashes are ignored), `debtor_country` (two letters; may be left out when the tax id is known in one country only), `debtor_name`, `amount` (euros, 0 or more, or null; required for an `active` limit), `status` (`active` by default, `refused`, `suspended`) and `note`.
         *
         *     From then on the database refuses any offer the limit cannot hold (409 `credit_limit`). Sending what is on record changes nothing (`changed: false`).
         *
         *     **Scopes:** any one of `limits:write`, `decisions:write`.
         */
        put: operations["setCreditLimit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-limits/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import debtor limits in bulk
         * @description Sets many debtor limits in one call: `{rows, source, source_ref}` or a bare array of rows. `rows` holds 1 to 2,000 items shaped like the body of `PUT /v1/credit-limits` (an amount may also be text with a decimal point, such as `"1250.50"`); `source` is `import` (default) or `insurer`; `source_ref` (up to 200 characters) names the file or policy and is kept on each limit and its history.
         *
         *     Each row is checked like a single limit and answered on its own: a refused row (`invalid_amount`, `debtor_tax_id_required`, `duplicate_debtor`, `invalid_status`, `amount_required`, `invalid_country`, `row_invalid`, `invalid_limit`) does not stop the others, and a debtor twice in one call is refused the second time.
         *
         *     **Scopes:** any one of `limits:write`, `decisions:write`.
         */
        post: operations["importCreditLimits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/document-downloads/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download one document
         * @description The file behind a `download_url` of the deal documents. The URL itself is the credential: no key is sent, and it works for two minutes after it was issued. An expired or unknown link answers 404.
         *
         *     **No key:** this operation is public.
         */
        get: operations["downloadDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Answers as long as the process serves HTTP. It needs no key, reads no database and is never rate limited, so a load balancer or a monitor may call it as often as it likes. `api_version` names the revision of the API being served.
         *
         *     **No key:** this operation is public.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling key and its funder
         * @description Tells who is calling: the funder the key belongs to, the environment it works in (`live` sees the live plane, `sandbox` the shared demonstration plane, `unclassified` nothing yet) and the key itself with its scopes and expiry. A good first call to check a key. Any valid key may call it.
         *
         *     **Scopes:** any valid key of your funder; no particular scope is needed.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payer-record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How a payer pays
         * @description The payment record of one payer, built from what every funder of the service observed (days to pay, on-time share, settlement delays, what is open and overdue) over the last 36 months. Published only when enough funders observed it (`insufficient_observers` otherwise).
         *
         *     Query `tax_id` (required) and `country` (two letters). Readable only for a debtor on a request you can see or on your debtor book; otherwise 404.
         *
         *     **Scopes:** any one of `limits:read`, `requests:read`.
         */
        get: operations["getPayerRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List requests routed to you
         * @description The requests routed to you now (you can act on them) and those you already acted on (read only, even after the request went to another funder), newest first.
         *
         *     - `status`: `open` (default: the statuses that still wait for a decision), `all`, or one status (`pending`, `submitted`, `under_review`, `terms_sent`, `accepted`, `approved`, `funded`, `settled`, `declined`, `rejected`, `cancelled`).
         *     - `limit`: 1 to 200, default 50.
         *
         *     Each item carries your own offer (`my_offer`, or null) and where each debtor stands with its notice (`debtor_consent`).
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The underwriting packet of one request
         * @description Everything needed to decide on one request: the request, the consent of each debtor, the receivables (invoices), the score, your offer and the risk view. Readable while the request is routed to you or after you acted on it; otherwise it answers 404, as if it did not exist.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/consent-level": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Raise the consent level the debtors must sign
         * @description Raises the level of consent every debtor of one request must give: `receipt` < `acknowledgment` < `acceptance`. `reason` (at least 8 characters) is kept on the evidence chain.
         *
         *     Only upwards (409 `level_lower`), only on a factoring request (409 `not_factoring`) routed to you (409 `not_routed_to_you`) and still in flight (409 `request_not_in_flight`), and only before any debtor has answered its notice (409 `notice_already_decided`). Sending the current level changes nothing (`changed: false`).
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["raiseConsentLevel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/debtors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Debtors of a factoring request
         * @description For a factoring request routed to you or one you acted on: each debtor with the information the seller and the service hold on it, including its notice and answer. A confirming request has no debtor notices and answers 409 `not_factoring`.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequestDebtors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Offer, decline, fund or record a settlement
         * @description One operation for the four decisions, chosen by `decision`. The request must be routed to you (else 409 `not_routed_to_you`).
         *
         *     **offer** (answers 201): `rate` and `advance_pct` are percentages above 0 and up to 100 (required); `days` of financing, `notes`, and `valid_days` from 1 to 90 (default 7) are optional. Accepted while the request is `pending`, `submitted`, `under_review` or `terms_sent` (else 409 `invalid_state`). It is refused with 409 `credit_limit` when one of your limits cannot hold the advance, with 409 `debtor_not_eligible_for_funder` when you take listed buyers only and a debtor is not listed (the error lists them in `debtors`), and with 409 `documents_missing_for_funder` when a document you require from the seller is missing, unverified or expired.
         *
         *     **decline**: a `reason` (`payer_credit`, `invoice_ineligible`, `documentation`, `concentration`, `amount_out_of_range`, `sector_excluded`, `no_funder_capacity`, `withdrawn_by_client`, `other`) and/or `notes`, the message the seller reads; neither gives 400 `reason_required`. `internal_note` stays with your team. Declining an `approved` request is a step back and needs `notes` of at least 10 characters (422 `step_back_message_required`).
         *
         *     **fund**: only on an `approved` request. `value_date` (at most 7 days ahead) and `reference` (3 to 140 characters) are required (422 `invalid_funding_details`); `amount`, when sent, must equal the accepted advance (409 `funding_amount_mismatch`). A factoring request with a debtor notice not acknowledged gives 409 `funding_gate_failed`; documents you require that are not valid on the value date give 409 `documents_missing_for_funder`.
         *
         *     **settle**: records money received on a funded request of which you are the funder of record (else 403 `not_your_request`): `amount` (required), `received_at` (default now, at most one day ahead), `reference` (up to 140 characters), `note` (up to 1,000) and `final`. The request is settled when the total is reached or `final` is true; partial settlements keep it funded.
         *
         *     Every decision is kept on the evidence chain and has the same effect as the same action in the portal.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["decideOnRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/requests/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documents of a request
         * @description The deal file as it stood when the request was routed to you and when it was funded, the seller documents current today, and which documents you require are missing, unverified or expired today.
         *
         *     Each document has a `download_url` valid for two minutes (`url_expires_in` seconds); fetch it without a key. Ask again for fresh links.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequestDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/required-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documents you require from sellers
         * @description The catalogue of seller documents the service knows, per country, and the list you require for each seller country. A request is routed to you, an offer recorded and a request funded only while every document on your list for the seller’s country is verified and valid on that date.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getRequiredDocuments"];
        /**
         * Replace the documents you require for one country
         * @description Replaces your list for one seller country: `country` (two letters), `codes` (document codes from that country’s catalogue; an empty list clears it) and an optional `note` (up to 500 characters) kept with the change on the evidence chain.
         *
         *     Requests already with you stay with you, but your next offer or funding on one waits until the seller meets the new list (`open_requests_not_meeting` counts them).
         *
         *     **Scopes:** any one of `settings:write`, `decisions:write`.
         */
        put: operations["replaceRequiredDocuments"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a new request routed to you
         * @description Creates a fictitious seller request and routes it to you, as a seller would through the service. `type` is `factoring` (default) or `confirming`; `invoices` (1 to 20) name each debtor, its tax id and country, the amount and due date. With no body at all a default request is made.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxCreateRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the seller accepts your offer
         * @description Plays the seller accepting your open offer on a request in `terms_sent`; the request becomes `approved` and can be funded.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxAcceptOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/requests/{id}/debtor-answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a debtor answers its notice
         * @description Plays one debtor (`debtor_tax_id`) or every debtor (left out or null) of a factoring request answering its notice: `answer` is `acknowledged` or `disputed`; `level` is the consent given (default: the level required).
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxDebtorAnswer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/statements/{id}/lines/{line}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: confirm the match of a statement line
         * @description Plays the confirmation the portal asks of you before a statement credit settles a request: line `line` of statement `id` settles the request it was matched to, or `request_id` when given. The settlement is recorded like `settle` on the decision operation.
         *
         *     Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.
         *
         *     **Scopes:** any one of `decisions:write`.
         */
        post: operations["sandboxConfirmStatementLine"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/seller-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your seller limits and exposure
         * @description Every seller you have a limit on or an exposure to, in euros, with the limit on record.
         *
         *     Exposure is what a limit holds: `outstanding` (funded and not yet paid), `committed` (accepted, not yet funded) and `offered` (your open offers). `available` is the limit minus the exposure (null without an amount). A limit is `frozen` while a debtor is overdue.
         *
         *     **Scopes:** any one of `limits:read`, `requests:read`.
         */
        get: operations["listSellerLimits"];
        /**
         * Set the limit on one seller
         * @description Replaces the limit on one seller (source `api`): `seller_id` (required, as `GET /v1/seller-limits` gives it; an unknown seller answers 404), `amount` (euros, 0 or more, or null; required for an `active` limit), `status` (`active` by default, `refused`, `suspended`) and `note`. From then on an offer the limit cannot hold is refused with 409 `credit_limit`.
         *
         *     **Scopes:** any one of `limits:write`, `decisions:write`.
         */
        put: operations["setSellerLimit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your settings
         * @description The consent level debtors must give on requests routed to you from now on, whether the texts they sign must be approved by counsel, whether you take listed buyers only, how long your offers stay valid by default, how many open requests are at each consent level, and the languages in which declaration texts exist.
         *
         *     **Scopes:** any one of `requests:read`.
         */
        get: operations["getSettings"];
        /**
         * Change your settings
         * @description Changes `debtor_consent_level` (`receipt`, `acknowledgment`, `acceptance`) and/or `require_counsel_approved_texts` (boolean). `reason` (at least 8 characters) is required and kept on the evidence chain.
         *
         *     The change applies to requests routed to you from then on; requests already with you keep their level (`open_requests_keep_their_level` counts them). Sending the values you already have changes nothing (`changed: false`).
         *
         *     **Scopes:** any one of `settings:write`, `decisions:write`.
         */
        put: operations["updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a bank statement
         * @description Takes one of your own bank statements: ISO 20022 CAMT.053 (versions `.001.02` to `.001.08`) or a CSV export, sent raw (`application/xml`, `text/csv`) or as JSON `{file_name, kind, content_base64}`. With a raw body, `file_name` and `kind` may go in the query; `kind` (`camt053` or `csv`) is detected when left out. At most 4 MiB and 5,000 transactions.
         *
         *     Each credit is matched against the requests you funded (the reference the debtor quoted first, then amount and debtor). Nothing is settled here: a match is settled only once you confirm it in the portal. The same file twice (same SHA-256) is refused with 409 `statement_already_imported`.
         *
         *     CSV layouts are detected from the file (header row, delimiter, encoding, decimal separator, date format); a row that cannot be read refuses the whole file with `line_invalid`, naming the line and column.
         *
         *     **Scopes:** any one of `statements:write`, `decisions:write`.
         */
        post: operations["importStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Decline the request, or step back from an approved one */
        DeclineDecision: {
            /** @enum {string} */
            decision: "decline";
            /** @description For your team only */
            internal_note?: string | null;
            /** @description The message the seller reads; 10 characters or more on a step back */
            notes?: string | null;
            /** @description Why; a reason, notes or both */
            reason?: ("payer_credit" | "invoice_ineligible" | "documentation" | "concentration" | "amount_out_of_range" | "sector_excluded" | "no_funder_capacity" | "withdrawn_by_client" | "other") | null;
        };
        /** @description Record that you paid the advance */
        FundDecision: {
            /** @description If sent, the accepted advance */
            amount?: number | null;
            /** @enum {string} */
            decision: "fund";
            /** @description Your payment reference, 3 to 140 characters */
            reference: string;
            /**
             * Format: date
             * @description At most 7 days ahead (Madrid)
             */
            value_date: string;
        };
        /** @description Send terms to the seller */
        OfferDecision: {
            /** @description Share of the invoices advanced, percent above 0 up to 100, at most 4 decimals */
            advance_pct: number;
            /** @description Days of financing; default: Madrid calendar days to the latest due date */
            days?: number | null;
            /** @enum {string} */
            decision: "offer";
            /** @description For the seller */
            notes?: string | null;
            /** @description Percent, above 0 up to 100, at most 4 decimals */
            rate: number;
            /** @description Days the offer stands; default 7 */
            valid_days?: number | null;
        };
        /** @description Record money received */
        SettleDecision: {
            /** @description Euros received */
            amount: number;
            /** @enum {string} */
            decision: "settle";
            /** @description true closes the request whatever the total */
            final?: boolean | null;
            note?: string | null;
            /** @description Default now; at most one day ahead */
            received_at?: string | null;
            reference?: string | null;
        };
    };
    responses: never;
    parameters: {
        /**
         * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
         * @example 7f4c1d2e-order-0042-offer
         */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description `true` when this answer is the stored answer of an earlier call with the same `Idempotency-Key`. */
        IdempotentReplayed: "true";
        /** @description Calls allowed in the window closest to its limit. */
        RateLimitLimit: number;
        /** @description Every window of the key, as `limit;w=seconds` items (for example `120;w=60, 3000;w=3600`). */
        RateLimitPolicy: string;
        /** @description Calls left in that window. */
        RateLimitRemaining: number;
        /** @description Seconds until that window starts again. */
        RateLimitReset: number;
        /** @description The id of this call; quote it to support. Also `request_id` in an error. */
        RequestId: string;
        /** @description Seconds to wait before sending the call again. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCreditLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your debtor book. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** @enum {string} */
                        currency: "EUR";
                        debtors: {
                            available: number | null;
                            /** @description face value of approved requests not yet funded, euros */
                            committed: number;
                            debtor_country: string;
                            /** @description <country>:<tax id> */
                            debtor_key: string;
                            debtor_name: string | null;
                            debtor_tax_id: string;
                            decided_at: string | null;
                            /** @description outstanding + committed + offered, euros */
                            exposure: number;
                            frozen: boolean;
                            limit_amount: number | null;
                            limit_source: ("manual" | "api" | "import" | "insurer") | null;
                            limit_source_ref: string | null;
                            limit_status: ("active" | "refused" | "suspended") | null;
                            note: string | null;
                            /** @description face value of requests under a pending, unexpired offer, euros */
                            offered: number;
                            oldest_overdue: string | null;
                            /** @description face value of funded invoices less the payments the funder recorded, euros */
                            outstanding: number;
                            /** @description unpaid funded invoices past their due date */
                            overdue_count: number;
                            seller_marked_paid: {
                                /** @description euros */
                                amount: number;
                                debtor_key: string;
                                due_date: string | null;
                                /** Format: uuid */
                                invoice_id: string;
                                invoice_number: string;
                                /** @description euros not yet received by the funder */
                                outstanding: number;
                                /** @description true keeps the book frozen until the funder records the payment */
                                past_due: boolean;
                                /** Format: uuid */
                                request_id: string;
                                request_ref: string;
                                /** Format: date-time */
                                seller_marked_paid_at: string;
                            }[];
                        }[];
                        funder: {
                            /** Format: uuid */
                            bank_id: string;
                            name: string;
                        };
                    };
                };
            };
            /**
             * @description 401 answers of listCreditLimits:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of listCreditLimits:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of listCreditLimits:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of listCreditLimits:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of listCreditLimits:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    setCreditLimit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description One debtor limit; it replaces the limit on record (source api). */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Euros, 0 or more; required for an active limit */
                    amount?: number | null;
                    /** @description ISO 3166-1 alpha-2; may be left out when the tax id is known in one country on your plane */
                    debtor_country?: string | null;
                    debtor_name?: string | null;
                    /** @description Spaces, dots, dashes and slashes are ignored; 2 to 32 letters and digits remain */
                    debtor_tax_id: string;
                    note?: string | null;
                    /**
                     * @description active (default), refused or suspended
                     * @enum {unknown}
                     */
                    status?: "active" | "refused" | "suspended";
                };
            };
        };
        responses: {
            /** @description The limit on record after the call. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false when the limit on record was already exactly this */
                        changed: boolean;
                        credit_limit: {
                            amount: number | null;
                            available: number | null;
                            /** @description euros */
                            committed: number;
                            /** Format: date-time */
                            created_at: string;
                            debtor_country: string;
                            debtor_key: string;
                            debtor_name: string | null;
                            debtor_tax_id: string;
                            /** Format: date-time */
                            decided_at: string;
                            /** @description who made the last change: the API key or the operations team */
                            decided_by: {
                                [key: string]: string;
                            };
                            /** @description euros */
                            exposure: number;
                            frozen: boolean;
                            note: string | null;
                            /** @description euros */
                            offered: number;
                            /** @description euros */
                            outstanding: number;
                            source: "manual" | "api" | "import" | "insurer";
                            source_ref: string | null;
                            status: "active" | "refused" | "suspended";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /**
             * @description 401 answers of setCreditLimit:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of setCreditLimit:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of setCreditLimit:
             *
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of setCreditLimit:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of setCreditLimit:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of setCreditLimit:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             *     - `debtor_tax_id_required`: `debtor_tax_id` is missing or empty.
             *     - `invalid_limit`: The limit is not consistent (for example an active limit without an amount).
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount" | "country_invalid" | "debtor_tax_id_required" | "invalid_limit";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of setCreditLimit:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of setCreditLimit:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of setCreditLimit:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    importCreditLimits: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description {rows, source, source_ref} or a bare array of rows (source import); 1 to 2000 rows. */
        requestBody: {
            content: {
                "application/json": {
                    rows: {
                        /** @description Euros: a number, or digits with a decimal point ("1250.50"); empty text or null is no amount */
                        amount?: number | string | null;
                        /** @description ISO 3166-1 alpha-2; may be left out when the tax id is known in one country on your plane */
                        debtor_country?: string | null;
                        debtor_name?: string | null;
                        /** @description Spaces, dots, dashes and slashes are ignored; 2 to 32 letters and digits remain */
                        debtor_tax_id: string;
                        note?: string | null;
                        /**
                         * @description active (default), refused or suspended
                         * @enum {unknown}
                         */
                        status?: "active" | "refused" | "suspended";
                    }[];
                    /**
                     * @description Default import
                     * @enum {unknown}
                     */
                    source?: "import" | "insurer";
                    /** @description Your reference for the file or policy */
                    source_ref?: string | null;
                } | {
                    /** @description Euros: a number, or digits with a decimal point ("1250.50"); empty text or null is no amount */
                    amount?: number | string | null;
                    /** @description ISO 3166-1 alpha-2; may be left out when the tax id is known in one country on your plane */
                    debtor_country?: string | null;
                    debtor_name?: string | null;
                    /** @description Spaces, dots, dashes and slashes are ignored; 2 to 32 letters and digits remain */
                    debtor_tax_id: string;
                    note?: string | null;
                    /**
                     * @description active (default), refused or suspended
                     * @enum {unknown}
                     */
                    status?: "active" | "refused" | "suspended";
                }[];
            };
        };
        responses: {
            /** @description One answer per row, with the counts. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description rows that changed a limit */
                        changed: number;
                        funder: {
                            /** Format: uuid */
                            bank_id: string;
                            name: string;
                        };
                        /** Format: uuid */
                        import_id: string;
                        received: number;
                        refused: number;
                        rows: {
                            amount?: number | null;
                            changed?: boolean;
                            debtor_key?: string;
                            debtor_tax_id: string | null;
                            detail?: string;
                            error?: "invalid_amount" | "debtor_tax_id_required" | "duplicate_debtor" | "invalid_status" | "amount_required" | "invalid_country" | "row_invalid" | "invalid_limit";
                            ok: boolean;
                            row: number;
                            status?: "active" | "refused" | "suspended";
                        }[];
                        source: "import" | "insurer";
                        source_ref: string | null;
                        /** @description rows accepted (including those identical to the limit on record) */
                        written: number;
                    };
                };
            };
            /**
             * @description 401 answers of importCreditLimits:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of importCreditLimits:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of importCreditLimits:
             *
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of importCreditLimits:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             *     - `too_many_rows`: More rows than one import accepts (2,000).
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large" | "too_many_rows";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of importCreditLimits:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of importCreditLimits:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `rows_required`: The import has no rows.
             *     - `invalid_source`: `source` is not `import` or `insurer`.
             *     - `source_ref_invalid`: `source_ref` is not text.
             *     - `source_ref_too_long`: `source_ref` is longer than 200 characters.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "rows_required" | "invalid_source" | "source_ref_invalid" | "source_ref_too_long";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of importCreditLimits:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of importCreditLimits:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of importCreditLimits:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    downloadDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its own content type and a `Content-Disposition` naming it. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /**
             * @description 404 answers of downloadDocument:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of downloadDocument:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of downloadDocument:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_version: string;
                        /** @enum {string} */
                        status: "ok";
                        /** Format: date-time */
                        time: string;
                    };
                };
            };
            /**
             * @description 500 answers of getHealth:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of getHealth:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, its funder and environment. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_version: string;
                        environment: "live" | "sandbox" | "unclassified";
                        funder: {
                            /** Format: uuid */
                            bank_id: string;
                            name: string;
                        };
                        key: {
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The first 12 characters of the key */
                            prefix: string;
                            /** @description Whom a sandbox key was issued to */
                            prospect: string | null;
                            scopes: string[];
                        };
                    };
                };
            };
            /**
             * @description 401 answers of getMe:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of getMe:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of getMe:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of getMe:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of getMe:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getPayerRecord: {
        parameters: {
            query?: {
                /** @description ISO 3166-1 alpha-2 */
                country?: string;
                /** @description The buyer’s tax number (required) */
                tax_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payer record, or null when none exists yet. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        funder: {
                            /** Format: uuid */
                            bank_id: string;
                            name: string;
                        };
                        payer_record: {
                            avg_days_to_pay: number | null;
                            avg_settle_delay_days: number | null;
                            country: string;
                            /** @description COUNTRY:TAXID of the buyer */
                            debtor_key: string;
                            invoice_count: number | null;
                            median_days_to_pay: number | null;
                            median_settle_delay_days: number | null;
                            observers: number | null;
                            on_time_pct: number | null;
                            open_amount: number | null;
                            open_count: number | null;
                            overdue_amount: number | null;
                            overdue_count: number | null;
                            p75_settle_delay_days: number | null;
                            refreshed_at: string | null;
                            /** @description published with at least three observing suppliers; otherwise every figure is null */
                            status: "published" | "insufficient_observers";
                            tax_id: string;
                            window_from: string | null;
                            worst_settle_delay_days: number | null;
                        } | null;
                    };
                };
            };
            /**
             * @description 401 answers of getPayerRecord:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of getPayerRecord:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of getPayerRecord:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of getPayerRecord:
             *
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             *     - `tax_id_required`: The `tax_id` query parameter is missing.
             *     - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "country_invalid" | "tax_id_required" | "query_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of getPayerRecord:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of getPayerRecord:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of getPayerRecord:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    listRequests: {
        parameters: {
            query?: {
                limit?: number;
                /** @description open (default), all, or one status */
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requests, newest first. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        funder: {
                            /** Format: uuid */
                            bank_id: string;
                            name: string;
                        };
                        requests: {
                            advance_amount: number;
                            approved_at: string | null;
                            assigned_bank_id: string | null;
                            closed_at: string | null;
                            company_name: string;
                            company_nif: string;
                            consent_level_required: ("receipt" | "acknowledgment" | "acceptance") | null;
                            /** Format: date-time */
                            created_at: string;
                            debtor_consent: {
                                debtor_name: string;
                                debtor_tax_id: string;
                                level_achieved: ("receipt" | "acknowledgment" | "acceptance") | null;
                                /** @description Lowest to highest: receipt, acknowledgment, acceptance */
                                level_required: "receipt" | "acknowledgment" | "acceptance";
                                meets_requirement: boolean;
                                status: string;
                            }[];
                            funded_at: string | null;
                            /** Format: uuid */
                            id: string;
                            invoice_count: number;
                            my_offer: {
                                accepted_at: string | null;
                                advance_pct: number;
                                days: number;
                                /** Format: uuid */
                                funding_request_id: string;
                                rate: number;
                                status: string;
                                /** Format: date-time */
                                submitted_at: string;
                            } | null;
                            request_ref: string;
                            routed_at: string | null;
                            settled_amount: number;
                            settled_at: string | null;
                            status: string;
                            total_amount: number;
                            type: "factoring" | "confirming";
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /**
             * @description 401 answers of listRequests:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of listRequests:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of listRequests:
             *
             *     - `status_invalid`: The status is not one of the values this operation takes.
             *     - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "status_invalid" | "query_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of listRequests:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of listRequests:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of listRequests:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The packet of the request. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        debtor_consent: {
                            answered_at: string | null;
                            channel: string | null;
                            debtor_country: string;
                            debtor_name: string;
                            debtor_tax_id: string;
                            declaration: {
                                counsel_approved: boolean;
                                text: string;
                                text_id: string | null;
                            } | null;
                            dispute_reason: string | null;
                            level_achieved: ("receipt" | "acknowledgment" | "acceptance") | null;
                            /** @description Lowest to highest: receipt, acknowledgment, acceptance */
                            level_required: "receipt" | "acknowledgment" | "acceptance";
                            meets_requirement: boolean;
                            signed_by: {
                                name: string;
                                role: string | null;
                            } | null;
                            status: string;
                        }[];
                        my_offer: {
                            accepted_at: string | null;
                            advance_amount: number;
                            advance_pct: number;
                            days: number;
                            /** Format: date-time */
                            expires_at: string;
                            /** Format: uuid */
                            funding_request_id: string;
                            /** Format: uuid */
                            id: string;
                            notes: string | null;
                            rate: number;
                            status: string;
                            /** Format: date-time */
                            submitted_at: string;
                            valid_days: number;
                        } | null;
                        receivables: {
                            customer_country: string;
                            customer_name: string;
                            customer_tax_id: string;
                            invoice_amount: number;
                            /** Format: date */
                            invoice_date: string;
                            invoice_due_date: string | null;
                            invoice_no: string;
                            source: string;
                        }[];
                        request: {
                            advance_amount: number;
                            approved_at: string | null;
                            assigned_bank_id: string | null;
                            closed_at: string | null;
                            company_name: string;
                            company_nif: string;
                            consent_level_required: ("receipt" | "acknowledgment" | "acceptance") | null;
                            /** Format: date-time */
                            created_at: string;
                            debtor_consent: {
                                answered_at: string | null;
                                channel: string | null;
                                debtor_country: string;
                                debtor_name: string;
                                debtor_tax_id: string;
                                declaration: {
                                    counsel_approved: boolean;
                                    text: string;
                                    text_id: string | null;
                                } | null;
                                dispute_reason: string | null;
                                level_achieved: ("receipt" | "acknowledgment" | "acceptance") | null;
                                /** @description Lowest to highest: receipt, acknowledgment, acceptance */
                                level_required: "receipt" | "acknowledgment" | "acceptance";
                                meets_requirement: boolean;
                                signed_by: {
                                    name: string;
                                    role: string | null;
                                } | null;
                                status: string;
                            }[];
                            funded_at: string | null;
                            /** Format: uuid */
                            id: string;
                            invoice_count: number;
                            request_ref: string;
                            routed_at: string | null;
                            settled_amount: number;
                            settled_at: string | null;
                            status: string;
                            total_amount: number;
                            type: "factoring" | "confirming";
                            /** Format: date-time */
                            updated_at: string;
                        };
                        risk: {
                            disputes: {
                                debtor_name: string | null;
                                /** Format: uuid */
                                id: string;
                                invoice_no: string | null;
                                /** Format: date-time */
                                raised_at: string;
                                raised_by: string;
                                reason: string;
                                resolution: string | null;
                                resolved_at: string | null;
                                status: string;
                            }[];
                            signals: {
                                code: string;
                                detail: string | null;
                                hard: boolean;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                raised_at: string;
                                reviewed_at: string | null;
                                severity: string;
                                status: string;
                            }[];
                        };
                        score: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            /**
             * @description 401 answers of getRequest:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of getRequest:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of getRequest:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of getRequest:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of getRequest:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of getRequest:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    raiseConsentLevel: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Only upwards
                     * @enum {unknown}
                     */
                    level: "receipt" | "acknowledgment" | "acceptance";
                    /** @description Why, at least 8 characters; kept on the evidence chain */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The level now required, and the one before. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        /** @description Lowest to highest: receipt, acknowledgment, acceptance */
                        consent_level_required: "receipt" | "acknowledgment" | "acceptance";
                        from: ("receipt" | "acknowledgment" | "acceptance") | null;
                        /** Format: uuid */
                        request_id: string;
                    };
                };
            };
            /**
             * @description 400 answers of raiseConsentLevel:
             *
             *     - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "reason_required";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 401 answers of raiseConsentLevel:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of raiseConsentLevel:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of raiseConsentLevel:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of raiseConsentLevel:
             *
             *     - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `level_lower`: Consent levels only go up; the level sent is lower than the current one.
             *     - `notice_already_decided`: A debtor has already answered its notice.
             *     - `not_factoring`: Only factoring requests have debtor notices.
             *     - `request_not_in_flight`: The request is closed, funded or settled.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "level_lower" | "notice_already_decided" | "not_factoring" | "request_not_in_flight" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of raiseConsentLevel:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of raiseConsentLevel:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of raiseConsentLevel:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `level_invalid`: The level is not one of `receipt`, `acknowledgment`, `acceptance`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "level_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of raiseConsentLevel:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of raiseConsentLevel:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of raiseConsentLevel:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getRequestDebtors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debtors of the request. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        debtors: {
                            buyer_programme: boolean;
                            credit_limit: {
                                amount: number | null;
                                /** @description Outstanding plus committed plus offered, euros */
                                exposure: number;
                                source: "manual" | "api" | "import" | "insurer";
                                source_ref: string | null;
                                status: "active" | "refused" | "suspended";
                            } | null;
                            debtor_country: string;
                            /** @description COUNTRY:TAXID */
                            debtor_key: string;
                            debtor_name: string | null;
                            level: "notice" | "account" | "books" | "buyer";
                            level_since: string | null;
                            /** @description The seller’s invoices to this debtor issued in the last 36 months */
                            pair_history: {
                                avg_days_to_pay: number | null;
                                first_invoice: string | null;
                                invoices: number;
                                last_invoice: string | null;
                                median_days_to_pay: number | null;
                                on_time_pct: number | null;
                                open: number;
                                /** @description Open past the due date stated on the invoice */
                                overdue: number;
                                /** @description Marked paid in the seller’s own books */
                                settled: number;
                                share_of_sales_pct: number | null;
                                with_due_date: number;
                            };
                            public_payment_period: {
                                /** @description Average days the public body takes to pay in the period */
                                days: number;
                                entity_name: string;
                                /** Format: date */
                                period_end: string;
                                source: "dgal_pmp" | "hacienda_pmp";
                            } | null;
                            score: {
                                /** Format: date-time */
                                computed_at: string;
                                grade: "A" | "B" | "C" | "D" | "E";
                                model_version: string;
                                score_100: number;
                            } | null;
                        }[];
                        funder: {
                            /** Format: uuid */
                            bank_id: string;
                            name: string;
                        };
                        /** Format: uuid */
                        request_id: string;
                    };
                };
            };
            /**
             * @description 401 answers of getRequestDebtors:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of getRequestDebtors:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of getRequestDebtors:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of getRequestDebtors:
             *
             *     - `not_factoring`: Only factoring requests have debtor notices.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_factoring";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of getRequestDebtors:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of getRequestDebtors:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of getRequestDebtors:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    decideOnRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Chosen by decision: offer, decline, fund, settle */
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfferDecision"] | components["schemas"]["DeclineDecision"] | components["schemas"]["FundDecision"] | components["schemas"]["SettleDecision"];
            };
        };
        responses: {
            /** @description The decision was recorded (decline, fund, settle). */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        advance_amount?: number;
                        amount?: number;
                        decision: string;
                        /** Format: date-time */
                        declined_at?: string;
                        /** Format: date-time */
                        expires_at?: string;
                        final?: boolean;
                        funded_amount?: number;
                        /** Format: date-time */
                        funded_at?: string;
                        /** Format: uuid */
                        offer_id?: string;
                        reason?: string;
                        /** Format: date-time */
                        received_at?: string;
                        reference?: string | null;
                        remaining_amount?: number;
                        /** Format: uuid */
                        request_id: string;
                        settled_amount?: number;
                        /** Format: uuid */
                        settlement_id?: string;
                        status: string;
                        step_back?: boolean;
                        value_date?: string;
                    };
                };
            };
            /** @description The decision was recorded (decline, fund, settle). */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        advance_amount?: number;
                        amount?: number;
                        decision: string;
                        /** Format: date-time */
                        declined_at?: string;
                        /** Format: date-time */
                        expires_at?: string;
                        final?: boolean;
                        funded_amount?: number;
                        /** Format: date-time */
                        funded_at?: string;
                        /** Format: uuid */
                        offer_id?: string;
                        reason?: string;
                        /** Format: date-time */
                        received_at?: string;
                        reference?: string | null;
                        remaining_amount?: number;
                        /** Format: uuid */
                        request_id: string;
                        settled_amount?: number;
                        /** Format: uuid */
                        settlement_id?: string;
                        status: string;
                        step_back?: boolean;
                        value_date?: string;
                    };
                };
            };
            /**
             * @description 400 answers of decideOnRequest:
             *
             *     - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "reason_required";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 401 answers of decideOnRequest:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of decideOnRequest:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `not_your_request`: You are not the funder of record of this request.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "not_your_request" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of decideOnRequest:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of decideOnRequest:
             *
             *     - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `invalid_state`: The request is not in a status that allows this action.
             *     - `credit_limit`: One of your credit limits (debtor or seller) cannot hold this offer.
             *     - `debtor_not_eligible_for_funder`: You take listed buyers only and a debtor is not on your list; the error lists them in `debtors`.
             *     - `documents_missing_for_funder`: A document you require from the seller is missing, unverified or expired; the error lists them.
             *     - `funding_gate_failed`: A debtor notice of this factoring request is not acknowledged yet.
             *     - `funding_amount_mismatch`: The `amount` sent differs from the accepted advance.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "invalid_state" | "credit_limit" | "debtor_not_eligible_for_funder" | "documents_missing_for_funder" | "funding_gate_failed" | "funding_amount_mismatch" | "idempotency_key_in_use" | "conflict";
                            /** @description The debtors not on your list: `name`, `debtor_key`, `reason`, `invoices`. */
                            debtors?: Record<string, never>[];
                            /** @description The documents missing, unverified or expired. */
                            documents?: Record<string, never>[];
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of decideOnRequest:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of decideOnRequest:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of decideOnRequest:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_terms`: An offer term (`rate`, `advance_pct`, `days`, `valid_days`) is missing or out of range.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `invalid_received_at`: The receipt time is not a timestamp, or is more than one day ahead.
             *     - `invalid_funding_details`: `value_date` or `reference` is missing or out of range.
             *     - `step_back_message_required`: Declining an approved request needs a message of at least 10 characters for the seller.
             *     - `invalid_decision`: `decision` is not one of `offer`, `decline`, `fund`, `settle`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_terms" | "invalid_amount" | "invalid_received_at" | "invalid_funding_details" | "step_back_message_required" | "invalid_decision";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of decideOnRequest:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of decideOnRequest:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of decideOnRequest:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getRequestDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The documents of the request. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        current: {
                            code: string;
                            /** Format: uuid */
                            document_id: string;
                            /** @description Works for two minutes, without a key */
                            download_url: string;
                            file_name: string;
                            /** Format: date */
                            issued_on: string;
                            media_type: string;
                            name: string;
                            /** @description On the funder's list for the seller's country */
                            required: boolean;
                            sha256: string;
                            size_bytes: number;
                            status: "pending" | "verified";
                            /** Format: date-time */
                            uploaded_at: string;
                            /** @description Seconds the URL works: 120 */
                            url_expires_in: number;
                            valid_today: boolean;
                            valid_until: string | null;
                            verification_method: string | null;
                            verified_at: string | null;
                        }[];
                        deal_file: {
                            funding: {
                                documents: {
                                    code: string;
                                    /** Format: uuid */
                                    document_id: string;
                                    /** @description Works for two minutes, without a key */
                                    download_url: string;
                                    file_name: string;
                                    /** Format: date */
                                    issued_on: string;
                                    media_type: string;
                                    /** @description Catalogue name in English */
                                    name: string;
                                    sha256: string;
                                    size_bytes: number;
                                    /** @description Where this version stands today */
                                    status_today: "current" | "superseded" | "expired" | "revoked";
                                    /** @description Seconds the URL works: 120 */
                                    url_expires_in: number;
                                    valid_until: string | null;
                                    verification_method: string | null;
                                    verified_at: string | null;
                                }[];
                                /** Format: date-time */
                                recorded_at: string;
                            } | null;
                            routing: {
                                documents: {
                                    code: string;
                                    /** Format: uuid */
                                    document_id: string;
                                    /** @description Works for two minutes, without a key */
                                    download_url: string;
                                    file_name: string;
                                    /** Format: date */
                                    issued_on: string;
                                    media_type: string;
                                    /** @description Catalogue name in English */
                                    name: string;
                                    sha256: string;
                                    size_bytes: number;
                                    /** @description Where this version stands today */
                                    status_today: "current" | "superseded" | "expired" | "revoked";
                                    /** @description Seconds the URL works: 120 */
                                    url_expires_in: number;
                                    valid_until: string | null;
                                    verification_method: string | null;
                                    verified_at: string | null;
                                }[];
                                /** Format: date-time */
                                recorded_at: string;
                            } | null;
                        };
                        missing_today: {
                            code: string;
                            name: string;
                            problem: "missing" | "unverified" | "expired";
                        }[];
                        /** Format: uuid */
                        request_id: string;
                    };
                };
            };
            /**
             * @description 401 answers of getRequestDocuments:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of getRequestDocuments:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of getRequestDocuments:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of getRequestDocuments:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of getRequestDocuments:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of getRequestDocuments:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getRequiredDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue and your lists. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        catalogue: {
                            code: string;
                            /** @description Seller countries the document applies to */
                            countries: string[];
                            issuer: string;
                            names: {
                                de: string;
                                en: string;
                                es: string;
                                fr: string;
                                it: string;
                                nl: string;
                                pt: string;
                            };
                            sensitivity: "public" | "confidential" | "personal";
                            /** @description A pre-fill only: the date printed on the document is what counts */
                            usual_validity_days: number | null;
                        }[];
                        /** @description The funder's list per seller country; a country without a list requires nothing */
                        required_by_country: {
                            codes: string[];
                            country: string;
                            note: string | null;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /**
             * @description 401 answers of getRequiredDocuments:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of getRequiredDocuments:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of getRequiredDocuments:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of getRequiredDocuments:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of getRequiredDocuments:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    replaceRequiredDocuments: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The list for one seller country */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Catalogue codes; an empty list clears the list for the country */
                    codes: string[];
                    country: string;
                    /** @description Kept on the evidence chain */
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Your lists after the change. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        catalogue: {
                            code: string;
                            /** @description Seller countries the document applies to */
                            countries: string[];
                            issuer: string;
                            names: {
                                de: string;
                                en: string;
                                es: string;
                                fr: string;
                                it: string;
                                nl: string;
                                pt: string;
                            };
                            sensitivity: "public" | "confidential" | "personal";
                            /** @description A pre-fill only: the date printed on the document is what counts */
                            usual_validity_days: number | null;
                        }[];
                        changed: boolean;
                        codes: string[];
                        country: string;
                        /** @description Open requests routed to the funder whose seller does not meet this country's list today */
                        open_requests_not_meeting: number;
                        /** @description The funder's list per seller country; a country without a list requires nothing */
                        required_by_country: {
                            codes: string[];
                            country: string;
                            note: string | null;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /**
             * @description 401 answers of replaceRequiredDocuments:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of replaceRequiredDocuments:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of replaceRequiredDocuments:
             *
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of replaceRequiredDocuments:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of replaceRequiredDocuments:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of replaceRequiredDocuments:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `body_required`: A body is required.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             *     - `codes_invalid`: `codes` is not a list of document codes.
             *     - `note_invalid`: The note is not text or is longer than allowed.
             *     - `country_without_catalogue`: There is no document catalogue for this country.
             *     - `document_code_unknown`: A document code is not in the catalogue of this country.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "body_required" | "idempotency_key_reused" | "idempotency_key_invalid" | "country_invalid" | "codes_invalid" | "note_invalid" | "country_without_catalogue" | "document_code_unknown";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of replaceRequiredDocuments:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of replaceRequiredDocuments:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of replaceRequiredDocuments:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    sandboxCreateRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invoices?: {
                        amount: number;
                        debtor_country: string;
                        debtor_name: string;
                        debtor_tax_id: string;
                        /** Format: date */
                        due_date: string;
                    }[];
                    type?: "factoring" | "confirming";
                };
            };
        };
        responses: {
            /** @description The new request, routed to you. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        request: {
                            advance_amount: number;
                            approved_at: string | null;
                            assigned_bank_id: string | null;
                            closed_at: string | null;
                            company_name: string;
                            company_nif: string;
                            consent_level_required: ("receipt" | "acknowledgment" | "acceptance") | null;
                            /** Format: date-time */
                            created_at: string;
                            debtor_consent: {
                                debtor_name: string;
                                debtor_tax_id: string;
                                level_achieved: ("receipt" | "acknowledgment" | "acceptance") | null;
                                /** @description Lowest to highest: receipt, acknowledgment, acceptance */
                                level_required: "receipt" | "acknowledgment" | "acceptance";
                                meets_requirement: boolean;
                                status: string;
                            }[];
                            funded_at: string | null;
                            /** Format: uuid */
                            id: string;
                            invoice_count: number;
                            my_offer: {
                                accepted_at: string | null;
                                advance_pct: number;
                                days: number;
                                /** Format: uuid */
                                funding_request_id: string;
                                rate: number;
                                status: string;
                                /** Format: date-time */
                                submitted_at: string;
                            } | null;
                            request_ref: string;
                            routed_at: string | null;
                            settled_amount: number;
                            settled_at: string | null;
                            status: string;
                            total_amount: number;
                            type: "factoring" | "confirming";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /**
             * @description 401 answers of sandboxCreateRequest:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of sandboxCreateRequest:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `sandbox_only`: This operation works with a sandbox key only.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "sandbox_only" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of sandboxCreateRequest:
             *
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of sandboxCreateRequest:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of sandboxCreateRequest:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of sandboxCreateRequest:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `country_invalid`: The country is not a two-letter ISO 3166 code.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "country_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of sandboxCreateRequest:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of sandboxCreateRequest:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of sandboxCreateRequest:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    sandboxAcceptOffer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request after the acceptance. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        request: {
                            advance_amount: number;
                            approved_at: string | null;
                            assigned_bank_id: string | null;
                            closed_at: string | null;
                            company_name: string;
                            company_nif: string;
                            consent_level_required: ("receipt" | "acknowledgment" | "acceptance") | null;
                            /** Format: date-time */
                            created_at: string;
                            debtor_consent: {
                                debtor_name: string;
                                debtor_tax_id: string;
                                level_achieved: ("receipt" | "acknowledgment" | "acceptance") | null;
                                /** @description Lowest to highest: receipt, acknowledgment, acceptance */
                                level_required: "receipt" | "acknowledgment" | "acceptance";
                                meets_requirement: boolean;
                                status: string;
                            }[];
                            funded_at: string | null;
                            /** Format: uuid */
                            id: string;
                            invoice_count: number;
                            my_offer: {
                                accepted_at: string | null;
                                advance_pct: number;
                                days: number;
                                /** Format: uuid */
                                funding_request_id: string;
                                rate: number;
                                status: string;
                                /** Format: date-time */
                                submitted_at: string;
                            } | null;
                            request_ref: string;
                            routed_at: string | null;
                            settled_amount: number;
                            settled_at: string | null;
                            status: string;
                            total_amount: number;
                            type: "factoring" | "confirming";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /**
             * @description 401 answers of sandboxAcceptOffer:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of sandboxAcceptOffer:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `sandbox_only`: This operation works with a sandbox key only.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "sandbox_only" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of sandboxAcceptOffer:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of sandboxAcceptOffer:
             *
             *     - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `invalid_state`: The request is not in a status that allows this action.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "invalid_state" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of sandboxAcceptOffer:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of sandboxAcceptOffer:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of sandboxAcceptOffer:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of sandboxAcceptOffer:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of sandboxAcceptOffer:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of sandboxAcceptOffer:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    sandboxDebtorAnswer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    answer: "acknowledged" | "disputed";
                    debtor_tax_id?: string | null;
                    level?: ("receipt" | "acknowledgment" | "acceptance") | null;
                };
            };
        };
        responses: {
            /** @description The request after the answer. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        request: {
                            advance_amount: number;
                            approved_at: string | null;
                            assigned_bank_id: string | null;
                            closed_at: string | null;
                            company_name: string;
                            company_nif: string;
                            consent_level_required: ("receipt" | "acknowledgment" | "acceptance") | null;
                            /** Format: date-time */
                            created_at: string;
                            debtor_consent: {
                                debtor_name: string;
                                debtor_tax_id: string;
                                level_achieved: ("receipt" | "acknowledgment" | "acceptance") | null;
                                /** @description Lowest to highest: receipt, acknowledgment, acceptance */
                                level_required: "receipt" | "acknowledgment" | "acceptance";
                                meets_requirement: boolean;
                                status: string;
                            }[];
                            funded_at: string | null;
                            /** Format: uuid */
                            id: string;
                            invoice_count: number;
                            my_offer: {
                                accepted_at: string | null;
                                advance_pct: number;
                                days: number;
                                /** Format: uuid */
                                funding_request_id: string;
                                rate: number;
                                status: string;
                                /** Format: date-time */
                                submitted_at: string;
                            } | null;
                            request_ref: string;
                            routed_at: string | null;
                            settled_amount: number;
                            settled_at: string | null;
                            status: string;
                            total_amount: number;
                            type: "factoring" | "confirming";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /**
             * @description 401 answers of sandboxDebtorAnswer:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of sandboxDebtorAnswer:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `sandbox_only`: This operation works with a sandbox key only.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "sandbox_only" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of sandboxDebtorAnswer:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of sandboxDebtorAnswer:
             *
             *     - `not_routed_to_you`: The request is not routed to you at the moment.
             *     - `invalid_state`: The request is not in a status that allows this action.
             *     - `notice_already_decided`: A debtor has already answered its notice.
             *     - `not_factoring`: Only factoring requests have debtor notices.
             *     - `request_not_in_flight`: The request is closed, funded or settled.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_routed_to_you" | "invalid_state" | "notice_already_decided" | "not_factoring" | "request_not_in_flight" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of sandboxDebtorAnswer:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of sandboxDebtorAnswer:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of sandboxDebtorAnswer:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `level_invalid`: The level is not one of `receipt`, `acknowledgment`, `acceptance`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "level_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of sandboxDebtorAnswer:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of sandboxDebtorAnswer:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of sandboxDebtorAnswer:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    sandboxConfirmStatementLine: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                line: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    request_id?: string | null;
                };
            };
        };
        responses: {
            /** @description The line and the settlement it recorded. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        line: {
                            /** @description Euros (or the line currency), always positive */
                            amount: number;
                            bank_reference: string | null;
                            /** Format: date */
                            booking_date: string;
                            /** @description entry: the transaction's own date. Otherwise the entry had no booking nor value date and took the statement's: the end of its period (FrToDt), its closing balance's date, or its creation date (CreDtTm) */
                            booking_date_source: "entry" | "statement_period" | "closing_balance" | "statement_created";
                            confirmation: {
                                /** Format: date-time */
                                confirmed_at: string;
                                invoice_number: string | null;
                                /** Format: uuid */
                                request_id: string;
                                request_ref: string;
                                /** Format: uuid */
                                settlement_id: string;
                            } | null;
                            counterparty_iban: string | null;
                            counterparty_name: string | null;
                            creditor_reference: string | null;
                            currency: string;
                            direction: "credit" | "debit";
                            /** @description Invoice numbers in structured remittance */
                            document_numbers: string[];
                            element: string | null;
                            end_to_end_id: string | null;
                            entry_status: string | null;
                            file_line: number | null;
                            /** @description Number of the transaction in the statement, from 1 */
                            line: number;
                            match: {
                                confidence: number;
                                invoice_number: string | null;
                                method: "reference" | "amount_and_debtor";
                                /** Format: uuid */
                                request_id: string;
                                request_ref: string;
                            } | null;
                            /** @description A booked credit in euros that is not a reversal: the only lines matched */
                            payment_candidate: boolean;
                            remittance_text: string | null;
                            /** @description The entry reverses an earlier one; never matched as a payment */
                            reversal: boolean;
                            value_date: string | null;
                        };
                        settlement: {
                            amount: number;
                            final: boolean;
                            /** Format: date-time */
                            received_at: string;
                            reference: string | null;
                            remaining_amount: number;
                            /** Format: uuid */
                            request_id: string;
                            settled_amount: number;
                            /** Format: uuid */
                            settlement_id: string;
                            status: string;
                        };
                        /** Format: uuid */
                        statement_id: string;
                    };
                };
            };
            /**
             * @description 401 answers of sandboxConfirmStatementLine:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of sandboxConfirmStatementLine:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `not_your_request`: You are not the funder of record of this request.
             *     - `sandbox_only`: This operation works with a sandbox key only.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "not_your_request" | "sandbox_only" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of sandboxConfirmStatementLine:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of sandboxConfirmStatementLine:
             *
             *     - `invalid_state`: The request is not in a status that allows this action.
             *     - `request_not_in_flight`: The request is closed, funded or settled.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "invalid_state" | "request_not_in_flight" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of sandboxConfirmStatementLine:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of sandboxConfirmStatementLine:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of sandboxConfirmStatementLine:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of sandboxConfirmStatementLine:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of sandboxConfirmStatementLine:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of sandboxConfirmStatementLine:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    listSellerLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your seller book. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** @enum {string} */
                        currency: "EUR";
                        funder: {
                            /** Format: uuid */
                            bank_id: string;
                            name: string;
                        };
                        sellers: {
                            available: number | null;
                            /** @description face value of approved requests not yet funded, euros */
                            committed: number;
                            decided_at: string | null;
                            /** @description outstanding + committed + offered, euros */
                            exposure: number;
                            frozen: boolean;
                            limit_amount: number | null;
                            limit_source: ("manual" | "api" | "import" | "insurer") | null;
                            limit_source_ref: string | null;
                            limit_status: ("active" | "refused" | "suspended") | null;
                            note: string | null;
                            /** @description face value of requests under a pending, unexpired offer, euros */
                            offered: number;
                            oldest_overdue: string | null;
                            /** @description face value of funded invoices less the payments the funder recorded, euros */
                            outstanding: number;
                            /** @description unpaid funded invoices past their due date */
                            overdue_count: number;
                            seller_country: string;
                            /** Format: uuid */
                            seller_id: string;
                            seller_marked_paid: {
                                /** @description euros */
                                amount: number;
                                debtor_key: string;
                                due_date: string | null;
                                /** Format: uuid */
                                invoice_id: string;
                                invoice_number: string;
                                /** @description euros not yet received by the funder */
                                outstanding: number;
                                /** @description true keeps the book frozen until the funder records the payment */
                                past_due: boolean;
                                /** Format: uuid */
                                request_id: string;
                                request_ref: string;
                                /** Format: date-time */
                                seller_marked_paid_at: string;
                            }[];
                            seller_name: string;
                            seller_nif: string;
                        }[];
                    };
                };
            };
            /**
             * @description 401 answers of listSellerLimits:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of listSellerLimits:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of listSellerLimits:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of listSellerLimits:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of listSellerLimits:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    setSellerLimit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description One seller limit; it replaces the limit on record (source api). */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Euros, 0 or more; required for an active limit */
                    amount?: number | null;
                    note?: string | null;
                    /**
                     * Format: uuid
                     * @description As GET /v1/seller-limits gives it
                     */
                    seller_id: string;
                    /**
                     * @description active (default), refused or suspended
                     * @enum {unknown}
                     */
                    status?: "active" | "refused" | "suspended";
                };
            };
        };
        responses: {
            /** @description The limit on record after the call. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        seller_limit: {
                            amount: number | null;
                            available: number | null;
                            /** @description euros */
                            committed: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            decided_at: string;
                            /** @description who made the last change: the API key or the operations team */
                            decided_by: {
                                [key: string]: string;
                            };
                            /** @description euros */
                            exposure: number;
                            frozen: boolean;
                            note: string | null;
                            /** @description euros */
                            offered: number;
                            /** @description euros */
                            outstanding: number;
                            seller_country: string;
                            /** Format: uuid */
                            seller_id: string;
                            seller_name: string;
                            seller_nif: string;
                            source: "manual" | "api" | "import" | "insurer";
                            status: "active" | "refused" | "suspended";
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /**
             * @description 401 answers of setSellerLimit:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of setSellerLimit:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 404 answers of setSellerLimit:
             *
             *     - `not_found`: Nothing with this id (or path) is visible to your key.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "not_found";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of setSellerLimit:
             *
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of setSellerLimit:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of setSellerLimit:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of setSellerLimit:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `invalid_amount`: The amount is not a number of euros within the accepted range.
             *     - `invalid_limit`: The limit is not consistent (for example an active limit without an amount).
             *     - `seller_id_required`: `seller_id` is missing.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "invalid_amount" | "invalid_limit" | "seller_id_required";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of setSellerLimit:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of setSellerLimit:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of setSellerLimit:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your settings. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Lowest to highest: receipt, acknowledgment, acceptance */
                        debtor_consent_level: "receipt" | "acknowledgment" | "acceptance";
                        /** @description Only counsel-approved texts count while require_counsel_approved_texts is true */
                        declaration_text_languages: {
                            /** @description Country code of the law governing the notice */
                            governing_law: string;
                            levels: {
                                /** @description Languages with a text for this level */
                                acceptance: string[];
                                /** @description Languages with a text for this level */
                                acknowledgment: string[];
                                /** @description Languages with a text for this level */
                                receipt: string[];
                            };
                        }[];
                        listed_buyers_count: number;
                        /** @description Offers only on debtors on the list the service keeps for the funder */
                        listed_buyers_only: boolean;
                        /** @description Validity of an offer sent without valid_days */
                        offer_validity_days: number;
                        /** @description Open requests routed to the funder, by the consent level fixed when routed */
                        open_requests_by_level: {
                            acceptance: number;
                            acknowledgment: number;
                            receipt: number;
                        };
                        require_counsel_approved_texts: boolean;
                    };
                };
            };
            /**
             * @description 401 answers of getSettings:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of getSettings:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of getSettings:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of getSettings:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of getSettings:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The settings to change, and why */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What debtors sign on requests routed from now on
                     * @enum {unknown}
                     */
                    debtor_consent_level?: "receipt" | "acknowledgment" | "acceptance";
                    /** @description Why, at least 8 characters; kept on the evidence chain */
                    reason: string;
                    require_counsel_approved_texts?: boolean;
                };
            };
        };
        responses: {
            /** @description The settings after the change. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        /** @description Lowest to highest: receipt, acknowledgment, acceptance */
                        debtor_consent_level: "receipt" | "acknowledgment" | "acceptance";
                        /** @description Only counsel-approved texts count while require_counsel_approved_texts is true */
                        declaration_text_languages: {
                            /** @description Country code of the law governing the notice */
                            governing_law: string;
                            levels: {
                                /** @description Languages with a text for this level */
                                acceptance: string[];
                                /** @description Languages with a text for this level */
                                acknowledgment: string[];
                                /** @description Languages with a text for this level */
                                receipt: string[];
                            };
                        }[];
                        listed_buyers_count: number;
                        /** @description Offers only on debtors on the list the service keeps for the funder */
                        listed_buyers_only: boolean;
                        /** @description Validity of an offer sent without valid_days */
                        offer_validity_days: number;
                        /** @description Open requests routed to the funder, by the consent level fixed when routed */
                        open_requests_by_level: {
                            acceptance: number;
                            acknowledgment: number;
                            receipt: number;
                        };
                        /** @description Open requests routed with a level other than the one now set; they keep theirs */
                        open_requests_keep_their_level: number;
                        require_counsel_approved_texts: boolean;
                    };
                };
            };
            /**
             * @description 400 answers of updateSettings:
             *
             *     - `reason_required`: A reason is missing or too short (a decline needs a `reason` or `notes`).
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "reason_required";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 401 answers of updateSettings:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of updateSettings:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of updateSettings:
             *
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of updateSettings:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of updateSettings:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of updateSettings:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `body_required`: A body is required.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `level_invalid`: The level is not one of `receipt`, `acknowledgment`, `acceptance`.
             *     - `invalid_flag`: A flag is not `true` or `false`.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "body_required" | "idempotency_key_reused" | "idempotency_key_invalid" | "level_invalid" | "invalid_flag";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of updateSettings:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of updateSettings:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of updateSettings:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
    importStatement: {
        parameters: {
            query?: {
                file_name?: string;
                kind?: "camt053" | "csv";
            };
            header?: {
                /**
                 * @description Makes the call safe to retry: within 24 hours the same key with the same body answers the first answer again without doing anything twice. 1 to 255 visible ASCII characters, per funder.
                 * @example 7f4c1d2e-order-0042-offer
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The statement file, base64-encoded */
                    content_base64: string | null;
                    /** @description The file name, for your records */
                    file_name?: string | null;
                    /** @description Detected when left out */
                    kind?: ("camt053" | "csv") | null;
                };
                "application/xml": unknown;
                "text/csv": unknown;
                "text/xml": unknown;
            };
        };
        responses: {
            /** @description The statement was imported; each line with its match, if any. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            currency: string | null;
                            iban: string | null;
                        };
                        /** @description CAMT.053 Stmt/Id values */
                        bank_statement_ids: string[];
                        /** @description Lines matched against your funded requests */
                        candidate_count: number;
                        credit_count: number;
                        csv_layout: {
                            columns: {
                                [key: string]: string | string[];
                            };
                            date_format: string;
                            decimal_separator: string;
                            delimiter: string;
                            header_line: number;
                        } | null;
                        /** @enum {string} */
                        currency: "EUR";
                        debit_count: number;
                        file_name: string | null;
                        /** Format: date */
                        first_booking_date: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        imported_at: string;
                        kind: "camt053" | "csv";
                        /** Format: date */
                        last_booking_date: string;
                        line_count: number;
                        lines: {
                            /** @description Euros (or the line currency), always positive */
                            amount: number;
                            bank_reference: string | null;
                            /** Format: date */
                            booking_date: string;
                            /** @description entry: the transaction's own date. Otherwise the entry had no booking nor value date and took the statement's: the end of its period (FrToDt), its closing balance's date, or its creation date (CreDtTm) */
                            booking_date_source: "entry" | "statement_period" | "closing_balance" | "statement_created";
                            confirmation: {
                                /** Format: date-time */
                                confirmed_at: string;
                                invoice_number: string | null;
                                /** Format: uuid */
                                request_id: string;
                                request_ref: string;
                                /** Format: uuid */
                                settlement_id: string;
                            } | null;
                            counterparty_iban: string | null;
                            counterparty_name: string | null;
                            creditor_reference: string | null;
                            currency: string;
                            direction: "credit" | "debit";
                            /** @description Invoice numbers in structured remittance */
                            document_numbers: string[];
                            element: string | null;
                            end_to_end_id: string | null;
                            entry_status: string | null;
                            file_line: number | null;
                            /** @description Number of the transaction in the statement, from 1 */
                            line: number;
                            match: {
                                confidence: number;
                                invoice_number: string | null;
                                method: "reference" | "amount_and_debtor";
                                /** Format: uuid */
                                request_id: string;
                                request_ref: string;
                            } | null;
                            /** @description A booked credit in euros that is not a reversal: the only lines matched */
                            payment_candidate: boolean;
                            remittance_text: string | null;
                            /** @description The entry reverses an earlier one; never matched as a payment */
                            reversal: boolean;
                            value_date: string | null;
                        }[];
                        matched_count: number;
                        reversal_count: number;
                        /** @description SHA-256 of the file bytes: the same file is imported once */
                        sha256: string;
                        size_bytes: number;
                        /** @description Sum of the credit lines in euros */
                        total_credited: number;
                        /** @description Sum of the debit lines in euros */
                        total_debited: number;
                        unmatched_count: number;
                        version: string | null;
                    };
                };
            };
            /**
             * @description 401 answers of importStatement:
             *
             *     - `unauthorized`: No key, or a key that is unknown, malformed or revoked.
             *     - `key_expired`: The key has passed its expiry date.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unauthorized" | "key_expired";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 403 answers of importStatement:
             *
             *     - `forbidden`: The key lacks every scope that opens this operation, or its funder is not active.
             *     - `out_of_scope`: The database refused a row this call would have written: it belongs to another funder or plane. Nothing changed; this is our defect, not your input, so report it with the request id.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "forbidden" | "out_of_scope";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 409 answers of importStatement:
             *
             *     - `statement_already_imported`: The same file (same SHA-256) was imported before.
             *     - `idempotency_key_in_use`: A call with the same `Idempotency-Key` is still running; retry shortly.
             *     - `conflict`: Another change got there first; read again and retry.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "statement_already_imported" | "idempotency_key_in_use" | "conflict";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 413 answers of importStatement:
             *
             *     - `body_too_large`: The body is larger than this operation accepts.
             *     - `file_too_large`: The file is larger than 4 MiB.
             *     - `too_many_lines`: The file has more than 5,000 transactions.
             */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_too_large" | "file_too_large" | "too_many_lines";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 415 answers of importStatement:
             *
             *     - `unsupported_media_type`: This content type is not accepted here.
             */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 422 answers of importStatement:
             *
             *     - `body_invalid`: The body is not valid JSON, or a member has the wrong type, is unknown or missing.
             *     - `idempotency_key_reused`: The `Idempotency-Key` was used before with another body.
             *     - `idempotency_key_invalid`: The `Idempotency-Key` is not 1 to 255 visible ASCII characters.
             *     - `file_required`: No file was sent.
             *     - `file_unreadable`: The file could not be read (for example bad base64).
             *     - `file_empty`: The file is empty.
             *     - `statement_unreadable`: The file is neither a CAMT.053 statement nor a CSV export we can read.
             *     - `statement_has_no_transactions`: The statement has no transactions.
             *     - `line_invalid`: A line of the file cannot be read; the message names the line and column.
             *     - `query_invalid`: A query parameter has the wrong type, is out of range or unknown.
             */
            422: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "body_invalid" | "idempotency_key_reused" | "idempotency_key_invalid" | "file_required" | "file_unreadable" | "file_empty" | "statement_unreadable" | "statement_has_no_transactions" | "line_invalid" | "query_invalid";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 429 answers of importStatement:
             *
             *     - `rate_limited`: Too many calls with this key (or bad keys from this address); wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description Calls allowed in the window that refused the call. */
                            limit?: number;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                            /** @description Seconds to wait, as in `Retry-After`. */
                            retry_after_seconds?: number;
                            /** @description Length of that window in seconds. */
                            window_seconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 500 answers of importStatement:
             *
             *     - `internal_error`: Something failed on our side; retry later (with the same `Idempotency-Key` for a write).
             */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "internal_error";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /**
             * @description 503 answers of importStatement:
             *
             *     - `service_unavailable`: The service is stopping or starting; retry shortly.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description Stable machine-readable code.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            /** @description For a bad input: the path of the member at fault, when known. */
                            field?: string | null;
                            /** @description For people; may change. */
                            message: string;
                            /**
                             * Format: uuid
                             * @description The `Request-Id` of the call.
                             */
                            request_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
    };
}
