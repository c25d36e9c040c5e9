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
        /** Your debtor book: each debtor with a limit or exposure */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
        /** Set the limit on one debtor */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description One debtor limit; it replaces the limit on record (source api). */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description euros, 0 or more, or null; required for an active limit */
                        amount?: unknown;
                        /** @description ISO 3166-1 alpha-2; may be left out when the tax id is known in one country on your plane */
                        debtor_country?: unknown;
                        /** @description up to 200 characters */
                        debtor_name?: unknown;
                        /** @description required; spaces, dots, dashes and slashes are ignored */
                        debtor_tax_id?: unknown;
                        /** @description up to 1000 characters */
                        note?: unknown;
                        /** @description active (default), refused or suspended */
                        status?: unknown;
                    };
                };
            };
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Set up to 2,000 debtor limits at once, each row answered on its own */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description {rows, source, source_ref} or a bare array of rows (source import); 1 to 2000 rows. Amounts may also be text such as "1250.50". */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description array of limit rows */
                        rows?: unknown;
                        /** @description import (default) or insurer */
                        source?: unknown;
                        /** @description up to 200 characters */
                        source_ref?: unknown;
                    };
                };
            };
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Download a document through a URL from the deal documents */
        get: {
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
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
        /** Service health */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** The calling key and its funder */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** How a buyer pays its suppliers: aggregates from connected suppliers’ ledgers */
        get: {
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Requests routed to you and those you acted on, newest first */
        get: {
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** The underwriting packet of one request */
        get: {
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Raise the consent level every debtor must sign */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        level?: unknown;
                        reason?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** What is known about each debtor of a factoring request */
        get: {
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Offer, decline, fund or record a settlement */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description offer: percent, above 0 up to 100 */
                        advance_pct?: unknown;
                        /** @description fund: the accepted advance; settle: euros received */
                        amount?: unknown;
                        /** @description offer: days of financing */
                        days?: unknown;
                        /** @description offer, decline, fund or settle */
                        decision?: unknown;
                        /** @description settle: true closes the request */
                        final?: unknown;
                        /** @description decline: for your team only */
                        internal_note?: unknown;
                        /** @description settle: up to 1,000 characters */
                        note?: unknown;
                        /** @description offer notes, or decline message the seller reads */
                        notes?: unknown;
                        /** @description offer: percent, above 0 up to 100 */
                        rate?: unknown;
                        /** @description decline: payer_credit, invoice_ineligible, documentation, concentration, amount_out_of_range, sector_excluded, no_funder_capacity, withdrawn_by_client, other */
                        reason?: unknown;
                        /** @description settle: date-time, default now */
                        received_at?: unknown;
                        /** @description fund: 3 to 140 characters; settle: up to 140 */
                        reference?: unknown;
                        /** @description offer: 1 to 90, default 7 */
                        valid_days?: unknown;
                        /** @description fund: YYYY-MM-DD, at most 7 days ahead */
                        value_date?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                201: {
                    headers: {
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
            };
        };
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
        /** The deal file of a request and the seller’s current documents */
        get: {
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** The document catalogue and the documents required per seller country */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
        /** Replace the documents required from sellers of one country */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description JSON object replacing the list for one seller country (body_required when absent) */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description array of catalogue codes; an empty array clears the list (codes_invalid) */
                        codes?: unknown;
                        /** @description two letters, ^[A-Za-z]{2}$ (country_invalid) */
                        country?: unknown;
                        /** @description string up to 500 characters, kept on the evidence chain (note_invalid) */
                        note?: unknown;
                    };
                };
            };
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Sandbox: a new fictitious request routed to you */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
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
            };
        };
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
        /** Sandbox: the seller accepts your offer */
        post: {
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Sandbox: a debtor (or every debtor) answers its notice */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Sandbox: confirm the match of a statement line (records the payment) */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Your seller book: each seller routed to you, acted on, or with a limit */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
        /** Set the limit on one seller */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description One seller limit; it replaces the limit on record (source api). */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description euros, 0 or more, or null; required for an active limit */
                        amount?: unknown;
                        /** @description up to 1000 characters */
                        note?: unknown;
                        /** @description uuid, as GET /v1/seller-limits gives it */
                        seller_id?: unknown;
                        /** @description active (default), refused or suspended */
                        status?: unknown;
                    };
                };
            };
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
        /** Debtor declaration policy */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
        /** Change the consent level or the counsel-approved texts rule */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description JSON object. Fields sent change; reason is required. */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description receipt, acknowledgment or acceptance (level_invalid otherwise) */
                        debtor_consent_level?: unknown;
                        /** @description string of at least 8 characters, kept on the evidence chain (reason_required) */
                        reason?: unknown;
                        /** @description boolean (invalid_flag otherwise) */
                        require_counsel_approved_texts?: unknown;
                    };
                };
            };
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
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
            };
        };
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
         * Send a bank statement (CAMT.053 or CSV) to match against your funded requests
         * @description At most 4 MiB and 5,000 transactions. Nothing is settled until a match is confirmed.
         */
        post: {
            parameters: {
                query?: {
                    file_name?: string;
                    kind?: "camt053" | "csv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the file, base64 (required) */
                        content_base64?: unknown;
                        /** @description string, 1 to 255 characters */
                        file_name?: unknown;
                        /** @description camt053 or csv; detected when left out */
                        kind?: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                    "application/xml": unknown;
                    "text/csv": unknown;
                    "text/xml": unknown;
                };
            };
            responses: {
                /** @description Error envelope */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
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
            };
        };
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
        /** @description Error envelope */
        ErrorEnvelope: {
            error: {
                /** @description Stable machine-readable code */
                code: string;
                /** @description For people; may change */
                message: string;
                request_id?: string;
            } & {
                [key: string]: unknown;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
