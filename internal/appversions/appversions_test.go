package appversions_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/appversions"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// release is a valid release, changed by over.
func release(over func(*appversions.Input)) appversions.Input {
	in := appversions.Input{Name: "3.001.00", ReleaseDate: "2026-12-01 09:00:00", Platform: "Android", ForceUpdateRequired: true,
		ChangeLog: []appversions.Group{{GroupName: "New Features", Items: []string{" Dark mode ", "Faster sync"}},
			{GroupName: "Bug Fixes", Items: []string{"Login crash"}}}}
	if over != nil {
		over(&in)
	}
	return in
}

func TestAppVersions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		actor := seedtest.Staff(t, db, "versions", rbac.AppVersionsList)
		svc := appversions.New(db)

		groups, err := svc.Groups(ctx)
		if got := strings.Join(groups, ","); err != nil || got != "New Features,Improvements,Bug Fixes,Security,Known Issues" {
			t.Fatalf("groups %q, %v", got, err)
		}
		// Three releases, created out of release order.
		ids := map[string]int64{}
		for _, r := range []struct{ name, date, platform string }{
			{"3.001.00", "2026-12-01 09:00:00", "Android"},
			{"3.000.00", "2026-11-01 09:00:00", "Android"},
			{"3.001.00", "2026-12-01 09:00:00", "IOS"}, // a name is unique per platform only
		} {
			id, err := svc.Create(ctx, actor, release(func(in *appversions.Input) { in.Name, in.ReleaseDate, in.Platform = " "+r.name+" ", r.date, r.platform }))
			if err != nil {
				t.Fatalf("create %s %s: %v", r.platform, r.name, err)
			}
			ids[r.platform+" "+r.name] = id
		}

		t.Run("newest release first, paged, with its change log", func(t *testing.T) {
			page, total, err := svc.List(ctx, 2, 0)
			if err != nil || total != 3 || len(page) != 2 {
				t.Fatalf("page 1: %d of %d, %v", len(page), total, err)
			}
			// Same release date: the later made first.
			if page[0].ID != ids["IOS 3.001.00"] || page[1].ID != ids["Android 3.001.00"] {
				t.Errorf("page 1 %d, %d: want IOS then Android 3.001.00", page[0].ID, page[1].ID)
			}
			v := page[1]
			if v.Name != "3.001.00" || v.ReleaseDate != "2026-12-01T09:00:00+00:00" || !v.ForceUpdateRequired ||
				fmt.Sprint(v.ChangeLog) != "[{New Features [Dark mode Faster sync]} {Bug Fixes [Login crash]}]" {
				t.Errorf("release %+v: want the name and items trimmed, groups and items in their order", v)
			}
			if v.Core == nil || v.Core.State != "waiting" {
				t.Errorf("core status %+v, want the release's command waiting", v.Core)
			}
			rest, total, err := svc.List(ctx, 2, 2)
			if err != nil || total != 3 || len(rest) != 1 || rest[0].ID != ids["Android 3.000.00"] || len(rest[0].ChangeLog) != 2 {
				t.Errorf("page 2: %+v of %d, %v", rest, total, err)
			}
			if none, total, err := svc.List(ctx, 2, 4); err != nil || total != 3 || len(none) != 0 {
				t.Errorf("past the end: %d of %d, %v", len(none), total, err)
			}
		})

		t.Run("refused input", func(t *testing.T) {
			items := func(group string, items ...string) func(*appversions.Input) {
				return func(in *appversions.Input) {
					in.Name, in.ChangeLog = "3.002.00", []appversions.Group{{GroupName: group, Items: items}}
				}
			}
			for _, c := range []struct {
				name, field, want string
				over              func(*appversions.Input)
			}{
				{"taken on its platform", "name", "Android 3.001.00 already exists.", nil},
				{"not 8 characters", "name", "The name has 8 characters with dots after the 1st and 5th, e.g. 2.140.01.", func(in *appversions.Input) { in.Name = "3.1.0" }},
				{"no dots", "name", "The name has 8 characters with dots after the 1st and 5th, e.g. 2.140.01.", func(in *appversions.Input) { in.Name = "30010000" }},
				{"platform", "platform", "The platform must be Android, IOS or Web.", func(in *appversions.Input) { in.Name, in.Platform = "3.002.00", "ios" }},
				{"release date", "releaseDate", "The release date must be YYYY-MM-DD HH:mm:ss.", func(in *appversions.Input) { in.Name, in.ReleaseDate = "3.002.00", "2026-12-01" }},
				{"fractional seconds", "releaseDate", "The release date must be YYYY-MM-DD HH:mm:ss.", func(in *appversions.Input) { in.Name, in.ReleaseDate = "3.002.00", "2026-12-01 09:00:00.5" }},
				{"no change log", "changeLog", "Add at least one change-log entry.", func(in *appversions.Input) { in.Name, in.ChangeLog = "3.002.00", nil }},
				{"unknown group", "changeLog", `Unknown change-log group "Gossip".`, items("Gossip", "Something")},
				{"a group twice", "changeLog", "The group Security appears twice.", func(in *appversions.Input) {
					in.Name, in.ChangeLog = "3.002.00", []appversions.Group{{GroupName: "Security", Items: []string{"Patch"}}, {GroupName: "Security", Items: []string{"More"}}}
				}},
				{"an empty group", "changeLog", "The group Security needs at least one item.", items("Security")},
				{"an item under 4", "changeLog", "Each change-log item needs 4 to 500 characters.", items("Bug Fixes", "  fix  ")},
				{"an item over 500", "changeLog", "Each change-log item needs 4 to 500 characters.", items("Bug Fixes", strings.Repeat("x", 501))},
			} {
				t.Run(c.name, func(t *testing.T) {
					_, err := svc.Create(ctx, actor, release(c.over))
					var f *apperr.Field
					if !errors.As(err, &f) || f.Field != c.field || f.Message != c.want {
						t.Errorf("error %v, want on %s: %q", err, c.field, c.want)
					}
				})
			}
			if _, total, _ := svc.List(ctx, 10, 0); total != 3 {
				t.Errorf("%d releases after refusals, want 3: a refused release is never half written", total)
			}
		})

		t.Run("delete", func(t *testing.T) {
			id := ids["Android 3.000.00"]
			if err := svc.Delete(ctx, actor, id); err != nil {
				t.Fatal(err)
			}
			var nf *apperr.NotFound
			if err := svc.Delete(ctx, actor, id); !errors.As(err, &nf) || err.Error() != "App version not found." {
				t.Errorf("deleting again: %v", err)
			}
			left := storetest.Column[int](t, db, `SELECT count(*) FROM app_version_groups WHERE app_version_id = $1`, id)
			if left[0] != 0 {
				t.Errorf("%d change-log groups of the deleted release are left", left[0])
			}
			cmds := seedtest.Commands(t, db, "xapa.cmd.app_version.v1")
			if len(cmds) != 4 || cmds[3]["deleted"] != true || cmds[3]["name"] != "3.000.00" {
				t.Errorf("commands %v: want one per change, the last one the deletion", cmds)
			}
			if c, d := len(seedtest.Entries(t, db, "app_version.create")), len(seedtest.Entries(t, db, "app_version.delete")); c != 3 || d != 1 {
				t.Errorf("audited %d creations and %d deletions, want 3 and 1", c, d)
			}
		})
	})
}
