import type { OpsCommands } from './cli-commands.ts';
import type { OperatorCaller } from './platform/caller.ts';
import { verifyEvidence } from './platform/evidence.ts';
import type { Runtime } from './runtime.ts';

/**
 * The commands on the database this process opened: the services the operations API's routes
 * call, as `caller`, each answer shaped as that route shapes it (a change's `changed` beside
 * the funder or key, not inside it; the evidence report in snake_case).
 */
export function inProcessCommands(runtime: Runtime, caller: OperatorCaller): OpsCommands {
  const { account, audit, demo } = runtime.services;
  return {
    listFunders: async () => ({ funders: await account.listFunders() }),
    createFunder: async (input) => ({ funder: await account.createFunder(caller, input) }),
    classifyFunder: async (bankId, environment) => {
      const { changed, ...funder } = await account.classifyFunder(caller, bankId, environment);
      return { funder, changed };
    },
    listKeys: async (bankId) => ({ keys: await account.listKeys(bankId) }),
    issueKey: (input) => account.issueKey(caller, input),
    revokeKey: async (keyId, reason) => {
      const { changed, ...key } = await account.revokeKey(caller, keyId, reason);
      return { key, changed };
    },
    listOperators: async () => ({ operators: await account.listOperators() }),
    issueOperator: (input) => account.issueOperator(caller, input),
    revokeOperator: (name) => account.revokeOperator(caller, name),
    auditPage: (query) => audit.list(query),
    resetDemo: () => demo.reset(caller),
    verifyEvidence: async () => {
      const { firstBroken, ...report } = await verifyEvidence(runtime.db);
      return { ...report, first_broken: firstBroken };
    },
  };
}
