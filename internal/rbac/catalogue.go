// Package rbac holds the permission catalogue: every permission key the
// product knows, grouped in the categories the role editor shows.
package rbac

import "encoding/json"

// Permission keys: those of the product, plus the audit log's and the staff
// sessions console's.
const (
	Candles               = "ADMIN_CANDLES"
	TotalUser             = "ADMIN_TOTAL_USER"
	TotalOnlineUser       = "ADMIN_TOTAL_ONLINE_USER"
	CustomerBalance       = "ADMIN_CUSTOMER_BALANCE"
	TransactionBalances   = "ADMIN_TRANSACTION_BALANCES"
	TransactionSent       = "ADMIN_TRANSACTION_SENT"
	TransactionExchange   = "ADMIN_TRANSACTION_EXCHANGE"
	TransactionHistory    = "ADMIN_TRANSACTION_HISTORY"
	ShowUser              = "ADMIN_SHOW_USER"
	UsersList             = "ADMIN_USERS_LIST"
	CreateUser            = "ADMIN_CREATE_USER"
	EditUser              = "ADMIN_EDIT_USER"
	AddUserRole           = "ADMIN_ADD_USER_ROLE"
	RemoveUserRoleAdmin   = "ADMIN_REMOVE_USER_ROLE_ADMIN"
	RolesList             = "ADMIN_ROLES_LIST"
	CreateRole            = "ADMIN_CREATE_ROLE"
	EditRole              = "ADMIN_EDIT_ROLE"
	RemoveRole            = "ADMIN_REMOVE_ROLE"
	AppVersionsList       = "ADMIN_APP_VERSIONS_LIST"
	ShowPromotion         = "ADMIN_SHOW_PROMOTION"
	CreateToken           = "ADMIN_CREATE_TOKEN"
	TransactionAccounting = "ADMIN_TRANSACTION_ACCOUNTING"
	UserAccounting        = "ADMIN_USER_ACCOUNTING"
	BonusReport           = "ADMIN_BONUS_REPORT"
	AuditLog              = "ADMIN_AUDIT_LOG"
	Sessions              = "ADMIN_SESSIONS"
	ApprovalPolicy        = "ADMIN_APPROVAL_POLICY"
	Integration           = "ADMIN_INTEGRATION"
)

// RoleAdmin is the security role that makes a user a staff member.
const RoleAdmin = "ROLE_ADMIN"

// Permission is one key with the title the role editor shows.
type Permission struct {
	Key   string `json:"key"`
	Title string `json:"title"`
}

// Category groups permissions under a title.
type Category struct {
	Title       string
	Permissions []Permission
}

// Categories are the catalogue as the API sends it: one member per category,
// its title the name, in the catalogue's order (a Go map would sort them).
type Categories []Category

// MarshalJSON writes {"<title>": [permissions], ...} in c's order.
func (c Categories) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, cat := range c {
		if i > 0 {
			b = append(b, ',')
		}
		name, err := json.Marshal(cat.Title)
		if err != nil {
			return nil, err
		}
		list, err := json.Marshal(cat.Permissions)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, name...), ':'), list...)
	}
	return append(b, '}'), nil
}

// Catalogue lists every permission, in the order the role editor shows them.
var Catalogue = Categories{
	{"Dashboard", []Permission{
		{Candles, "Coin candle cards"},
		{TotalUser, "Registered and verified users"},
		{TotalOnlineUser, "Online users"},
		{CustomerBalance, "Customer and company balances"},
		{TransactionBalances, "Total balances"},
		{TransactionSent, "Revenue by send"},
		{TransactionExchange, "Revenue by exchange and the exchange report"},
	}},
	{"Transactions", []Permission{
		{TransactionHistory, "Recent transactions and history"},
		{ShowUser, "User profiles"},
	}},
	{"Users", []Permission{
		{UsersList, "List users and members"},
		{CreateUser, "Create users and members"},
		{EditUser, "Edit users"},
		{AddUserRole, "Set a member's role"},
		{RemoveUserRoleAdmin, "Remove members"},
	}},
	{"Roles", []Permission{
		{RolesList, "List roles"},
		{CreateRole, "Create roles"},
		{EditRole, "Modify roles"},
		{RemoveRole, "Remove roles"},
	}},
	{"Reports", []Permission{
		{TransactionAccounting, "Financial accounting"},
		{UserAccounting, "User accounting"},
		{BonusReport, "Bonus report"},
	}},
	{"Settings", []Permission{
		{AppVersionsList, "App versions"},
		{ShowPromotion, "Promotion"},
		{CreateToken, "Tokens"},
		{AuditLog, "Audit log"},
		{Sessions, "Staff sessions"},
		{ApprovalPolicy, "Approvals"},
		{Integration, "Integration with the exchange core"},
	}},
}

var known = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range Catalogue {
		for _, p := range c.Permissions {
			m[p.Key] = true
		}
	}
	return m
}()

// Known reports whether key is a permission of the catalogue.
func Known(key string) bool { return known[key] }

// AllKeys returns every key, in catalogue order.
func AllKeys() []string {
	var keys []string
	for _, c := range Catalogue {
		for _, p := range c.Permissions {
			keys = append(keys, p.Key)
		}
	}
	return keys
}
