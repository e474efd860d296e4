package approvals

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Person is a staff member as a request names them.
type Person struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
}

// Request is a change awaiting (or past) its decision, as the API shows it.
type Request struct {
	ID          int64           `json:"id"`
	Action      string          `json:"action"`
	Status      Status          `json:"status"`
	Maker       Person          `json:"maker"`
	MakerReason string          `json:"maker_reason"`
	CreatedAt   string          `json:"created_at"`
	ExpiresAt   string          `json:"expires_at"`
	Summary     string          `json:"summary"`
	Method      string          `json:"method"`
	Path        string          `json:"path"`
	Target      string          `json:"target"`
	Change      json.RawMessage `json:"change" description:"What would change: the change's audit details (before and after where the change has them), secrets left out."`
	DecidedBy   *Person         `json:"decided_by"`
	Reason      string          `json:"reason" description:"The approver's or rejecter's reason."`
	DecidedAt   *string         `json:"decided_at"`
	// CanDecide: the viewer may approve or reject it (not its maker; holds what the action needs; pending; their
	// account and role are not the maker's doing, Sponsored).
	CanDecide bool `json:"can_decide"`
	// CannotDecide says why a viewer who holds what the action needs still may not decide it ("" otherwise).
	CannotDecide string `json:"cannot_decide"`

	expires time.Time
	created time.Time
	version string
	body    string
	query   string
}

// Call is a change as made, to keep for its decision.
type Call struct {
	Action, Method, Path, Query string
	Body                        string // sealed
	Maker                       Person
	MakerReason                 string
	Target, TargetVersion       string
	Summary                     string
	Change                      map[string]any
}

// Create keeps call as a pending request (expiring after Lifetime), audited
// as approval.request, and returns it. A maker holding MaxPending requests
// already is refused (429) until one of them is decided or expires.
func (s *Service) Create(ctx context.Context, actor audit.Actor, call Call) (Request, error) {
	now := s.now()
	var id int64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.ensureRoomFor(ctx, tx, call.Maker.ID, now); err != nil {
			return err
		}
		if err := ensureFirst(ctx, tx, call, now); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO approvals (action, status, maker_id, maker_email, maker_reason, method, path,
			query, body, target, target_version, summary, change, created_at, expires_at)
			VALUES ($1, 'pending', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
			call.Action, call.Maker.ID, call.Maker.Email, call.MakerReason, call.Method, call.Path, call.Query, call.Body,
			call.Target, call.TargetVersion, call.Summary, marshal(call.Change), now, now.Add(Lifetime)).Scan(&id); err != nil {
			return err
		}
		return actor.Record(ctx, tx, "approval.request", target(id), map[string]any{"action": call.Action,
			"target": call.Target, "summary": call.Summary, "reason": call.MakerReason})
	})
	if err != nil {
		return Request{}, s.alreadyPending(ctx, call, err)
	}
	return s.Get(ctx, id)
}

// ErrPending is the refusal of a second pending request for the same change
// (409): ID is the first, for the screens to link to.
type ErrPending struct{ ID int64 }

func (e *ErrPending) Error() string {
	return fmt.Sprintf("The same change is already waiting for approval (request %d): decide or withdraw it first.", e.ID)
}

// ensureFirst refuses call when a request for the same action and target is
// pending. One that expired is marked so first: it no longer holds the place.
func ensureFirst(ctx context.Context, tx *sql.Tx, call Call, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `UPDATE approvals SET status = 'expired' WHERE action = $1 AND target = $2
		AND status = 'pending' AND expires_at <= $3`, call.Action, call.Target, now); err != nil {
		return err
	}
	return pendingFor(ctx, tx, call)
}

// alreadyPending answers the unique index's refusal of the insert, when a
// request for the same change slipped in meanwhile, as Pending: the first
// one's id is read after the failed transaction, which can read no more.
func (s *Service) alreadyPending(ctx context.Context, call Call, err error) error {
	if !store.IsUniqueViolation(err) {
		return err
	}
	if pending := pendingFor(ctx, s.db, call); pending != nil {
		return pending
	}
	return err // the first was decided meanwhile: the refusal stands as it came
}

// pendingFor is ErrPending naming the pending request for call's action and
// target, nil when there is none.
func pendingFor(ctx context.Context, q store.Querier, call Call) error {
	var first int64
	err := q.QueryRowContext(ctx, `SELECT id FROM approvals WHERE action = $1 AND target = $2 AND status = 'pending'`,
		call.Action, call.Target).Scan(&first)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	return &ErrPending{ID: first}
}

