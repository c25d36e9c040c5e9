/**
 * What a debtor signs in answer to a notice of assignment, lowest to highest. A debtor meets a
 * requirement when the level it signed is at least the level required.
 */
export const CONSENT_LEVELS = ['receipt', 'acknowledgment', 'acceptance'] as const;

export type ConsentLevel = (typeof CONSENT_LEVELS)[number];

export const isConsentLevel = (value: unknown): value is ConsentLevel =>
  typeof value === 'string' && (CONSENT_LEVELS as readonly string[]).includes(value);

/** True when `achieved` is the same as or higher than `required`; nothing signed meets nothing. */
export function levelAtLeast(achieved: ConsentLevel | null | undefined, required: ConsentLevel): boolean {
  if (!achieved) return false;
  return CONSENT_LEVELS.indexOf(achieved) >= CONSENT_LEVELS.indexOf(required);
}
