package httpapi

import (
	"context"
	"database/sql"
	"net/http"
	"time"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
)

// Reads that matter are recorded (issue 23; issue 34, item 9): every read of
// a customer's data, and bulk reads of a list. Both are counted in the
// database, never in a node's memory: several nodes share one database, and
// each count is one statement whose row lock makes it atomic. CSV exports are
// recorded each, as they end (exports.go).

// actionProfileOpen is the audit action of reading a part of a user's
// profile.
const actionProfileOpen = "read.profile_open"

// actionBulkRead is the audit action of reading more than bulkReadRows rows
// of one list within a clock hour.
const actionBulkRead = "read.bulk"

// bulkReadRows is the most rows of one list a staff member reads in an hour
// unrecorded.
const bulkReadRows = 500

// profilePart is a part of a user's profile: the data one of its routes
// reads (the profile page's main read, and each of its tabs).
type profilePart string

const (
	partProfile  profilePart = "profile" // GET /api/admin/users/{id}
	partBrief    profilePart = "brief"
	partReport   profilePart = "report"
	partWallets  profilePart = "wallets"
	partInvites  profilePart = "invites"
	partSessions profilePart = "sessions"
)

// dataRead is what one answer reads, as recorded.
type dataRead struct {
	part profilePart // the part of the profile of the path's {id} it reads, if any
	list string      // the list it pages, by its path in the route table, if any
	rows int         // the rows of that page
}

// recordRead records what an answer reads, before it goes: a read that
// cannot be recorded is refused (the database's error). One transaction
// holds the count and the entries it calls for, on the server's clock hour:
//
//   - a part of a profile: at most one entry per staff member, user, part
//     and hour. The hour's first read inserts its mark into profile_opens; a
//     later one finds the mark and records nothing.
//   - a page of a list: its rows are added to list_reads, per staff member,
//     list and hour. The page that takes the count past bulkReadRows records
//     read.bulk: the rows read until then and its filters.
//
// The list is counted before the part: every read takes the two row locks
// in one order, and the audit entries come last, just before the commit.
// Most reads write only the counts (store.DB.TxReads): one that calls for
// an entry runs again in a transaction that may write the audit log.
// A read that records no entry commits without waiting for the disk
// (store.Dialect.RelaxCommit): every page of a list writes its count, and
// pages read at once by one staff member queue on its row lock.
func (s *Server) recordRead(r *http.Request, d dataRead) error {
	if d.part == "" && d.rows == 0 {
		return nil
	}
	var user int64
	if d.part != "" {
		var err error
		if user, err = pathID(r, "id"); err != nil {
			return err
		}
	}
	ctx, actor := r.Context(), actorOf(r)
	hour := s.now().Truncate(time.Hour)
	return s.db.TxReads(ctx, func(tx *sql.Tx, main bool) error {
		var crossed, opened bool
		var err error
		if d.rows > 0 {
			if crossed, err = countListRows(ctx, tx, r, actor, d, hour, main); err != nil {
				return err
			}
		}
		if d.part != "" {
			if opened, err = openPart(ctx, tx, actor, user, d.part, hour, main); err != nil {
				return err
			}
		}
		if crossed || opened {
			return nil
		}
		return s.db.Dialect.RelaxCommit(ctx, tx)
	})
}

// openPart records the hour's first read of a part of user's profile by
// actor; opened says it was the first.
func openPart(ctx context.Context, tx *sql.Tx, actor auditActor, user int64, part profilePart, hour time.Time, main bool) (opened bool, err error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO profile_opens (staff_id, user_id, hour, part) VALUES ($1, $2, $3, $4)
		ON CONFLICT DO NOTHING`, actor.ID, user, hour.Unix(), string(part))
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err // read before within the hour
	}
	if !main {
		return true, store.ErrWritesMain
	}
	return true, actor.Record(ctx, tx, actionProfileOpen, audit.UserTarget(user),
		map[string]any{"part": part, "hour": hour.Format(time.RFC3339)})
}

// countListRows adds a page's rows to the hour's count of its list, and
// records read.bulk when they take it past bulkReadRows. The upsert returns
// the count with this page's rows in it, so of pages counted at once on any
// nodes exactly one sees the bound crossed: crossed says it was this one.
func countListRows(ctx context.Context, tx *sql.Tx, r *http.Request, actor auditActor, d dataRead, hour time.Time, main bool) (crossed bool, err error) {
	var count int
	if err := tx.QueryRowContext(ctx, `INSERT INTO list_reads (staff_id, list, hour, row_count) VALUES ($1, $2, $3, $4)
		ON CONFLICT (staff_id, list, hour) DO UPDATE SET row_count = list_reads.row_count + excluded.row_count
		RETURNING row_count`, actor.ID, d.list, hour.Unix(), d.rows).Scan(&count); err != nil {
		return false, err
	}
	if count <= bulkReadRows || count-d.rows > bulkReadRows {
		return false, nil // within the bound, or past it before
	}
	if !main {
		return true, store.ErrWritesMain
	}
	q := givenQuery(r)
	q.Del("page") // the paging is no filter
	q.Del("maxPerPage")
	return true, actor.Record(ctx, tx, actionBulkRead, "", map[string]any{"list": d.list, "route": r.URL.Path, "rows": count,
		"filters": auditFilters(q), "hour": hour.Format(time.RFC3339)})
}