func target(id int64) string { return "approval:" + itoa(id) }

// ensureRoomFor refuses a maker's request beyond MaxPending pending ones. The
// lock makes the count and the insert one step on every node.
func (s *Service) ensureRoomFor(ctx context.Context, tx *sql.Tx, maker int64, now time.Time) error {
	if err := s.db.Dialect.LockXactNamed(ctx, tx, store.LockApprovals); err != nil {
		return err
	}
	const mine = ` FROM approvals WHERE maker_id = $1 AND status = 'pending' AND expires_at > $2`
	var pending int
	if err := tx.QueryRowContext(ctx, `SELECT count(*)`+mine, maker, now).Scan(&pending); err != nil {
		return err
	}
	if pending < MaxPending {
		return nil
	}
	var oldest time.Time // the first to expire makes room, if nothing else does sooner
	if err := tx.QueryRowContext(ctx, `SELECT expires_at`+mine+` ORDER BY expires_at LIMIT 1`, maker, now).Scan(&oldest); err != nil {
		return err
	}
	retry := oldest.Sub(now)
	return &apperr.TooMany{RetryAfter: retry, Message: fmt.Sprintf("You have %d changes waiting for approval: "+
		"withdraw one, or wait for a decision, before you send another.", pending)}
}

// columns are a Request's columns as scan reads them.
const columns = `id, action, status, maker_id, maker_email, maker_reason, created_at, expires_at, summary, method, path,
	target, change, decided_by, decided_email, decision_reason, decided_at, target_version, body, query`

func (s *Service) scan(row interface{ Scan(...any) error }) (Request, error) {
	var (
		r         Request
		change    string
		decidedBy sql.NullInt64
		decidedAt sql.NullTime
		email     string
	)
	err := row.Scan(&r.ID, &r.Action, &r.Status, &r.Maker.ID, &r.Maker.Email, &r.MakerReason, &r.created, &r.expires,
		&r.Summary, &r.Method, &r.Path, &r.Target, &change, &decidedBy, &email, &r.Reason, &decidedAt, &r.version, &r.body, &r.query)
	if err != nil {
		return r, err
	}
	r.Change = json.RawMessage(change)
	r.CreatedAt, r.ExpiresAt = utc.Stamp(r.created), utc.Stamp(r.expires)
	if r.Status == Pending && !s.now().Before(r.expires) {
		r.Status = Expired // shown as it is; written when someone acts on it
	}
	if decidedBy.Valid {
		r.DecidedBy = &Person{ID: decidedBy.Int64, Email: email}
	}
	if decidedAt.Valid {
		at := utc.Stamp(decidedAt.Time)
		r.DecidedAt = &at
	}
	return r, nil
}

// ErrNotFound is an unknown request.
var ErrNotFound = &apperr.NotFound{What: "Approval request"}

