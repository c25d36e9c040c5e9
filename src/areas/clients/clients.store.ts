// What the clients area's stores share beyond the platform's scoped table helpers.

/**
 * What the area issues for a time (an invitation, a client link): the key that made it, when,
 * and until when.
 */
export interface Issued {
  keyId: string | null;
  at: Date;
  expiresAt: Date;
}
