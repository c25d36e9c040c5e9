import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import {
  RequiredDocuments,
  RequiredDocumentsBody,
  RequiredDocumentsChange,
  Settings,
  SettingsBody,
  SettingsChange,
} from './settings.schemas.ts';
import type { SettingsService } from './settings.service.ts';

const keyed = keyRoutes('Settings');

/** The funder's debtor declaration policy and the documents it requires from sellers. */
export function settingsRoutes({ settings }: { settings: SettingsService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/settings',
      keyed(
        OPENS.read,
        {
          operationId: 'getSettings',
          summary: 'Your settings',
          description:
            'The consent level debtors must give on requests routed to you from now on, whether the texts they sign must be approved by counsel, whether you take listed buyers only, how long your offers stay valid by default, how many open requests are at each consent level, and the languages in which declaration texts exist.',
          success: 'Your settings.',
          errors: [],
        },
        { response: { 200: Settings } },
      ),
      async (request) => settings.getSettings(request.caller!),
    );

    app.put(
      '/v1/settings',
      keyed(
        OPENS.settingsWrite,
        {
          operationId: 'updateSettings',
          summary: 'Change your settings',
          description: [
            'Changes `debtor_consent_level` (`receipt`, `acknowledgment`, `acceptance`) and/or `require_counsel_approved_texts` (boolean). `reason` (at least 8 characters) is required and kept on the evidence chain.',
            '',
            'The change applies to requests routed to you from then on; requests already with you keep their level (`open_requests_keep_their_level` counts them). Sending the values you already have changes nothing (`changed: false`).',
          ].join('\n'),
          success: 'The settings after the change.',
          errors: ['level_invalid', 'invalid_flag', 'reason_required', 'body_required', 'conflict'],
          requestExamples: {
            raise: {
              summary: 'Require acknowledgment from now on',
              value: {
                debtor_consent_level: 'acknowledgment',
                require_counsel_approved_texts: true,
                reason: 'Credit committee decision of 2 October',
              },
            },
          },
        },
        {
          body: SettingsBody,
          response: { 200: SettingsChange },
        },
      ),
      async (request) => settings.putSettings(request.caller!, request.body),
    );

    app.get(
      '/v1/required-documents',
      keyed(
        OPENS.read,
        {
          operationId: 'getRequiredDocuments',
          summary: 'Documents you require from sellers',
          description:
            'The catalogue of seller documents the service knows, per country, and the list you require for each seller country. A request is routed to you, an offer recorded and a request funded only while every document on your list for the seller’s country is verified and valid on that date.',
          success: 'The catalogue and your lists.',
          errors: [],
        },
        {
          response: { 200: RequiredDocuments },
        },
      ),
      async (request) => settings.getRequiredDocuments(request.caller!),
    );

    app.put(
      '/v1/required-documents',
      keyed(
        OPENS.settingsWrite,
        {
          operationId: 'replaceRequiredDocuments',
          summary: 'Replace the documents you require for one country',
          description: [
            'Replaces your list for one seller country: `country` (two letters), `codes` (document codes from that country’s catalogue; an empty list clears it) and an optional `note` (up to 500 characters) kept with the change on the evidence chain.',
            '',
            'Requests already with you stay with you, but your next offer or funding on one waits until the seller meets the new list (`open_requests_not_meeting` counts them).',
          ].join('\n'),
          success: 'Your lists after the change.',
          errors: [
            'body_required',
            'country_invalid',
            'codes_invalid',
            'note_invalid',
            'country_without_catalogue',
            'document_code_unknown',
            'conflict',
          ],
          requestExamples: {
            spain: {
              summary: 'Require two documents from Spanish sellers',
              value: {
                country: 'ES',
                codes: ['es_tax_compliance', 'es_social_security_compliance'],
                note: 'Tax and social security certificates, per policy 7.2',
              },
            },
          },
        },
        {
          body: RequiredDocumentsBody,
          response: { 200: RequiredDocumentsChange },
        },
      ),
      async (request) => settings.putRequiredDocuments(request.caller!, request.body),
    );
  };
}
