// Written by scripts/routes-index.mjs from the route files on disk: do not edit, run `node scripts/routes-index.mjs`.
// Every app/api/**/route.ts but app/api/openapi.json/route.ts and app/api/auth/[...nextauth]/route.ts (see the script).
import type { RouteModule } from "@/lib/api/openapi/from-routes";
import * as r_all_path from "./[...path]/route";
import * as r_all_surveys from "./all_surveys/route";
import * as r_altcha_challenge from "./altcha/challenge/route";
import * as r_avatars_id from "./avatars/[id]/route";
import * as r_confirm_email from "./confirm-email/route";
import * as r_contact from "./contact/route";
import * as r_contact_messages_id_reply from "./contact_messages/[id]/reply/route";
import * as r_contact_messages_id from "./contact_messages/[id]/route";
import * as r_contact_messages from "./contact_messages/route";
import * as r_create_payment_intent from "./create-payment-intent/route";
import * as r_create_survey from "./create_survey/route";
import * as r_feedbacks from "./feedbacks/route";
import * as r_get_commented_surveys from "./get_commented_surveys/route";
import * as r_get_features_surveys from "./get_features_surveys/route";
import * as r_get_latest_survey from "./get_latest_survey/route";
import * as r_get_participated_survey from "./get_participated_survey/route";
import * as r_get_payment_info from "./get_payment_info/route";
import * as r_get_updated_survey_id from "./get_updated_survey/[id]/route";
import * as r_get_user from "./get_user/route";
import * as r_health_ready from "./health/ready/route";
import * as r_health from "./health/route";
import * as r_is_user_exist from "./is_user_exist/route";
import * as r_jwt from "./jwt/route";
import * as r_me_api_keys_id from "./me/api-keys/[id]/route";
import * as r_me_api_keys from "./me/api-keys/route";
import * as r_me_email from "./me/email/route";
import * as r_me_export from "./me/export/route";
import * as r_me_mail_preferences from "./me/mail-preferences/route";
import * as r_me_passkeys_id from "./me/passkeys/[id]/route";
import * as r_me_passkeys_options from "./me/passkeys/options/route";
import * as r_me_passkeys from "./me/passkeys/route";
import * as r_me_password from "./me/password/route";
import * as r_me from "./me/route";
import * as r_me_second_factor_passkey_options from "./me/second-factor/passkey-options/route";
import * as r_me_second_factor_recovery_codes from "./me/second-factor/recovery-codes/route";
import * as r_me_second_factor_totp_confirm from "./me/second-factor/totp/confirm/route";
import * as r_me_second_factor_totp from "./me/second-factor/totp/route";
import * as r_me_second_factor_verify from "./me/second-factor/verify/route";
import * as r_me_sessions_id from "./me/sessions/[id]/route";
import * as r_me_sessions from "./me/sessions/route";
import * as r_me_verification_email from "./me/verification-email/route";
import * as r_metrics from "./metrics/route";
import * as r_oembed from "./oembed/route";
import * as r_passkeys_sign_in_options from "./passkeys/sign-in-options/route";
import * as r_password_forgot from "./password/forgot/route";
import * as r_password_reset from "./password/reset/route";
import * as r_register from "./register/route";
import * as r_report_survey_id from "./report_survey/[id]/route";
import * as r_reported_by from "./reported_by/route";
import * as r_save_payment from "./save-payment/route";
import * as r_stripe_webhook from "./stripe/webhook/route";
import * as r_survey_id_export from "./survey/[id]/export/route";
import * as r_survey_id_live from "./survey/[id]/live/route";
import * as r_survey_id_qr from "./survey/[id]/qr/route";
import * as r_survey_id_results from "./survey/[id]/results/route";
import * as r_survey_id_review_request from "./survey/[id]/review-request/route";
import * as r_survey_id from "./survey/[id]/route";
import * as r_survey_id_voters from "./survey/[id]/voters/route";
import * as r_surveys_email from "./surveys/[email]/route";
import * as r_unsubscribe from "./unsubscribe/route";
import * as r_updateDocument_id from "./updateDocument/[id]/route";
import * as r_update_role_email from "./update_role/[email]/route";
import * as r_update_role from "./update_role/route";
import * as r_update_survey_status from "./update_survey_status/route";
import * as r_upload from "./upload/route";
import * as r_user from "./user/route";
import * as r_users_id_suspension from "./users/[id]/suspension/route";
import * as r_users_id_verification_email from "./users/[id]/verification-email/route";
import * as r_users_id_votes_void from "./users/[id]/votes/void/route";
import * as r_v1_surveys_id_results from "./v1/surveys/[id]/results/route";
import * as r_v1_surveys_id from "./v1/surveys/[id]/route";
import * as r_v1_surveys_id_unpublish from "./v1/surveys/[id]/unpublish/route";
import * as r_v1_surveys_id_voters from "./v1/surveys/[id]/voters/route";
import * as r_v1_surveys from "./v1/surveys/route";
import * as r_v1_webhooks_id_deliveries_deliveryId_redeliver from "./v1/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import * as r_v1_webhooks_id_deliveries from "./v1/webhooks/[id]/deliveries/route";
import * as r_v1_webhooks_id_rotate from "./v1/webhooks/[id]/rotate/route";
import * as r_v1_webhooks_id from "./v1/webhooks/[id]/route";
import * as r_v1_webhooks from "./v1/webhooks/route";
import * as r_verify_email from "./verify-email/route";
import * as r_vote_id from "./vote/[id]/route";

