// Package appversions manages the mobile and web app releases and their
// change logs.
package appversions

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/textutil"
	"xapa/backoffice/internal/utc"
)

// Service serves app versions from the database.
type Service struct{ db *store.DB }

// New returns the service over db.
func New(db *store.DB) *Service { return &Service{db: db} }

// Group is one change-log section.
type Group struct {
	GroupName string   `json:"groupName"`
	Items     []string `json:"items"`
}

// AppVersion is a release as the API shows it.
type AppVersion struct {
	ID                  int64   `json:"id"`
	Name                string  `json:"name"`
	ReleaseDate         string  `json:"releaseDate"`
	Platform            string  `json:"platform" enum:"Android,IOS,Web"`
	ForceUpdateRequired bool    `json:"forceUpdateRequired"`
	ChangeLog           []Group `json:"changeLog"`
	// Core is where the release stands at the exchange core (absent: never sent).
	Core *commands.Status `json:"core,omitempty"`
}

// Input is the payload of POST /api/admin/app_versions/new.
type Input struct {
	Name                string  `json:"name"`
	ReleaseDate         string  `json:"releaseDate"`
	Platform            string  `json:"platform" enum:"Android,IOS,Web"`
	ForceUpdateRequired bool    `json:"forceUpdateRequired"`
	ChangeLog           []Group `json:"changeLog"`
}

// The form's rules: the name is 8 characters with
// dots after the 1st and 5th (e.g. 2.140.01); items have 4+ characters.
var nameForm = regexp.MustCompile(`^[0-9A-Za-z]\.[0-9A-Za-z]{3}\.[0-9A-Za-z]{2}$`)

// Platforms a release can target.
var Platforms = []string{"Android", "IOS", "Web"}

const (
	// MinItemLength is the fewest characters an item of a group may have.
	MinItemLength = 4
	maxItemLength = 500
	maxGroups     = 20
	maxItems      = 50
)

// Groups lists the change-log group names the builder offers.
func (s *Service) Groups(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT name FROM changelog_group_names ORDER BY position, id`)
	if err != nil {
		return nil, err
	}
	return store.ScanColumn[string](rows)
}

// List returns a page of releases, newest release first, with their change logs.
func (s *Service) List(ctx context.Context, limit, offset int) ([]AppVersion, int, error) {
	var total int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM app_versions`).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, release_date, platform, force_update_required FROM app_versions
		ORDER BY release_date DESC, id DESC LIMIT $1 OFFSET $2`, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []AppVersion{}
	index := map[int64]int{}
	for rows.Next() {
		var v AppVersion
		var at time.Time
		if err := rows.Scan(&v.ID, &v.Name, &at, &v.Platform, &v.ForceUpdateRequired); err != nil {
			return nil, 0, err
		}
		v.ReleaseDate, v.ChangeLog = utc.Stamp(at), []Group{}
		index[v.ID] = len(out)
		out = append(out, v)
	}
	if err := rows.Err(); err != nil || len(out) == 0 {
		return out, total, err
	}
	// The page's change logs in one query.
	items, err := s.db.QueryContext(ctx, `SELECT g.app_version_id, g.id, g.group_name, i.text FROM app_version_groups g
		JOIN (SELECT id FROM app_versions ORDER BY release_date DESC, id DESC LIMIT $1 OFFSET $2) page ON page.id = g.app_version_id
		LEFT JOIN app_version_items i ON i.group_id = g.id ORDER BY g.app_version_id, g.position, g.id, i.position, i.id`, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer items.Close()
	lastGroup := int64(0)
	for items.Next() {
		var vid, gid int64
		var name string
		var text sql.NullString
		if err := items.Scan(&vid, &gid, &name, &text); err != nil {
			return nil, 0, err
		}
		v := &out[index[vid]]
		if gid != lastGroup {
			v.ChangeLog = append(v.ChangeLog, Group{GroupName: name, Items: []string{}})
			lastGroup = gid
		}
		if text.Valid {
			g := &v.ChangeLog[len(v.ChangeLog)-1]
			g.Items = append(g.Items, text.String)
		}
	}
	if err := items.Err(); err != nil {
		return nil, 0, err
	}
	return out, total, commands.Mark(ctx, s.db, out, func(v *AppVersion) string { return commands.AppVersion{BackofficeID: v.ID}.Entity() },
		func(v *AppVersion, st *commands.Status) { v.Core = st })
}

// Create adds a release with its change log, all or nothing.
func (s *Service) Create(ctx context.Context, actor audit.Actor, in Input) (int64, error) {
	release, err := s.validate(ctx, &in)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO app_versions (name, platform, release_date, force_update_required, created_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, in.Name, in.Platform, release, in.ForceUpdateRequired, store.Now()).Scan(&id)
		if store.IsUniqueViolation(err) {
			return apperr.Fieldf("name", "%s %s already exists.", in.Platform, in.Name)
		}
		if err != nil {
			return err
		}
		for gi, g := range in.ChangeLog {
			var gid int64
			if err := tx.QueryRowContext(ctx, `INSERT INTO app_version_groups (app_version_id, group_name, position)
				VALUES ($1, $2, $3) RETURNING id`, id, g.GroupName, gi+1).Scan(&gid); err != nil {
				return err
			}
			for ii, item := range g.Items {
				if _, err := tx.ExecContext(ctx, `INSERT INTO app_version_items (group_id, text, position) VALUES ($1, $2, $3)`,
					gid, item, ii+1); err != nil {
					return err
				}
			}
		}
		if err := actor.Record(ctx, tx, "app_version.create", target(id), map[string]any{"name": in.Name, "platform": in.Platform,
			"forceUpdateRequired": in.ForceUpdateRequired}); err != nil {
			return err
		}
		_, err = commands.Write(ctx, tx, commands.AppVersion{BackofficeID: id, Name: in.Name, Platform: in.Platform,
			ReleaseDate: release.UTC().Format(time.DateTime), ForceUpdateRequired: in.ForceUpdateRequired})
		return err
	})
	return id, err
}

// Delete removes a release and its change log.
func (s *Service) Delete(ctx context.Context, actor audit.Actor, id int64) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var name, platform string
		err := tx.QueryRowContext(ctx, `SELECT name, platform FROM app_versions WHERE id = $1`, id).Scan(&name, &platform)
		if err == sql.ErrNoRows {
			return &apperr.NotFound{What: "App version"}
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM app_versions WHERE id = $1`, id); err != nil {
			return err
		}
		if err := actor.Record(ctx, tx, "app_version.delete", target(id), map[string]any{"name": name, "platform": platform}); err != nil {
			return err
		}
		_, err = commands.Write(ctx, tx, commands.AppVersion{BackofficeID: id, Name: name, Platform: platform, Deleted: true})
		return err
	})
}

