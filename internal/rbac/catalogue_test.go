package rbac

import (
	"strings"
	"testing"
)

// Every permission key of the product, plus the audit log's and the staff
// sessions console's, exactly once.
func TestCatalogueCoversTheSpec(t *testing.T) {
	spec := []string{"ADMIN_CANDLES", "ADMIN_TOTAL_USER", "ADMIN_TOTAL_ONLINE_USER", "ADMIN_CUSTOMER_BALANCE",
		"ADMIN_TRANSACTION_BALANCES", "ADMIN_TRANSACTION_SENT", "ADMIN_TRANSACTION_EXCHANGE", "ADMIN_TRANSACTION_HISTORY",
		"ADMIN_SHOW_USER", "ADMIN_USERS_LIST", "ADMIN_ROLES_LIST", "ADMIN_APP_VERSIONS_LIST", "ADMIN_SHOW_PROMOTION",
		"ADMIN_CREATE_TOKEN", "ADMIN_TRANSACTION_ACCOUNTING", "ADMIN_USER_ACCOUNTING", "ADMIN_BONUS_REPORT",
		"ADMIN_CREATE_USER", "ADMIN_EDIT_USER", "ADMIN_ADD_USER_ROLE", "ADMIN_REMOVE_USER_ROLE_ADMIN",
		"ADMIN_CREATE_ROLE", "ADMIN_EDIT_ROLE", "ADMIN_REMOVE_ROLE", "ADMIN_AUDIT_LOG", "ADMIN_SESSIONS",
		"ADMIN_APPROVAL_POLICY", "ADMIN_INTEGRATION"}
	keys := AllKeys()
	if len(keys) != len(spec) {
		t.Fatalf("catalogue has %d keys, want %d", len(keys), len(spec))
	}
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k] {
			t.Errorf("key %s listed twice", k)
		}
		seen[k] = true
	}
	for _, k := range spec {
		if !Known(k) {
			t.Errorf("key %s missing", k)
		}
	}
	if Known("ADMIN_EVERYTHING") {
		t.Error("unknown key accepted")
	}
	for _, c := range Catalogue {
		for _, p := range c.Permissions {
			if c.Title == "" || p.Title == "" {
				t.Errorf("key %s lacks a title", p.Key)
			}
			// auth.Authenticate reads a role's keys joined with commas.
			if strings.ContainsAny(p.Key, ", ") {
				t.Errorf("key %q holds a comma or space", p.Key)
			}
		}
	}
}
