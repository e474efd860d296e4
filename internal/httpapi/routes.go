package httpapi

import (
	"net/http"
	"slices"
	"strings"

	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/rbac"
)

// Rule is what a route demands of its caller. The zero Rule admits nobody.
type Rule struct {
	Public bool // no token needed
	// IngestKey: the exchange core's way in: a batch signed with an ingest key (its handler checks the signature
	// over the body), never a staff token. An ingest key opens no other route.
	IngestKey bool
	Kinds     []auth.Kind     // token kinds admitted
	Perms     []string        // permission keys a full token must hold, all of them
	AnyPerm   []string        // or: permission keys of which a full token must hold one
	Export    bool            // a CSV export: also limited per staff member (limits.go)
	Client    *ratelimit.Rule // calls per client address (clients.go), counted before anything else
	// StepUp: the session must have given a second factor within auth.StepUpWindow (the code step of
	// sign-in, or POST /api/user/step-up), checked after the keys; else 403 naming step_up (guard.go).
	StepUp bool
	// StepUpIf: the handler demands the same when the call does what this says (requireStepUp); a
	// handler may demand it only on a route declaring it here.
	StepUpIf string
	// Approval: the action of the approval policy this route is (approvals.Actions); when the policy covers it,
	// the call waits for a second person (approvals.go). ApprovalIf: only the calls its handler says are.
	Approval   string
	ApprovalIf bool
}

func (r Rule) allows(k auth.Kind) bool { return slices.Contains(r.Kinds, k) }

// admits reports whether the caller's permissions satisfy the rule, and
// names a missing key when they do not.
func (r Rule) admits(p *auth.Principal) (bool, string) { return r.admitsHolder(p.Can) }

// admitsHolder is admits for whoever can says holds a key.
func (r Rule) admitsHolder(can func(key string) bool) (bool, string) {
	for _, key := range r.Perms {
		if !can(key) {
			return false, key
		}
	}
	if len(r.AnyPerm) == 0 {
		return true, ""
	}
	for _, key := range r.AnyPerm {
		if can(key) {
			return true, ""
		}
	}
	return false, strings.Join(r.AnyPerm, " or ")
}

// The rules of the route table.
var (
	Public   = Rule{Public: true}
	Ingest   = Rule{IngestKey: true}
	SignedIn = Rule{Kinds: []auth.Kind{auth.Full}} // any fully signed-in user
)

// Tokens admits the given token kinds (sign-in steps).
func Tokens(kinds ...auth.Kind) Rule { return Rule{Kinds: kinds} }

// Perm admits full tokens holding every key.
func Perm(keys ...string) Rule { return Rule{Kinds: []auth.Kind{auth.Full}, Perms: keys} }

// AnyPerm admits full tokens holding at least one of the keys.
func AnyPerm(keys ...string) Rule { return Rule{Kinds: []auth.Kind{auth.Full}, AnyPerm: keys} }

// Fresh makes a rule's route sensitive: it needs a fresh step-up of the
// calling session (guard.go), whatever the call does.
func (r Rule) Fresh() Rule { r.StepUp = true; return r }

// FreshIf makes a rule's route sensitive when the call does what when says:
// its handler checks that and demands a fresh step-up (requireStepUp).
func (r Rule) FreshIf(when string) Rule { r.StepUpIf = when; return r }

// Export marks a rule's route as a CSV export, which runs under the export
// limits of limits.go (429 with Retry-After beyond them).
func Export(r Rule) Rule { r.Export = true; return r }

// approvalKeys are the keys of the actions the approval policy covers, and
// the policy's own: holding one, a staff member sees the requests.
var approvalKeys = []string{rbac.CreateRole, rbac.EditRole, rbac.RemoveRole, rbac.AddUserRole, rbac.RemoveUserRoleAdmin,
	rbac.CreateUser, rbac.EditUser, rbac.CreateToken, rbac.ShowPromotion, rbac.ApprovalPolicy}

// Route is one entry of the route table.
type Route struct {
	Method, Path string
	Rule         Rule
	Handler      http.HandlerFunc
}

