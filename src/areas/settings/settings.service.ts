import type { AreaDeps } from '../../platform/area-deps.ts';
import { declarationText } from './settings.declaration-texts.ts';
import { createListedBuyers } from './settings.listed-buyers.ts';
import { createPolicy } from './settings.policy.ts';
import { createRequiredDocuments } from './settings.required-documents.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * A funder's settings: its policy, its listed buyers, the documents it requires per seller
 * country, and the declaration texts a debtor signs.
 */
export function createSettingsService(deps: Pick<AreaDeps, 'db' | 'write'>) {
  return {
    ...createPolicy(deps),
    ...createListedBuyers(deps),
    declarationText,
    ...createRequiredDocuments(deps),
  };
}