// Get reads one request.
func (s *Service) Get(ctx context.Context, id int64) (Request, error) {
	r, err := s.scan(s.db.QueryRowContext(ctx, `SELECT `+columns+` FROM approvals WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	return r, err
}

// Version is the version of the record the request was made against.
func (r Request) Version() string { return r.version }

// Body is the JSON body of the call the request keeps.
func (r Request) Body() string { return r.body }

// Query is the query string of the call the request keeps.
func (r Request) Query() string { return r.query }

// Filter selects requests: of a status ("" for all; "pending" leaves out
// the expired ones, "expired" lists them), and only those Viewer may see:
// made by them, or of an action they may decide (Decidable).
type Filter struct {
	Status Status
	Viewer Decider
}

// where is the filter's WHERE clause at now, with its arguments, for a
// viewer who may decide actions.
func (f Filter) where(now time.Time, actions []string) (string, []any) {
	var conds []string
	var args []any
	arg := func(v any) string { args = append(args, v); return "$" + itoa(int64(len(args))) }
	switch f.Status {
	case "":
	case Pending:
		conds = append(conds, "status = 'pending' AND expires_at > "+arg(now))
	case Expired:
		conds = append(conds, "(status = 'expired' OR (status = 'pending' AND expires_at <= "+arg(now)+"))")
	default:
		conds = append(conds, "status = "+arg(string(f.Status)))
	}
	seen := []string{"maker_id = " + arg(f.Viewer.ID)}
	for _, a := range actions {
		seen = append(seen, "action = "+arg(a))
	}
	conds = append(conds, "("+strings.Join(seen, " OR ")+")")
	return " WHERE " + strings.Join(conds, " AND "), args
}

// List is a page of the requests f selects, newest first, each saying
// whether the viewer may decide it, and their count.
func (s *Service) List(ctx context.Context, f Filter, limit, offset int) ([]Request, int, error) {
	where, args := f.where(s.now(), s.Decidable(f.Viewer.Holds))
	var total int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM approvals`+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM approvals`+where+` ORDER BY id DESC LIMIT `+itoa(int64(limit))+
		` OFFSET `+itoa(int64(offset)), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	list := []Request{}
	for rows.Next() {
		r, err := s.scan(rows)
		if err != nil {
			return nil, 0, err
		}
		list = append(list, r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	return list, total, s.markDecidable(ctx, list, f.Viewer)
}

// Refusals of a decision.
var (
	ErrDecided = &apperr.Conflict{Message: "This request was decided already."}
	ErrExpired = &apperr.Conflict{Message: "This request expired: changes wait 24 hours for their approval. Make the change again."}
	ErrChanged = &apperr.Conflict{Message: "What this request would change was changed since it was made: nothing was applied. Reject it, and make the change again."}
	ErrOwn     = &apperr.Forbidden{Message: "You made this request: another person must approve or reject it."}
	ErrNotMine = &apperr.Forbidden{Message: "Only the person who made this request may withdraw it or give its reason."}
)

// Decision is an approver's or rejecter's word on a request.
type Decision struct {
	By     Person
	Reason string
	At     time.Time
}

// MarkApproved marks the request approved in tx, the change's transaction:
// of two approvals at once, one wins (ErrDecided for the other).
func MarkApproved(ctx context.Context, tx store.Execer, id int64, d Decision) error {
	return decide(ctx, tx, id, Approved, d, "")
}

// decide moves a pending, unexpired request to status; with maker set, only
// that maker's request.
func decide(ctx context.Context, tx store.Execer, id int64, status Status, d Decision, maker string) error {
	query := `UPDATE approvals SET status = $1, decided_by = $2, decided_email = $3, decision_reason = $4, decided_at = $5
		WHERE id = $6 AND status = 'pending' AND expires_at > $5`
	args := []any{string(status), d.By.ID, d.By.Email, d.Reason, d.At, id}
	if maker != "" {
		query += ` AND maker_email = $7`
		args = append(args, maker)
	}
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrDecided
	}
	return nil
}

// Reject rejects a pending request, audited as approval.reject.
func (s *Service) Reject(ctx context.Context, actor audit.Actor, r Request, reason string) (Request, error) {
	return s.close(ctx, actor, r, Rejected, "approval.reject", reason, "")
}

// Withdraw is the maker taking their pending request back, audited as
// approval.withdraw.
func (s *Service) Withdraw(ctx context.Context, actor audit.Actor, r Request) (Request, error) {
	if r.Maker.ID != actor.ID {
		return r, ErrNotMine
	}
	return s.close(ctx, actor, r, Withdrawn, "approval.withdraw", "", actor.Email)
}

// Explain is the maker giving (or changing) the reason of their pending
// request, for its approver; audited as approval.reason.
func (s *Service) Explain(ctx context.Context, actor audit.Actor, r Request, reason string) (Request, error) {
	if r.Maker.ID != actor.ID {
		return r, ErrNotMine
	}
	if err := s.Check(ctx, r); err != nil {
		return r, err
	}
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE approvals SET maker_reason = $1 WHERE id = $2 AND maker_id = $3
			AND status = 'pending' AND expires_at > $4`, reason, r.ID, actor.ID, s.now())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrDecided
		}
		return actor.Record(ctx, tx, "approval.reason", target(r.ID), map[string]any{"action": r.Action, "target": r.Target,
			"reason": reason})
	})
	if err != nil {
		return r, err
	}
	return s.Get(ctx, r.ID)
}

func (s *Service) close(ctx context.Context, actor audit.Actor, r Request, status Status, action, reason, maker string) (Request, error) {
	if err := s.Check(ctx, r); err != nil {
		return r, err
	}
	d := Decision{By: Person{ID: actor.ID, Email: actor.Email}, Reason: reason, At: s.now()}
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := decide(ctx, tx, r.ID, status, d, maker); err != nil {
			return err
		}
		return actor.Record(ctx, tx, action, target(r.ID), map[string]any{"action": r.Action, "target": r.Target,
			"maker": r.Maker, "reason": reason})
	})
	if err != nil {
		return r, err
	}
	return s.Get(ctx, r.ID)
}