// Routes lists every route with its rule: the one place to read who may
// call what (with Lists below). A route missing from here does not exist.
func (s *Server) Routes() []Route { //nolint:funlen // the route table: one line per route, read in one place
	routes := []Route{
		{"GET", "/healthz", Public, s.health},
		{"GET", "/livez", Public, s.live},                         // the process answers (restart only when this fails)
		{"GET", "/readyz", Public, s.ready},                       // send traffic here: not draining, database reachable and migrated
		{"GET", "/api/openapi.json", Public, s.openAPIDocument},   // the API's contract (openapi.go)
		{"GET", "/api/asyncapi.yaml", Public, s.asyncAPIDocument}, // the contract of the core's events (ingest.go)

		// The exchange core's events (ingest.go): signed with an ingest key.
		{"POST", "/api/ingest/events", Ingest, s.ingestEvents},

		// Sign-in, sessions, two-factor.
		// Each public sign-in route is limited per client address (clients.go).
		{"GET", "/api/captcha", Public.PerClient(limitCaptcha), s.captcha},
		{"POST", "/api/login", Public.PerClient(limitLogin), s.login},
		{"POST", "/api/register", Public.PerClient(limitRegister), s.register},
		{"POST", "/api/password/reset", Public.PerClient(limitReset), s.passwordReset},
		{"POST", "/api/password/reset/confirm", Public.PerClient(limitResetConfirm), s.passwordResetConfirm},
		{"POST", "/api/2fa/googleAuthenticator", Tokens(auth.Pending, auth.Setup).PerClient(limitCode), s.verifyCode},
		{"GET", "/api/user/2fa/googleAuthenticator", Tokens(auth.Setup), s.setupSecret},
		{"POST", "/api/user/2fa/googleAuthenticator/status", SignedIn, s.setGAStatus},
		{"GET", "/api/user", Tokens(auth.Setup, auth.Full), s.currentUser},
		{"POST", "/api/logout", Tokens(auth.Pending, auth.Setup, auth.Full), s.logout},
		{"POST", "/api/user/password", SignedIn, s.changePassword}, // the current password is counted like a sign-in's

		// Step-up and recovery codes. Routes marked Fresh (or FreshIf) below are the sensitive calls: they need a
		// second factor given on the calling session in the last 5 minutes (sign-in's code step, or step-up).
		{"POST", "/api/user/step-up", SignedIn.PerClient(limitStepUp), s.stepUp}, // codes counted like the code step's
		{"GET", "/api/user/recovery-codes", SignedIn, s.recoveryCodesLeft},
		{"POST", "/api/user/recovery-codes", SignedIn.Fresh(), s.newRecoveryCodes},
		{"POST", "/api/user/step-up/passkey/begin", SignedIn.PerClient(limitStepUp), passkeyBegin(s.auth.BeginPasskeyStepUp)},
		{"POST", "/api/user/step-up/passkey/finish", SignedIn.PerClient(limitStepUp), s.finishPasskeyStepUp},

		// Passkeys: one's own, added on a fresh session (the finish answers the fresh session's begin, within 5
		// minutes); at the code step of sign-in, a passkey in place of the code (counted like a code).
		{"GET", "/api/user/passkeys", SignedIn, s.passkeys},
		{"POST", "/api/user/passkeys/register/begin", SignedIn.Fresh(), passkeyBegin(s.auth.BeginPasskeyRegistration)},
		{"POST", "/api/user/passkeys/register/finish", SignedIn, s.finishPasskeyRegistration},
		{"DELETE", "/api/user/passkeys/{id}", SignedIn.Fresh(), s.deletePasskey},
		{"POST", "/api/2fa/passkey/begin", Tokens(auth.Pending).PerClient(limitCode), passkeyBegin(s.auth.BeginPasskeySignIn)},
		{"POST", "/api/2fa/passkey/finish", Tokens(auth.Pending).PerClient(limitCode), s.finishPasskeySignIn},

		// One's own signed-in devices (someone else's session id is a 404), and the staff sessions console.
		{"GET", "/api/user/sessions", SignedIn, s.ownSessions},
		{"DELETE", "/api/user/sessions/{id}", SignedIn, revokeSession(s.auth.RevokeOwnSession)},
		{"POST", "/api/user/sessions/revoke-others", SignedIn.Fresh(), s.revokeOtherSessions},
		{"DELETE", "/api/admin/sessions/{id}", Perm(rbac.Sessions).Fresh(), revokeSession(s.auth.RevokeStaffSession)},

		// Four-eyes approval: the policy (which actions need a second person), and the requests made under it.
		// Deciding needs what the request's action needs (approvals.Service.MayDecide), a fresh step-up, and not
		// being its maker; withdrawing it or giving its reason, being its maker.
		{"GET", "/api/admin/approvals/policy", Perm(rbac.ApprovalPolicy), s.approvalPolicy},
		{"POST", "/api/admin/approvals/policy", Perm(rbac.ApprovalPolicy).Fresh().FourEyes("approval_policy.save"), s.saveApprovalPolicy},
		{"POST", "/api/admin/approvals/{id}/approve", AnyPerm(approvalKeys...).Fresh(), s.approveRequest},
		{"POST", "/api/admin/approvals/{id}/reject", AnyPerm(approvalKeys...).Fresh(), s.rejectRequest},
		{"POST", "/api/admin/approvals/{id}/withdraw", AnyPerm(approvalKeys...), s.withdrawRequest},
		{"POST", "/api/admin/approvals/{id}/reason", AnyPerm(approvalKeys...), s.explainRequest}, // the maker's, for the approver

		// Users and members.
		// A new staff member's role (role_id) also needs ADMIN_ADD_USER_ROLE (users.go, errRoleNeedsAddUserRole).
		{"POST", "/api/admin/users/new", Perm(rbac.CreateUser).FreshIf("it creates a staff member").FourEyesIf("staff.create"), s.createUser},
		{"POST", "/api/admin/users/{id}/edit", Perm(rbac.EditUser).FreshIf("it changes another user's email, status or second factor, or another staff member's name or phone").FourEyesIf("user.edit"), s.editUser},
		{"POST", "/api/admin/users/{id}/unlock", Perm(rbac.EditUser).Fresh(), s.unlockUser},

		// Roles.
		{"GET", "/api/admin/roles/permissions", AnyPerm(rbac.RolesList, rbac.CreateRole, rbac.EditRole), s.permissionCatalogue},
		{"POST", "/api/admin/roles/new", Perm(rbac.CreateRole).Fresh().FourEyes("role.create"), s.createRole},
		{"POST", "/api/admin/roles/{id}/edit", Perm(rbac.EditRole).Fresh().FourEyes("role.edit"), s.editRole},
		{"POST", "/api/admin/roles/{id}/adduser", Perm(rbac.AddUserRole).Fresh().FourEyes("role.set"), s.setUsersRole},
		{"PATCH", "/api/admin/roles/removeMember", Perm(rbac.RemoveUserRoleAdmin).Fresh().FourEyes("role.remove_members"), s.removeMembers},
		{"DELETE", "/api/admin/roles/{id}", Perm(rbac.RemoveRole).Fresh().FourEyes("role.delete"), s.deleteRole},

		// Coins, transactions and the dashboard.
		{"GET", "/api/cointypes", SignedIn, s.coinTypes},
		{"GET", "/api/coins/markets/{symbol}", Perm(rbac.Candles), s.market},
		{"GET", "/api/admin/transactions/history/search", Perm(rbac.TransactionHistory), s.transactionSearch},
		{"GET", "/api/admin/users/total_registers", Perm(rbac.TotalUser), s.totalRegisters},
		{"GET", "/api/admin/users/total_onlines", Perm(rbac.TotalOnlineUser), s.totalOnlines},
		{"GET", "/api/admin/wallets/customer_balance", Perm(rbac.CustomerBalance), s.customerBalance},
		{"GET", "/api/admin/wallets/xapa_balance", Perm(rbac.CustomerBalance), s.companyBalance},
		{"GET", "/api/admin/transactions/total/balances", Perm(rbac.TransactionBalances), s.totalBalances},
		{"GET", "/api/admin/transactions/total/revenue/send", Perm(rbac.TransactionSent), s.revenue(sendRevenue)},
		{"GET", "/api/admin/transactions/total/revenue/exchange", Perm(rbac.TransactionExchange), s.revenue(exchangeRevenue)},

		// Tokens, the market blacklist (its key is not named by the spec: the tokens key guards it),
		// app versions and the promotion.
		{"GET", "/api/admin/coins/tokens", Perm(rbac.CreateToken), s.listTokens},
		{"POST", "/api/admin/coins/new", Perm(rbac.CreateToken).Fresh().FourEyes("token.create"), s.createToken},
		{"POST", "/api/admin/coins/{id}/edit", Perm(rbac.CreateToken).Fresh().FourEyes("token.edit"), s.editToken},
		{"GET", "/api/admin/exchange/blackList", Perm(rbac.CreateToken), s.blacklist},
		{"GET", "/api/admin/app_versions/groups", Perm(rbac.AppVersionsList), s.appVersionGroups},
		{"POST", "/api/admin/app_versions/new", Perm(rbac.AppVersionsList), s.createAppVersion},
		{"DELETE", "/api/admin/app_versions/{id}", Perm(rbac.AppVersionsList), s.deleteAppVersion},
		{"GET", "/api/admin/promotion", Perm(rbac.ShowPromotion), s.getPromotion},
		{"POST", "/api/admin/promotion", Perm(rbac.ShowPromotion).Fresh().FourEyes("promotion.save"), s.savePromotion},

		// User profile, accounting and reports.
		// A staff member's profile and sessions also need ADMIN_SESSIONS (profile.go, mayReadStaff).
		{"GET", "/api/admin/users/{id}", Perm(rbac.ShowUser), s.getUser},
		{"GET", "/api/admin/users/brief/{id}", Perm(rbac.ShowUser), s.userBrief},
		{"GET", "/api/admin/users/invites/{id}", Perm(rbac.ShowUser), s.userInvites},
		{"GET", "/api/admin/email/{id}/sendmail", Perm(rbac.ShowUser), s.sendVerification},
		{"GET", "/api/email/verify", Public, s.verifyEmail},
		{"GET", "/api/admin/users/accounting", Perm(rbac.UserAccounting), s.userAccounting},

		// The integration with the exchange core (integration.go): the flow both ways, and the events kept aside.
		// Discarding one for good is sensitive: it needs a fresh step-up.
		{"GET", "/api/admin/integration", Perm(rbac.Integration), s.integration},
		{"POST", "/api/admin/integration/letters/{id}/retry", Perm(rbac.Integration), s.retryLetter},
		{"POST", "/api/admin/integration/letters/{id}/discard", Perm(rbac.Integration).Fresh(), s.discardLetter},

		// The audit log's hash chain, checked whole (the log itself is a list below).
		{"GET", "/api/admin/audit/verify", Perm(rbac.AuditLog), s.auditVerify},
		{"GET", "/api/admin/transactions/accounting", Perm(rbac.TransactionAccounting), s.transactionAccounting},
	}
	for _, l := range s.Lists() {
		routes = append(routes, l.routes(s)...)
	}
	return routes
}

