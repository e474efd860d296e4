package audit

import "github.com/swaggest/jsonschema-go"

// Action is an entry's action, dotted ("role.update"). The contract names
// every action the server writes (the schema ActionSchemaName), so the web
// app can check that it has words for each; a row may still hold another
// (an older version's, a test's), so the field stays any string.
type Action string

// ActionSchemaName is the contract's schema listing Actions.
const ActionSchemaName = "AuditKnownAction"

// Actions are every action the server writes. TestActionsListsEveryWrite
// fails when a write's action is missing here, or one here is never written.
var Actions = []string{
	"login.password_accepted", "login.success", "login.failure", "login.locked", "logout",
	"session.step_up", "session.step_up_failure", "session.revoke", "session.revoke_others", "session.issued_by_tool",
	"2fa.enabled", "2fa.disabled", "2fa.failure", "2fa.locked", "2fa.recovery_code_used", "2fa.passkey_added", "2fa.passkey_removed",
	"recovery_codes.issue",
	"password.change", "password.change_failure", "password.reset_requested", "password.reset_throttled", "password.reset",
	"user.create", "user.update", "user.unlock", "user.set_role", "user.remove_staff", "user.register",
	"user.verification_mail", "user.email_verified",
	"role.create", "role.update", "role.delete",
	"token.create", "token.update",
	"app_version.create", "app_version.delete",
	"promotion.update",
	"throttled",
	"read.csv_export", "read.profile_open", "read.bulk",
	"approval.request", "approval.reason", "approval.reject", "approval.withdraw", "approval.void",
	"approval_policy.update",
	"integration.letter.retry", "integration.letter.discard",
	"ingest_key.create", "ingest_key.revoke",
	ActionCheckpoint,
	"demo.seed",
}

// JSONSchema is one of the known actions, or any other text.
func (Action) JSONSchema() (jsonschema.Schema, error) {
	var known, other, s jsonschema.Schema
	known.WithRef("#/components/schemas/" + ActionSchemaName)
	other.WithType(jsonschema.String.Type())
	s.WithAnyOf(known.ToSchemaOrBool(), other.ToSchemaOrBool()).
		WithDescription("What happened: one of " + ActionSchemaName + ", or an action an older version wrote.")
	return s, nil
}

// ActionSchema is the contract's schema of ActionSchemaName.
func ActionSchema() map[string]any {
	return map[string]any{"type": "string", "enum": Actions,
		"description": "Every action the server writes to the audit log."}
}
