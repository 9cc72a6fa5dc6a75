import type { Knex } from 'knex';
import * as accounts from './migrations/001_accounts.ts';
import * as sessions from './migrations/002_sessions.ts';
import * as seedModules from './migrations/003_seed_modules.ts';
import * as verificationKeys from './migrations/004_verification_keys.ts';
import * as mailOutbox from './migrations/005_mail_outbox.ts';
import * as sessionControls from './migrations/006_session_controls.ts';
import * as accountModules from './migrations/007_seed_account_modules.ts';
import * as clientErrors from './migrations/008_client_errors.ts';
import * as userListIndexes from './migrations/020_user_list_indexes.ts';
import * as userPreferences from './migrations/030_user_preferences.ts';
import * as pageActions from './migrations/031_page_actions.ts';
import * as lookups from './migrations/040_lookups.ts';
import * as files from './migrations/041_files.ts';
import * as yourAccount from './migrations/050_your_account.ts';
import * as appSettings from './migrations/060_app_settings.ts';
import * as permissions from './migrations/070_permissions.ts';
import * as audit from './migrations/080_audit.ts';
import * as forms from './migrations/090_forms.ts';
import * as userUdfs from './migrations/091_user_udfs.ts';
import * as pages from './migrations/093_pages.ts';
import * as menuItems from './migrations/094_menu_items.ts';
import * as transfer from './migrations/095_transfer.ts';
import * as recordLocks from './migrations/100_record_locks.ts';
import * as recordVersions from './migrations/101_record_versions.ts';
import * as fileChunks from './migrations/105_file_chunks.ts';
import * as udfKeysById from './migrations/110_udf_keys_by_id.ts';
import * as fieldIdentity from './migrations/111_field_identity_and_levels.ts';
import * as definitionKeys from './migrations/113_definition_keys.ts';
import * as fileReferences from './migrations/114_file_references.ts';
import * as menuItemOwners from './migrations/117_menu_item_owners.ts';
import * as fieldTypeChanges from './migrations/118_field_type_changes.ts';
import * as onboardingAndOutbox from './migrations/119_onboarding_and_outbox.ts';
import * as importJobs from './migrations/120_import_jobs.ts';
import * as importBatches from './migrations/121_import_batches.ts';
import * as pageFieldRouteTarget from './migrations/122_page_field_route_target.ts';
import * as administrationMenuGroup from './migrations/124_administration_menu_group.ts';
import * as entryActions from './migrations/126_entry_actions.ts';
import * as circles from './migrations/127_circles.ts';
import * as circleManagementHasNoOwnRecords from './migrations/128_circle_management_has_no_own_records.ts';
import * as circlesMenuEntry from './migrations/129_circles_menu_entry.ts';
import * as reports from './migrations/130_reports.ts';
import * as userFavoriteReports from './migrations/131_user_favorite_reports.ts';
import * as reportsMenuEntry from './migrations/132_reports_menu_entry.ts';
import * as builtReports from './migrations/133_built_reports.ts';
import * as reportSchedules from './migrations/134_report_schedules.ts';
import * as clientErrorLog from './migrations/135_client_error_log.ts';
import * as reportExports from './migrations/136_report_exports.ts';
import * as formRecordReport from './migrations/137_form_record_report.ts';
import * as homeWidgets from './migrations/138_home_widgets.ts';
import * as widgetsMenuEntry from './migrations/139_widgets_menu_entry.ts';
import * as shippedDocuments from './migrations/140_shipped_documents.ts';
import * as publicFormDraws from './migrations/141_public_form_draws.ts';
import * as publicForms from './migrations/142_public_forms.ts';
import * as publicFormSubmissions from './migrations/143_public_form_submissions.ts';
import * as publicFormNotifications from './migrations/144_public_form_notifications.ts';
import * as dropPublicFormDraws from './migrations/145_drop_public_form_draws.ts';

interface Migration { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> }

/** Listed, not globbed: the same order under tsx, vitest and a bundle, with no file-extension guessing. */
const migrations: Array<[string, Migration]> = [
  ['001_accounts', accounts],
  ['002_sessions', sessions],
  ['003_seed_modules', seedModules],
  ['004_verification_keys', verificationKeys],
  ['005_mail_outbox', mailOutbox],
  ['006_session_controls', sessionControls],
  ['007_seed_account_modules', accountModules],
  ['008_client_errors', clientErrors],
  ['020_user_list_indexes', userListIndexes],
  ['030_user_preferences', userPreferences],
  ['031_page_actions', pageActions],
  ['040_lookups', lookups],
  ['041_files', files],
  ['050_your_account', yourAccount],
  ['060_app_settings', appSettings],
  ['070_permissions', permissions],
  ['080_audit', audit],
  ['090_forms', forms],
  ['091_user_udfs', userUdfs],
  ['093_pages', pages],
  ['094_menu_items', menuItems],
  ['095_transfer', transfer],
  ['100_record_locks', recordLocks],
  ['101_record_versions', recordVersions],
  ['105_file_chunks', fileChunks],
  ['110_udf_keys_by_id', udfKeysById],
  ['111_field_identity_and_levels', fieldIdentity],
  ['113_definition_keys', definitionKeys],
  ['114_file_references', fileReferences],
  ['117_menu_item_owners', menuItemOwners],
  ['118_field_type_changes', fieldTypeChanges],
  ['119_onboarding_and_outbox', onboardingAndOutbox],
  ['120_import_jobs', importJobs],
  ['121_import_batches', importBatches],
  ['122_page_field_route_target', pageFieldRouteTarget],
  ['124_administration_menu_group', administrationMenuGroup],
  ['126_entry_actions', entryActions],
  ['127_circles', circles],
  ['128_circle_management_has_no_own_records', circleManagementHasNoOwnRecords],
  ['129_circles_menu_entry', circlesMenuEntry],
  ['130_reports', reports],
  ['131_user_favorite_reports', userFavoriteReports],
  ['132_reports_menu_entry', reportsMenuEntry],
  ['133_built_reports', builtReports],
  ['134_report_schedules', reportSchedules],
  ['135_client_error_log', clientErrorLog],
  ['136_report_exports', reportExports],
  ['137_form_record_report', formRecordReport],
  ['138_home_widgets', homeWidgets],
  ['139_widgets_menu_entry', widgetsMenuEntry],
  ['140_shipped_documents', shippedDocuments],
  ['141_public_form_draws', publicFormDraws],
  ['142_public_forms', publicForms],
  ['143_public_form_submissions', publicFormSubmissions],
  ['144_public_form_notifications', publicFormNotifications],
  ['145_drop_public_form_draws', dropPublicFormDraws],
];

const source: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};

export async function migrateToLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}
