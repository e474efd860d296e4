package accounts_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The search key (migration 00003) finds a fragment of any one field, in any
// case, and never across two fields.
func TestSearchMatchesAFragmentOfOneField(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		on := true
		for _, u := range []accounts.NewUser{
			{FullName: "Lars Schmidt", Username: "lschmidt", Email: "lars@example.com"},
			{FullName: "Aria Garcia", Username: "agarcia", Email: "aria.g@mail.example"},
			{FullName: "Jörg MÜLLER", Username: "jmueller", Email: "joerg@x.example"},
		} {
			u.Password, u.Enabled = "Correct-horse-9", &on
			if _, err := accounts.New(db, nil).Create(ctx, audit.Actor{}, u); err != nil {
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
			_, total, err := accounts.New(db, nil).List(ctx, accounts.ListFilter{Q: q, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if total != want {
				t.Errorf("q=%q: %d users, want %d", q, total, want)
			}
		}
	})
}

// A search's pages come newest first and tile the matches exactly, whether
// the matches are few (read from the search index, then sorted) or many
// (the primary key read backwards), and a page past the end is empty.
func TestSearchPagesNewestFirst(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		on := true
		for i := range 7 {
			u := accounts.NewUser{FullName: fmt.Sprintf("Pager %d", i), Username: fmt.Sprintf("pager%d", i),
				Email: fmt.Sprintf("pager%d@example.com", i), Password: "Correct-horse-9", Enabled: &on}
			if _, err := accounts.New(db, nil).Create(ctx, audit.Actor{}, u); err != nil {
				t.Fatal(err)
			}
		}
		// Every user matches "example"; only the seven match "pager". Both below fewMatches, so also
		// compare with the unfiltered list, which takes the primary key's order.
		for _, q := range []string{"pager", "example", ""} {
			var ids []int64
			for offset := 0; offset < 10; offset += 3 {
				page, total, err := accounts.New(db, nil).List(ctx, accounts.ListFilter{Q: q, Limit: 3, Offset: offset})
				if err != nil {
					t.Fatal(err)
				}
				if q == "pager" && total != 7 {
					t.Fatalf("q=%q: total %d, want 7", q, total)
				}
				for _, u := range page {
					ids = append(ids, u.ID)
				}
				if offset >= total && len(page) != 0 {
					t.Errorf("q=%q offset %d past %d: %d users", q, offset, total, len(page))
				}
			}
			if !slices.IsSortedFunc(ids, func(a, b int64) int { return cmp.Compare(b, a) }) || len(ids) < 7 {
				t.Errorf("q=%q: pages gave %v, want every match once, newest first", q, ids)
			}
			if len(slices.Compact(slices.Clone(ids))) != len(ids) {
				t.Errorf("q=%q: a user on two pages: %v", q, ids)
			}
		}
	})
}

// Characters that mean something to LIKE or to FTS5 queries are literals.
func TestSearchTakesEveryCharacterLiterally(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		on := true
		for _, u := range []accounts.NewUser{
			{FullName: `Ann "Quote" O'Neil`, Username: "ann_50%", Email: "ann@example.com"},
			{FullName: "Bob AND Carol", Username: "bob*", Email: "bob@example.com"},
			{FullName: "Plain User", Username: "annx50y", Email: "plain@example.com"},
		} {
			u.Password, u.Enabled = "Correct-horse-9", &on
			if _, err := accounts.New(db, nil).Create(ctx, audit.Actor{}, u); err != nil {
				t.Fatal(err)
			}
		}
		for q, want := range map[string]int{
			`"quote"`: 1, `o'neil`: 1, `"Quote" O'`: 1, `_50%`: 1, `n_5`: 1, `50%`: 1,
			`and carol`: 1, `bob*`: 1, `ob*`: 1, `b*`: 1, `NOT`: 0, `" OR "`: 0, `^ann`: 0, `ann`: 2,
		} {
			_, total, err := accounts.New(db, nil).List(ctx, accounts.ListFilter{Q: q, Limit: 10})
			if err != nil {
				t.Fatalf("q=%q: %v", q, err)
			}
			if total != want {
				t.Errorf("q=%q: %d users, want %d", q, total, want)
			}
		}
	})
}

// The search index (users_search; a trigger keeps it in step on both
// databases) follows edits and removals, and holds users written by the bulk
// loader, which turns PostgreSQL's triggers off for its foreign keys.
func TestSearchFollowsEditsRemovalsAndBulkLoads(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		on := true
		u, err := accounts.New(db, nil).Create(ctx, audit.Actor{}, accounts.NewUser{FullName: "Wilma Oldname", Username: "wilma",
			Email: "wilma@example.com", Password: "Correct-horse-9", Enabled: &on})
		if err != nil {
			t.Fatal(err)
		}
		total := func(q string) int {
			t.Helper()
			_, n, err := accounts.New(db, nil).List(ctx, accounts.ListFilter{Q: q, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		name, email := "Wilma Newname", "wilma.new@example.org"
		if _, err := accounts.New(db, nil).Update(ctx, audit.Actor{}, u.ID, accounts.Edit{FullName: &name, Email: &email}, nil, func(bool) error { return nil }); err != nil {
			t.Fatal(err)
		}
		for q, want := range map[string]int{"oldname": 0, "newname": 1, "wilma@example.com": 0, "example.org": 1, "wilma": 1} {
			if got := total(q); got != want {
				t.Errorf("after the edit, q=%q: %d users, want %d", q, got, want)
			}
		}
		if _, err := db.ExecContext(ctx, "DELETE FROM users WHERE id = $1", u.ID); err != nil {
			t.Fatal(err)
		}
		if got := total("newname"); got != 0 {
			t.Errorf("after the removal: %d users, want 0", got)
		}

		err = db.Load(ctx, []string{"users", "users_search"}, func(l *store.Loader) error {
			now := time.Now().UTC()
			rows := [][]any{
				{int64(900001), "loaded.one@example.net", "loadedone", "Quentin Bulkload", "x", "INV900001", now, now},
				{int64(900002), "loaded.two@example.net", "loadedtwo", "Quinn Bulkload", "x", "INV900002", now, now},
			}
			_, err := l.Copy(ctx, "users", []string{"id", "email", "username", "full_name", "password_hash",
				"invitation_code", "created_at", "updated_at"}, func() ([]any, bool, error) {
				if len(rows) == 0 {
					return nil, false, nil
				}
				row := rows[0]
				rows = rows[1:]
				return row, true, nil
			})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for q, want := range map[string]int{"bulkload": 2, "quentin": 1, "loadedtwo": 1, "example.net": 2} {
			if got := total(q); got != want {
				t.Errorf("after the bulk load, q=%q: %d users, want %d", q, got, want)
			}
		}
	})
}
