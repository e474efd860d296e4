package accounts_test

import (
	"context"
	"testing"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The search key (migration 00003) finds a fragment of any one field, in any
// case, and never across two fields.
func TestSearchMatchesAFragmentOfOneField(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		on := true
		for _, u := range []accounts.NewUser{
			{FullName: "Lars Schmidt", Username: "lschmidt", Email: "lars@example.com"},
			{FullName: "Aria Garcia", Username: "agarcia", Email: "aria.g@mail.example"},
			{FullName: "Jörg MÜLLER", Username: "jmueller", Email: "joerg@x.example"},
		} {
			u.Password, u.Enabled = "Correct-horse-9", &on
			if _, err := accounts.Create(ctx, db, audit.Actor{}, u); err != nil {
				t.Fatal(err)
			}
		}
		for q, want := range map[string]int{
			"SCHMIDT":         1, // display name, any case
			"lschm":           1, // username
			"mail.EXAMPLE":    1, // email
			"ar":              2, // two letters: Lars, Aria
			"example.com":     1,
			"schmidtlschmidt": 0, // never across two fields
			"com lars":        0,
			"%":               0, // a literal, not a wildcard
			"garcia agarcia":  0,
			"aria garcia":     1, // within one field, spaces included
		} {
			_, total, err := accounts.List(ctx, db, accounts.ListFilter{Q: q, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if total != want {
				t.Errorf("q=%q: %d users, want %d", q, total, want)
			}
		}
	})
}
