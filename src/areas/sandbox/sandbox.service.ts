import { createSandboxAdvance } from './sandbox.advance.ts';
import { createSandboxAnswers } from './sandbox.answers.ts';
import type { SandboxDeps } from './sandbox.deps.ts';
import { createSandboxParties } from './sandbox.parties.ts';
import { createSandboxRequests } from './sandbox.requests.ts';

export type SandboxService = ReturnType<typeof createSandboxService>;

/**
 * Test helpers for sandbox keys: they play the other parties on the demonstration plane, so
 * an integration can walk a request through its whole life from its own code. Each calls the
 * same service functions as the operations API.
 */
export function createSandboxService(deps: SandboxDeps) {
  return {
    ...createSandboxRequests(deps),
    ...createSandboxAnswers(deps),
    ...createSandboxParties(deps),
    ...createSandboxAdvance(deps),
  };
}