// Void marks a pending request void, audited by actor as approval.void, and
// answers the refusal (409) that says why: its maker can no longer make the
// change, so nobody may approve it.
func (s *Service) Void(ctx context.Context, actor audit.Actor, r Request, why string) error {
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE approvals SET status = 'void', decision_reason = $1, decided_at = $2
			WHERE id = $3 AND status = 'pending'`, why, s.now(), r.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrDecided
		}
		return actor.Record(ctx, tx, "approval.void", target(r.ID), map[string]any{"action": r.Action, "target": r.Target,
			"maker": r.Maker, "reason": why})
	})
	if err != nil {
		return err
	}
	return &apperr.Conflict{Message: "This request is void: " + why + " Nothing was applied."}
}

// Check refuses a request that can no longer be decided: decided already,
// or expired (then marked so).
func (s *Service) Check(ctx context.Context, r Request) error {
	switch r.Status {
	case Pending:
		return nil
	case Expired:
		if _, err := s.db.ExecContext(ctx, `UPDATE approvals SET status = 'expired' WHERE id = $1 AND status = 'pending'`, r.ID); err != nil {
			return err
		}
		return ErrExpired
	}
	return ErrDecided
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// versionQueries read a target's version, by the target's kind (the prefix
// of audit targets): its updated_at, which every change of it moves.
var versionQueries = map[string]string{
	"role":            `SELECT CAST(updated_at AS TEXT) FROM roles WHERE id = $1`,
	"user":            `SELECT CAST(updated_at AS TEXT) FROM users WHERE id = $1`,
	"coin":            `SELECT CAST(updated_at AS TEXT) FROM coins WHERE id = $1`,
	"promotion":       `SELECT CAST(max(updated_at) AS TEXT) FROM promotion_settings`,
	"approval_policy": `SELECT CAST(max(updated_at) AS TEXT) FROM approval_policy`,
}

// TargetVersion is the version of an audit target ("role:7", "promotion"):
// "" for a target of no known kind, "gone" for one that no longer exists.
func (s *Service) TargetVersion(ctx context.Context, target string) (string, error) {
	if strings.Contains(target, ",") { // a change of several targets: the version of each
		var versions []string
		for _, t := range strings.Split(target, ",") {
			v, err := s.TargetVersion(ctx, t)
			if err != nil {
				return "", err
			}
			versions = append(versions, v)
		}
		return strings.Join(versions, ","), nil
	}
	kind, id, hasID := strings.Cut(target, ":")
	query, known := versionQueries[kind]
	if !known {
		return "", nil
	}
	args := []any{}
	if hasID {
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			return "", nil
		}
		args = append(args, n)
	}
	var v sql.NullString
	err := s.db.QueryRowContext(ctx, query, args...).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !v.Valid) {
		return "gone", nil
	}
	return v.String, err
}

// SponsorWindow is how long a staff member whose account or role someone made
// or granted may not decide that person's requests.
const SponsorWindow = 30 * 24 * time.Hour

// sponsoring are the audit actions that make an account or give it its power:
// on the user (created, given a role) or on the role they hold (created, its
// keys changed).
var sponsoring = map[string]string{
	"user.create":   "created your account",
	"user.set_role": "gave you your role",
	"role.create":   "created the role you hold",
	"role.update":   "changed the role you hold",
}

// Sponsored says why approver may not decide maker's requests ("" when they
// may): within SponsorWindow, maker created or gave approver their account or
// role, or the role approver holds, directly or through a request maker made
// that another person approved. An Administrator who makes a staff member,
// gives them the Administrator role and has them approve the Administrator's
// own requests has one pair of eyes, not two.
func (s *Service) Sponsored(ctx context.Context, maker Person, approver int64) (string, error) {
	var role sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT role_id FROM users WHERE id = $1`, approver).Scan(&role); err != nil {
		return "", err
	}
	actions := make([]any, 0, len(sponsoring))
	for a := range sponsoring {
		actions = append(actions, a)
	}
	// An approved request's entries are the approver's, and name its maker in details.approval.maker.
	viaRequest := fmt.Sprintf(`%%"maker":{"id":%d,%%`, maker.ID)
	var action string
	err := s.db.QueryRowContext(ctx, `SELECT action FROM audit_log
		WHERE action IN ($1, $2, $3, $4) AND created_at > $5 AND (target = $6 OR target = $7)
		AND (actor_id = $8 OR details LIKE $9) ORDER BY id DESC LIMIT 1`,
		append(actions, s.now().Add(-SponsorWindow), "user:"+itoa(approver), "role:"+itoa(role.Int64), maker.ID, viaRequest)...).Scan(&action)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("You cannot decide %s's requests: they %s less than 30 days ago, so your approval would not be a second person's.",
		maker.Email, sponsoring[action]), nil
}
