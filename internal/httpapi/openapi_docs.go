package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/appversions"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/profile"
	"xapa/backoffice/internal/promotion"
	"xapa/backoffice/internal/roles"
	"xapa/backoffice/internal/stats"
	"xapa/backoffice/internal/tokens"
)

// operations documents every route of the route table by "METHOD path"
// (a list by its page's path: its CSV twin shares the entry). The query
// structs are the ones the handlers bind (bindQuery, params.go); a list's
// page adds PageQuery, and its reply is the list's page type (lists.go).
func operations() map[string]op { //nolint:funlen // a table: one entry per route
	return map[string]op{
		"GET /healthz":           {summary: "The server and its database answer", reply: new(healthReply)},
		"GET /livez":             {summary: "The process answers", reply: new(statusReply)},
		"GET /readyz":            {summary: "This node takes traffic: not draining, database reachable and migrated", reply: new(statusReply)},
		"GET /api/openapi.json":  {summary: "This document", reply: map[string]any{}},
		"GET /api/asyncapi.yaml": {summary: "The contract of the exchange core's events (AsyncAPI 3.0, YAML)", reply: yamlReply{}},
		"POST /api/ingest/events": {summary: "The exchange core's events: a batch of 1 to 1,000 CloudEvents (docs/asyncapi.yaml), signed with an ingest key",
			body: new(ingestBatch), bodyType: CloudEventsBatch, reply: new(ingestReply)},
		"GET /api/captcha":                              {summary: "A captcha challenge", query: captchaQuery{}, reply: new(auth.Challenge)},
		"POST /api/login":                               {summary: "Sign in: a pending token, or a setup one", body: new(loginInput), reply: new(loginReply)},
		"POST /api/register":                            {summary: "Register a customer", body: new(registerInput), reply: new(registerReply), status: http.StatusCreated, errors: new(registerError)},
		"POST /api/password/reset":                      {summary: "Mail a password reset link", body: new(resetInput), reply: new(messageReply), status: http.StatusAccepted},
		"POST /api/password/reset/confirm":              {summary: "Set a new password with a reset token", body: new(resetConfirmInput), status: http.StatusNoContent},
		"POST /api/2fa/googleAuthenticator":             {summary: "The two-factor step: a full token", body: new(codeInput), reply: new(tokenReply)},
		"GET /api/user/2fa/googleAuthenticator":         {summary: "The Google Authenticator secret to set up", reply: new(auth.SetupData)},
		"POST /api/user/2fa/googleAuthenticator/status": {summary: "Switch Google Authenticator on or off", body: new(gaStatusInput), reply: new(accounts.User)},
		"GET /api/user":                                 {summary: "The signed-in user", reply: new(accounts.User)},
		"POST /api/logout":                              {summary: "Sign out: the token is revoked", status: http.StatusNoContent},
		"POST /api/user/password":                       {summary: "Change one's own password: every other session ends", body: new(passwordChangeInput), status: http.StatusNoContent},
		"POST /api/user/step-up":                        {summary: "Step up: an authenticator or recovery code makes this session's sensitive calls pass for 5 minutes", body: new(stepUpInput), reply: new(stepUpReply)},
		"GET /api/user/recovery-codes":                  {summary: "How many of one's recovery codes are unused", reply: new(recoveryCodesLeftReply)},
		"POST /api/user/recovery-codes":                 {summary: "Ten new recovery codes, replacing the old ones (shown this once)", reply: new(recoveryCodesReply)},
		"POST /api/user/step-up/passkey/begin":          {summary: "Step up with a passkey: the options for navigator.credentials.get", reply: new(passkeyOptionsReply)},
		"POST /api/user/step-up/passkey/finish":         {summary: "Step up with a passkey: the browser's answer makes this session's sensitive calls pass for 5 minutes", body: new(passkeyInput), reply: new(stepUpReply)},
		"GET /api/admin/approvals/policy":               {summary: "Which sensitive actions need a second person's approval", reply: new(policyReply)},
		"POST /api/admin/approvals/policy":              {summary: "Set which sensitive actions need a second person's approval", body: new(policyInput), reply: new(policyReply)},
		"GET /api/admin/approvals":                      {summary: "Requests awaiting (or past) a second person's decision, newest first", query: approvalsQuery{}},
		"POST /api/admin/approvals/{id}/approve":        {summary: "Approve a request: its change is applied (the approver is not its maker, holds what it needs, and stepped up)", body: new(decisionInput), reply: new(approvedReply)},
		"POST /api/admin/approvals/{id}/reject":         {summary: "Reject a request: nothing is applied", body: new(decisionInput), reply: new(approvalReply)},
		"POST /api/admin/approvals/{id}/withdraw":       {summary: "Withdraw one's own pending request", reply: new(approvalReply)},
		"POST /api/admin/approvals/{id}/reason":         {summary: "Give one's own pending request its reason, for the approver", body: new(decisionInput), reply: new(approvalReply)},
		"GET /api/user/passkeys":                        {summary: "One's own passkeys, oldest first", reply: new(passkeysReply)},
		"POST /api/user/passkeys/register/begin":        {summary: "Add a passkey: the options for navigator.credentials.create", reply: new(passkeyOptionsReply)},
		"POST /api/user/passkeys/register/finish":       {summary: "Add a passkey: the browser's answer, and the passkey's name", body: new(passkeyInput), reply: new(passkeyReply), status: http.StatusCreated},
		"DELETE /api/user/passkeys/{id}":                {summary: "Remove one of one's own passkeys", status: http.StatusNoContent},
		"POST /api/2fa/passkey/begin":                   {summary: "The two-factor step by passkey: the options for navigator.credentials.get", reply: new(passkeyOptionsReply)},
		"POST /api/2fa/passkey/finish":                  {summary: "The two-factor step by passkey: the browser's answer gives a full token", body: new(passkeyInput), reply: new(tokenReply)},

		"GET /api/user/sessions":                {summary: "One's own signed-in sessions, newest first", reply: new(ownSessionsReply)},
		"DELETE /api/user/sessions/{id}":        {summary: "End one of one's own sessions", status: http.StatusNoContent},
		"POST /api/user/sessions/revoke-others": {summary: "End every other session of one's own", reply: new(revokedReply)},
		"GET /api/admin/sessions":               {summary: "Staff members' signed-in sessions, newest first", query: staffSessionQuery{}},
		"GET /api/admin/integration": {summary: "The integration with the exchange core: its sources, the last hour's events, the events kept aside and the commands waiting",
			reply: new(integrationReply)},
		"GET /api/admin/integration/letters":               {summary: "The core's events kept aside: held, and dead letters, newest first", query: ingest.LetterFilter{}},
		"POST /api/admin/integration/letters/{id}/retry":   {summary: "Apply an event kept aside again, as if it arrived now (audited)", reply: new(retryReply)},
		"POST /api/admin/integration/letters/{id}/discard": {summary: "Drop an event kept aside for good, with the reason (audited; needs a fresh step-up)", body: new(discardInput), status: http.StatusNoContent},
		"GET /api/admin/integration/commands":              {summary: "The commands to the core, newest first", query: commands.Filter{}},
		"DELETE /api/admin/sessions/{id}":                  {summary: "End a staff member's session", status: http.StatusNoContent},

		"GET /api/admin/users":                {summary: "Customers, or the staff", query: userQuery{}},
		"POST /api/admin/users/new":           {summary: "Create a user", body: new(accounts.NewUser), reply: new(accounts.User), status: http.StatusCreated},
		"POST /api/admin/users/{id}/edit":     {summary: "Edit a user", body: new(accounts.Edit), reply: new(accounts.User)},
		"POST /api/admin/users/{id}/unlock":   {summary: "Lift a user's sign-in locks", status: http.StatusNoContent},
		"GET /api/admin/roles":                {summary: "Roles with their members"},
		"GET /api/admin/roles/permissions":    {summary: "The permission catalogue by category", reply: new(catalogueReply)},
		"POST /api/admin/roles/new":           {summary: "Create a role", body: new(roles.Input), reply: new(roles.Role), status: http.StatusCreated},
		"POST /api/admin/roles/{id}/edit":     {summary: "Edit a role", body: new(roles.Input), reply: new(roles.Role)},
		"POST /api/admin/roles/{id}/adduser":  {summary: "Give users a role", body: new(userIDs), reply: new(usersReply)},
		"PATCH /api/admin/roles/removeMember": {summary: "Remove users from the staff", body: new(userIDs), reply: new(usersReply)},
		"DELETE /api/admin/roles/{id}":        {summary: "Delete a role", status: http.StatusNoContent},

		"GET /api/cointypes":                                 {summary: "The coins (type=all: with tokens)", query: coinTypesQuery{}, reply: []ledger.Coin{}},
		"GET /api/coins/markets/{symbol}":                    {summary: "A coin's market candles", reply: new(marketReply)},
		"GET /api/admin/transactions/history":                {summary: "Transactions", query: historyQuery{}},
		"GET /api/admin/transactions/history/search":         {summary: "Transactions by hash", query: searchQuery{}, reply: new(historyPage)},
		"GET /api/admin/users/total_registers":               {summary: "Registrations of the last week", query: registersQuery{}, reply: new(stats.Registrations)},
		"GET /api/admin/users/total_onlines":                 {summary: "Users online", reply: new(onlineReply)},
		"GET /api/admin/wallets/customer_balance":            {summary: "The customers' balance of each coin", reply: new(balancesReply)},
		"GET /api/admin/wallets/xapa_balance":                {summary: "The company's balance of each coin", reply: new(balancesReply)},
		"GET /api/admin/transactions/total/balances":         {summary: "Volume: in total and per day of the week", reply: new(balanceVolumeReply)},
		"GET /api/admin/transactions/total/revenue/send":     {summary: "Send revenue: in total and per day of the week", reply: new(revenueReply)},
		"GET /api/admin/transactions/total/revenue/exchange": {summary: "Exchange revenue: in total and per day of the week", reply: new(revenueReply)},

		"GET /api/admin/coins/tokens":         {summary: "The tokens", reply: new(tokensReply)},
		"POST /api/admin/coins/new":           {summary: "Create a token", body: new(tokens.Input), reply: new(tokens.Token), status: http.StatusCreated},
		"POST /api/admin/coins/{id}/edit":     {summary: "Edit a token", body: new(tokens.Input), reply: new(tokens.Token)},
		"GET /api/admin/exchange/blackList":   {summary: "The market blacklist", reply: new(blacklistReply)},
		"GET /api/admin/app_versions":         {summary: "App versions, newest first"},
		"GET /api/admin/app_versions/groups":  {summary: "The change log's group names", reply: []string{}},
		"POST /api/admin/app_versions/new":    {summary: "Create an app version", body: new(appversions.Input), reply: new(createdReply), status: http.StatusCreated},
		"DELETE /api/admin/app_versions/{id}": {summary: "Delete an app version", status: http.StatusNoContent},
		"GET /api/admin/promotion":            {summary: "The promotion's settings", reply: new(promotion.Settings)},
		"POST /api/admin/promotion":           {summary: "Save the promotion's settings", body: new(promotion.Input), reply: new(promotion.Settings)},

		"GET /api/admin/users/{id}":              {summary: "A user", reply: new(accounts.User)},
		"GET /api/admin/users/brief/{id}":        {summary: "A user's totals", reply: new(profile.Brief)},
		"GET /api/admin/users/invites/{id}":      {summary: "A user's invitation tree", reply: new(invitesReply)},
		"GET /api/admin/users/report/{id}":       {summary: "A user's transactions", query: historyQuery{}},
		"GET /api/admin/users/wallets/{id}":      {summary: "A user's wallets", query: walletQuery{}},
		"GET /api/admin/users/sessions/{id}":     {summary: "A user's sessions"},
		"GET /api/admin/email/{id}/sendmail":     {summary: "Mail a user the verification link", reply: new(statusReply)},
		"GET /api/email/verify":                  {summary: "Open a verification link: then to the sign-in page", query: verifyQuery{}, status: http.StatusSeeOther},
		"GET /api/admin/users/accounting":        {summary: "User accounting of a date range (default: the last week)", query: RangeQuery{}, reply: new(userAccountingReply)},
		"GET /api/admin/transactions/accounting": {summary: "Financial accounting of a date range (default: the last week)", query: RangeQuery{}, reply: new(financialReply)},
		"GET /api/admin/wallets/report":          {summary: "The bonus report", query: reportQuery{}},
		"GET /api/admin/exchange/history":        {summary: "The exchange report", query: reportQuery{}},
		"GET /api/admin/audit":                   {summary: "The audit log", query: auditQuery{}},
		"GET /api/admin/audit/verify":            {summary: "Check the audit log's keyed chain: the entries verified, the first that does not match, and the newest checkpoint that holds", reply: new(auditVerifyReply)},
	}
}

// passkeyOptionsReply states the WebAuthn library's options, which the
// handlers send as the library makes them.
type passkeyOptionsReply struct {
	PublicKey map[string]any `json:"publicKey" required:"true" description:"PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON: binary fields in base64url."`
}
