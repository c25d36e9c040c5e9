import type { App } from '../../platform/http/app.ts';
import {
  RequiredDocuments,
  RequiredDocumentsBody,
  RequiredDocumentsChange,
  Settings,
  SettingsBody,
  SettingsChange,
} from './settings.schemas.ts';
import type { SettingsService } from './settings.service.ts';

/** The funder's debtor declaration policy and the documents it requires from sellers. */
export function settingsRoutes(deps: { settings: SettingsService }) {
  const { settings } = deps;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };

    app.get(
      '/v1/settings',
      {
        ...key,
        schema: { tags: ['Settings'], summary: 'Debtor declaration policy', response: { 200: Settings } },
      },
      async (request) => settings.getSettings(request.caller!),
    );

    app.put(
      '/v1/settings',
      {
        ...key,
        schema: {
          tags: ['Settings'],
          summary: 'Change the consent level or the counsel-approved texts rule',
          body: SettingsBody,
          response: { 200: SettingsChange },
        },
      },
      async (request) => settings.putSettings(request.caller!, request.body),
    );

    app.get(
      '/v1/required-documents',
      {
        ...key,
        schema: {
          tags: ['Settings'],
          summary: 'The document catalogue and the documents required per seller country',
          response: { 200: RequiredDocuments },
        },
      },
      async (request) => settings.getRequiredDocuments(request.caller!),
    );

    app.put(
      '/v1/required-documents',
      {
        ...key,
        schema: {
          tags: ['Settings'],
          summary: 'Replace the documents required from sellers of one country',
          body: RequiredDocumentsBody,
          response: { 200: RequiredDocumentsChange },
        },
      },
      async (request) => settings.putRequiredDocuments(request.caller!, request.body),
    );
  };
}
