/** The API revision named in /v1/health, /v1/me and every webhook event. */
export const API_VERSION = '2026-09-23';
