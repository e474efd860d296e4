package httpapi_test

import (
	"context"
	"fmt"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Staff manage only what they hold themselves: a holder of a few keys can
// neither take over a better-placed colleague (edit their email or switch
// their 2FA off, then reset the password) nor hand anyone, themselves
// included, a key they lack. Every refusal is a 403 that changes nothing,
// the audit log included; a list refused at its second id rolls back the first.
func TestNoPrivilegeEscalation(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		ctx := context.Background()
		admin, _ := env.Staff(t, "root", rbac.AllKeys()...)
		clerkKeys := []string{rbac.UsersList, rbac.EditUser, rbac.AddUserRole, rbac.RemoveUserRoleAdmin,
			rbac.RolesList, rbac.CreateRole, rbac.EditRole, rbac.RemoveRole, rbac.TransactionHistory}
		clerk, tok := env.Staff(t, "clerk", clerkKeys...)
		peer := env.CreateUser(t, "peer", true, true, rbac.UsersList, rbac.TransactionHistory)
		customer := env.CreateUser(t, "customer", false, false)
		roleOf := func(u apitest.User) int64 {
			var id int64
			if err := db.QueryRowContext(ctx, `SELECT role_id FROM users WHERE id = $1`, u.ID).Scan(&id); err != nil {
				t.Fatal(err)
			}
			return id
		}
		adminRole, peerRole, clerkRole := roleOf(admin), roleOf(peer), roleOf(clerk)
		forbidden := `{"code":403}`
		refused := []apitest.Case{
			{Name: "edit an Administrator's email", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", admin.ID), Token: tok,
				Body: map[string]any{"email": "clerk.owns.it@example.com", "enabled": true}, Status: 403,
				JSON: `{"message":"You cannot change a staff member who holds permissions you do not hold."}`},
			{Name: "switch an Administrator's Google Authenticator off", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", admin.ID),
				Token: tok, Body: map[string]any{"email": admin.Email, "enabled": true, "isGoogleAuthenticatorEnabled": false}, Status: 403, JSON: forbidden},
			{Name: "give oneself's accomplice the Administrator role", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/adduser", adminRole),
				Token: tok, Body: map[string]any{"users": []int64{peer.ID}}, Status: 403,
				JSON: `{"message":"You can only grant or change permissions you hold yourself; you lack ADMIN_APPROVAL_POLICY, ADMIN_APP_VERSIONS_LIST, ADMIN_AUDIT_LOG, ADMIN_BONUS_REPORT, ADMIN_CANDLES, ADMIN_CREATE_TOKEN, ADMIN_CREATE_USER, ADMIN_CUSTOMER_BALANCE, ADMIN_INTEGRATION, ADMIN_SESSIONS, ADMIN_SHOW_PROMOTION, ADMIN_SHOW_USER, ADMIN_TOTAL_ONLINE_USER, ADMIN_TOTAL_USER, ADMIN_TRANSACTION_ACCOUNTING, ADMIN_TRANSACTION_BALANCES, ADMIN_TRANSACTION_EXCHANGE, ADMIN_TRANSACTION_SENT, ADMIN_USER_ACCOUNTING."}`},
			{Name: "demote an Administrator after a peer (one transaction)", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/adduser", peerRole),
				Token: tok, Body: map[string]any{"users": []int64{peer.ID, admin.ID}}, Status: 403, JSON: forbidden},
			{Name: "remove an Administrator after a peer (one transaction)", Method: "PATCH", Path: "/api/admin/roles/removeMember",
				Token: tok, Body: map[string]any{"users": []int64{peer.ID, admin.ID}}, Status: 403, JSON: forbidden},
			{Name: "set a role on a peer, then a customer (rolled back after the first update)", Method: "POST",
				Path: fmt.Sprintf("/api/admin/roles/%d/adduser", clerkRole), Token: tok, Body: map[string]any{"users": []int64{peer.ID, customer.ID}},
				Status: 400, JSON: fmt.Sprintf(`{"errors":[{"field":"users","message":"User %d is not a staff member."}]}`, customer.ID)},
			{Name: "remove a peer, then a customer (rolled back after the first update)", Method: "PATCH", Path: "/api/admin/roles/removeMember",
				Token: tok, Body: map[string]any{"users": []int64{peer.ID, customer.ID}}, Status: 400, JSON: `{"errors":[{"field":"users"}]}`},
			{Name: "add a key one lacks to one's own role", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", clerkRole), Token: tok,
				Body: map[string]any{"role": "role-clerk", "permissions": append([]string{rbac.AuditLog}, clerkKeys...)}, Status: 403,
				JSON: `{"message":"You can only grant or change permissions you hold yourself; you lack ADMIN_AUDIT_LOG."}`},
			{Name: "strip the Administrator role", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", adminRole), Token: tok,
				Body: map[string]any{"role": "role-root", "permissions": []string{rbac.UsersList}}, Status: 403, JSON: forbidden},
			{Name: "create a role with a key one lacks", Method: "POST", Path: "/api/admin/roles/new", Token: tok,
				Body: map[string]any{"role": "Finance", "permissions": []string{rbac.UsersList, rbac.TransactionAccounting}}, Status: 403, JSON: forbidden},
		}
		for _, c := range refused {
			before := env.SnapshotAll(t)
			env.Run(t, []apitest.Case{c})
			if diff := before.Diff(env.SnapshotAll(t)); len(diff) > 0 {
				t.Errorf("%s changed %v", c.Name, diff)
			}
		}

		env.Run(t, []apitest.Case{
			{Name: "a customer may be edited", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", customer.ID), Token: tok,
				Body: map[string]any{"email": "customer.new@example.com", "enabled": true}, Status: 200, JSON: `{"email":"customer.new@example.com"}`},
			{Name: "a peer holding less may be edited", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", peer.ID), Token: tok,
				Body: map[string]any{"email": peer.Email, "full_name": "Peer Renamed", "enabled": true}, Status: 200, JSON: `{"full_name":"Peer Renamed"}`},
			{Name: "a role within one's keys may be created", Method: "POST", Path: "/api/admin/roles/new", Token: tok,
				Body: map[string]any{"role": "Readers", "permissions": []string{rbac.UsersList, rbac.TransactionHistory}}, Status: 201},
			{Name: "and given to a peer", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/adduser", peerRole), Token: tok,
				Body: map[string]any{"users": []int64{peer.ID}}, Status: 200},
			{Name: "the Administrator may still do everything", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", clerk.ID),
				Token: env.Token(t, admin, "full"), Body: map[string]any{"email": clerk.Email, "full_name": "Clerk Renamed", "enabled": true}, Status: 200},
		})
	})
}