// Lists are the filtered, paged lists: each answers a page at its path and,
// when it has CSV columns, its CSV twin at path + "/CSV", an export under the
// same rule (limits.go). Each is declared once, beside its screen's other
// handlers.
func (s *Server) Lists() []ListRoute {
	return []ListRoute{
		{"/api/admin/users", Perm(rbac.UsersList), s.userList()},
		// The members screen's role picker lists roles with ADMIN_ADD_USER_ROLE too.
		{"/api/admin/roles", AnyPerm(rbac.RolesList, rbac.AddUserRole), s.roleList()},
		{"/api/admin/transactions/history", Perm(rbac.TransactionHistory), s.historyList()}, // and /CSV
		{"/api/admin/app_versions", Perm(rbac.AppVersionsList), s.appVersionList()},
		{"/api/admin/users/report/{id}", Perm(rbac.ShowUser), s.userReportList()},         // and /CSV
		{"/api/admin/users/wallets/{id}", Perm(rbac.ShowUser), s.walletList()},            // and /CSV
		{"/api/admin/users/sessions/{id}", Perm(rbac.ShowUser), s.sessionList()},          // a staff member's: and ADMIN_SESSIONS
		{"/api/admin/wallets/report", Perm(rbac.BonusReport), s.bonusList()},              // and /CSV
		{"/api/admin/exchange/history", Perm(rbac.TransactionExchange), s.exchangeList()}, // and /CSV
		{"/api/admin/audit", Perm(rbac.AuditLog), s.auditList()},                          // and /CSV
		{"/api/admin/sessions", Perm(rbac.Sessions), s.staffSessionList()},
		{"/api/admin/approvals", AnyPerm(approvalKeys...), s.approvalList()},
		{"/api/admin/integration/letters", Perm(rbac.Integration), s.letterList()},
		{"/api/admin/integration/commands", Perm(rbac.Integration), s.commandList()},
	}
}