func (s *Service) validate(ctx context.Context, in *Input) (time.Time, error) {
	in.Name = strings.TrimSpace(in.Name)
	if !nameForm.MatchString(in.Name) {
		return time.Time{}, apperr.Fieldf("name", "The name has 8 characters with dots after the 1st and 5th, e.g. 2.140.01.")
	}
	ok := false
	for _, p := range Platforms {
		ok = ok || p == in.Platform
	}
	if !ok {
		return time.Time{}, apperr.Fieldf("platform", "The platform must be Android, IOS or Web.")
	}
	release, err := time.ParseInLocation(time.DateTime, in.ReleaseDate, time.UTC)
	if err != nil || release.Format(time.DateTime) != in.ReleaseDate { // exactly: no fractional seconds
		return time.Time{}, apperr.Fieldf("releaseDate", "The release date must be YYYY-MM-DD HH:mm:ss.")
	}
	if len(in.ChangeLog) == 0 || len(in.ChangeLog) > maxGroups {
		return time.Time{}, apperr.Fieldf("changeLog", "Add at least one change-log entry.")
	}
	groups, err := s.Groups(ctx)
	if err != nil {
		return time.Time{}, err
	}
	seen := map[string]bool{}
	for i := range in.ChangeLog {
		g := &in.ChangeLog[i]
		known := false
		for _, name := range groups {
			known = known || name == g.GroupName
		}
		switch {
		case !known:
			return time.Time{}, apperr.Fieldf("changeLog", "Unknown change-log group %q.", textutil.Clip(g.GroupName, 40))
		case seen[g.GroupName]:
			return time.Time{}, apperr.Fieldf("changeLog", "The group %s appears twice.", g.GroupName)
		case len(g.Items) == 0 || len(g.Items) > maxItems:
			return time.Time{}, apperr.Fieldf("changeLog", "The group %s needs at least one item.", g.GroupName)
		}
		seen[g.GroupName] = true
		for j, item := range g.Items {
			g.Items[j] = strings.TrimSpace(item)
			if n := utf8.RuneCountInString(g.Items[j]); n < MinItemLength || n > maxItemLength {
				return time.Time{}, apperr.Fieldf("changeLog", "Each change-log item needs %d to %d characters.", MinItemLength, maxItemLength)
			}
		}
	}
	return release, nil
}

func target(id int64) string { return fmt.Sprintf("app_version:%d", id) }
