import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { createProgrammeChange } from './programme.change.ts';
import { createProgrammeReading } from './programme.reading.ts';

export type { ProgrammeBody } from './programme.change.ts';

export type ProgrammeService = ReturnType<typeof createProgrammeService>;

/**
 * The funder's programme: its default terms, the companies it can set terms for (with their
 * own terms), the requests routed to it counted by terms and status, and changes to all that.
 * A change applies to requests routed from then on; a routed request keeps the terms it took.
 */
export function createProgrammeService(deps: { db: Db; write: RunWrite }) {
  return {
    ...createProgrammeReading(deps),
    ...createProgrammeChange(deps),
  };
}