export const API_ROUTES: RouteModule[] = [
  { file: "app/api/[...path]/route.ts", path: "/api/[...path]", module: r_all_path },
  { file: "app/api/all_surveys/route.ts", path: "/api/all_surveys", module: r_all_surveys },
  { file: "app/api/altcha/challenge/route.ts", path: "/api/altcha/challenge", module: r_altcha_challenge },
  { file: "app/api/avatars/[id]/route.ts", path: "/api/avatars/{id}", module: r_avatars_id },
  { file: "app/api/confirm-email/route.ts", path: "/api/confirm-email", module: r_confirm_email },
  { file: "app/api/contact/route.ts", path: "/api/contact", module: r_contact },
  { file: "app/api/contact_messages/[id]/reply/route.ts", path: "/api/contact_messages/{id}/reply", module: r_contact_messages_id_reply },
  { file: "app/api/contact_messages/[id]/route.ts", path: "/api/contact_messages/{id}", module: r_contact_messages_id },
  { file: "app/api/contact_messages/route.ts", path: "/api/contact_messages", module: r_contact_messages },
  { file: "app/api/create-payment-intent/route.ts", path: "/api/create-payment-intent", module: r_create_payment_intent },
  { file: "app/api/create_survey/route.ts", path: "/api/create_survey", module: r_create_survey },
  { file: "app/api/feedbacks/route.ts", path: "/api/feedbacks", module: r_feedbacks },
  { file: "app/api/get_commented_surveys/route.ts", path: "/api/get_commented_surveys", module: r_get_commented_surveys },
  { file: "app/api/get_features_surveys/route.ts", path: "/api/get_features_surveys", module: r_get_features_surveys },
  { file: "app/api/get_latest_survey/route.ts", path: "/api/get_latest_survey", module: r_get_latest_survey },
  { file: "app/api/get_participated_survey/route.ts", path: "/api/get_participated_survey", module: r_get_participated_survey },
  { file: "app/api/get_payment_info/route.ts", path: "/api/get_payment_info", module: r_get_payment_info },
  { file: "app/api/get_updated_survey/[id]/route.ts", path: "/api/get_updated_survey/{id}", module: r_get_updated_survey_id },
  { file: "app/api/get_user/route.ts", path: "/api/get_user", module: r_get_user },
  { file: "app/api/health/ready/route.ts", path: "/api/health/ready", module: r_health_ready },
  { file: "app/api/health/route.ts", path: "/api/health", module: r_health },
  { file: "app/api/is_user_exist/route.ts", path: "/api/is_user_exist", module: r_is_user_exist },
  { file: "app/api/jwt/route.ts", path: "/api/jwt", module: r_jwt },
  { file: "app/api/me/api-keys/[id]/route.ts", path: "/api/me/api-keys/{id}", module: r_me_api_keys_id },
  { file: "app/api/me/api-keys/route.ts", path: "/api/me/api-keys", module: r_me_api_keys },
  { file: "app/api/me/email/route.ts", path: "/api/me/email", module: r_me_email },
  { file: "app/api/me/export/route.ts", path: "/api/me/export", module: r_me_export },
  { file: "app/api/me/mail-preferences/route.ts", path: "/api/me/mail-preferences", module: r_me_mail_preferences },
  { file: "app/api/me/passkeys/[id]/route.ts", path: "/api/me/passkeys/{id}", module: r_me_passkeys_id },
  { file: "app/api/me/passkeys/options/route.ts", path: "/api/me/passkeys/options", module: r_me_passkeys_options },
  { file: "app/api/me/passkeys/route.ts", path: "/api/me/passkeys", module: r_me_passkeys },
  { file: "app/api/me/password/route.ts", path: "/api/me/password", module: r_me_password },
  { file: "app/api/me/route.ts", path: "/api/me", module: r_me },
  { file: "app/api/me/second-factor/passkey-options/route.ts", path: "/api/me/second-factor/passkey-options", module: r_me_second_factor_passkey_options },
  { file: "app/api/me/second-factor/recovery-codes/route.ts", path: "/api/me/second-factor/recovery-codes", module: r_me_second_factor_recovery_codes },
  { file: "app/api/me/second-factor/totp/confirm/route.ts", path: "/api/me/second-factor/totp/confirm", module: r_me_second_factor_totp_confirm },
  { file: "app/api/me/second-factor/totp/route.ts", path: "/api/me/second-factor/totp", module: r_me_second_factor_totp },
  { file: "app/api/me/second-factor/verify/route.ts", path: "/api/me/second-factor/verify", module: r_me_second_factor_verify },
  { file: "app/api/me/sessions/[id]/route.ts", path: "/api/me/sessions/{id}", module: r_me_sessions_id },
  { file: "app/api/me/sessions/route.ts", path: "/api/me/sessions", module: r_me_sessions },
  { file: "app/api/me/verification-email/route.ts", path: "/api/me/verification-email", module: r_me_verification_email },
  { file: "app/api/metrics/route.ts", path: "/api/metrics", module: r_metrics },
  { file: "app/api/oembed/route.ts", path: "/api/oembed", module: r_oembed },
  { file: "app/api/passkeys/sign-in-options/route.ts", path: "/api/passkeys/sign-in-options", module: r_passkeys_sign_in_options },
  { file: "app/api/password/forgot/route.ts", path: "/api/password/forgot", module: r_password_forgot },
  { file: "app/api/password/reset/route.ts", path: "/api/password/reset", module: r_password_reset },
  { file: "app/api/register/route.ts", path: "/api/register", module: r_register },
  { file: "app/api/report_survey/[id]/route.ts", path: "/api/report_survey/{id}", module: r_report_survey_id },
  { file: "app/api/reported_by/route.ts", path: "/api/reported_by", module: r_reported_by },
  { file: "app/api/save-payment/route.ts", path: "/api/save-payment", module: r_save_payment },
  { file: "app/api/stripe/webhook/route.ts", path: "/api/stripe/webhook", module: r_stripe_webhook },
  { file: "app/api/survey/[id]/export/route.ts", path: "/api/survey/{id}/export", module: r_survey_id_export },
  { file: "app/api/survey/[id]/live/route.ts", path: "/api/survey/{id}/live", module: r_survey_id_live },
  { file: "app/api/survey/[id]/qr/route.ts", path: "/api/survey/{id}/qr", module: r_survey_id_qr },
  { file: "app/api/survey/[id]/results/route.ts", path: "/api/survey/{id}/results", module: r_survey_id_results },
  { file: "app/api/survey/[id]/review-request/route.ts", path: "/api/survey/{id}/review-request", module: r_survey_id_review_request },
  { file: "app/api/survey/[id]/route.ts", path: "/api/survey/{id}", module: r_survey_id },
  { file: "app/api/survey/[id]/voters/route.ts", path: "/api/survey/{id}/voters", module: r_survey_id_voters },
  { file: "app/api/surveys/[email]/route.ts", path: "/api/surveys/{email}", module: r_surveys_email },
  { file: "app/api/unsubscribe/route.ts", path: "/api/unsubscribe", module: r_unsubscribe },
  { file: "app/api/updateDocument/[id]/route.ts", path: "/api/updateDocument/{id}", module: r_updateDocument_id },
  { file: "app/api/update_role/[email]/route.ts", path: "/api/update_role/{email}", module: r_update_role_email },
  { file: "app/api/update_role/route.ts", path: "/api/update_role", module: r_update_role },
  { file: "app/api/update_survey_status/route.ts", path: "/api/update_survey_status", module: r_update_survey_status },
  { file: "app/api/upload/route.ts", path: "/api/upload", module: r_upload },
  { file: "app/api/user/route.ts", path: "/api/user", module: r_user },
  { file: "app/api/users/[id]/suspension/route.ts", path: "/api/users/{id}/suspension", module: r_users_id_suspension },
  { file: "app/api/users/[id]/verification-email/route.ts", path: "/api/users/{id}/verification-email", module: r_users_id_verification_email },
  { file: "app/api/users/[id]/votes/void/route.ts", path: "/api/users/{id}/votes/void", module: r_users_id_votes_void },
  { file: "app/api/v1/surveys/[id]/results/route.ts", path: "/api/v1/surveys/{id}/results", module: r_v1_surveys_id_results },
  { file: "app/api/v1/surveys/[id]/route.ts", path: "/api/v1/surveys/{id}", module: r_v1_surveys_id },
  { file: "app/api/v1/surveys/[id]/unpublish/route.ts", path: "/api/v1/surveys/{id}/unpublish", module: r_v1_surveys_id_unpublish },
  { file: "app/api/v1/surveys/[id]/voters/route.ts", path: "/api/v1/surveys/{id}/voters", module: r_v1_surveys_id_voters },
  { file: "app/api/v1/surveys/route.ts", path: "/api/v1/surveys", module: r_v1_surveys },
  { file: "app/api/v1/webhooks/[id]/deliveries/[deliveryId]/redeliver/route.ts", path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver", module: r_v1_webhooks_id_deliveries_deliveryId_redeliver },
  { file: "app/api/v1/webhooks/[id]/deliveries/route.ts", path: "/api/v1/webhooks/{id}/deliveries", module: r_v1_webhooks_id_deliveries },
  { file: "app/api/v1/webhooks/[id]/rotate/route.ts", path: "/api/v1/webhooks/{id}/rotate", module: r_v1_webhooks_id_rotate },
  { file: "app/api/v1/webhooks/[id]/route.ts", path: "/api/v1/webhooks/{id}", module: r_v1_webhooks_id },
  { file: "app/api/v1/webhooks/route.ts", path: "/api/v1/webhooks", module: r_v1_webhooks },
  { file: "app/api/verify-email/route.ts", path: "/api/verify-email", module: r_verify_email },
  { file: "app/api/vote/[id]/route.ts", path: "/api/vote/{id}", module: r_vote_id },
];
