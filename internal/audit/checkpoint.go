package audit

import (
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"xapa/backoffice/internal/store"
)

// A checkpoint is the server's signed word that the log held entry EntryID
// with hash Hash at SignedAt (docs/decisions/0012-audit-hash-chain.md). It is
// itself an entry of the log (action audit.checkpoint), so it goes out with
// the audit stream; `backoffice audit checkpoint` prints one to keep
// elsewhere. A copy held outside the database shows later whether the log
// still holds that entry as it was: entries removed from the end, or the
// chain rewritten, are caught by the next checkpoint held outside.

// ActionCheckpoint is the audit action of a checkpoint.
const ActionCheckpoint = "audit.checkpoint"

// CheckpointInterval is how often a server signs the log's newest entry,
// when entries came since the last checkpoint.
const CheckpointInterval = time.Minute

// Checkpoint is one signed checkpoint, as the log's entry holds it and as
// `backoffice audit checkpoint` prints it.
type Checkpoint struct {
	EntryID   int64  `json:"entry_id"`
	Hash      string `json:"hash"`
	SignedAt  string `json:"signed_at"` // RFC 3339 in UTC
	Key       string `json:"key"`       // the Ed25519 public key, hex
	Signature string `json:"signature"` // Ed25519 over message(), base64
}

// message is what the signature covers.
func (c Checkpoint) message() []byte {
	return []byte("xapa-audit-checkpoint-v1\n" + strconv.FormatInt(c.EntryID, 10) + "\n" + c.Hash + "\n" + c.SignedAt + "\n")
}

func (k keys) sign(entryID int64, hash string, at time.Time) Checkpoint {
	c := Checkpoint{EntryID: entryID, Hash: hash, SignedAt: at.UTC().Format(time.RFC3339Nano),
		Key: hex.EncodeToString(k.signer.Public().(ed25519.PublicKey))}
	c.Signature = base64.StdEncoding.EncodeToString(ed25519.Sign(k.signer, c.message()))
	return c
}

// signedBy says whether c carries k's signature.
func (c Checkpoint) signedBy(k keys) bool {
	sig, err := base64.StdEncoding.DecodeString(c.Signature)
	pub := k.signer.Public().(ed25519.PublicKey)
	return err == nil && c.Key == hex.EncodeToString(pub) && ed25519.Verify(pub, c.message(), sig)
}

// ErrCheckpointRefused is a checkpoint the server will not sign: the log
// does not verify since the last checkpoint, so signing would bless a change.
var ErrCheckpointRefused = errors.New("audit: no checkpoint signed: the log does not verify")

// SignCheckpoint signs the log's newest entry, at now, and appends the
// checkpoint to the log, once the entries since the last checkpoint (every
// entry, the first time) verify. signed is false when the newest entry is
// already a checkpoint: nothing came since. Every node may call it: the
// chain's lock makes the last look and the append one step.
func SignCheckpoint(ctx context.Context, db *store.DB, now time.Time) (c Checkpoint, signed bool, err error) {
	k, err := keysOf(db)
	if err != nil {
		return c, false, err
	}
	v, err := sinceCheckpoint(ctx, db, k)
	if err != nil {
		return c, false, err
	}
	// The long part ran outside the lock; under it only what came since is read.
	err = db.Tx(ctx, func(tx *sql.Tx) error {
		if err := db.Dialect.LockXactNamed(ctx, tx, store.LockAudit); err != nil {
			return err
		}
		var action string
		err := tx.QueryRowContext(ctx, `SELECT action FROM audit_log ORDER BY id DESC LIMIT 1`).Scan(&action)
		if errors.Is(err, sql.ErrNoRows) || action == ActionCheckpoint {
			return nil
		}
		if err != nil {
			return err
		}
		if err := v.from(ctx, db, tx); err != nil {
			return err
		}
		if v.BrokenAt != nil {
			return fmt.Errorf("%w: broken at entry #%d", ErrCheckpointRefused, *v.BrokenAt)
		}
		if v.Head == "" {
			return nil // no entry has a hash yet
		}
		c, signed = k.sign(v.Last, v.Head, now), true
		return Record(ctx, tx, Entry{Action: ActionCheckpoint, Target: "audit:" + strconv.FormatInt(c.EntryID, 10),
			Details: c.details()})
	})
	return c, signed, err
}

// details is c as an entry's details.
func (c Checkpoint) details() map[string]any {
	return map[string]any{"entry_id": c.EntryID, "hash": c.Hash, "signed_at": c.SignedAt, "key": c.Key, "signature": c.Signature}
}

// sinceCheckpoint verifies the log from the newest checkpoint it holds that
// checks (signed with k, naming an entry that still has its hash), or from
// the start when it holds none; a break is ErrCheckpointRefused.
func sinceCheckpoint(ctx context.Context, db *store.DB, k keys) (*Verification, error) {
	v := &Verification{}
	last, ok, err := newestCheckpoint(ctx, db, k)
	if err != nil {
		return nil, err
	}
	if ok {
		v.Head, v.Last, v.keyed = last.Hash, last.EntryID, true
	}
	if err := v.from(ctx, db, db); err != nil {
		return nil, err
	}
	if v.BrokenAt != nil {
		return nil, fmt.Errorf("%w: broken at entry #%d", ErrCheckpointRefused, *v.BrokenAt)
	}
	return v, nil
}

// newestCheckpoint is the log's newest checkpoint, when it checks: signed
// with k, and the entry it names holds its hash. One that does not check is
// ErrCheckpointRefused: someone changed the log or wrote the checkpoint.
func newestCheckpoint(ctx context.Context, db *store.DB, k keys) (Checkpoint, bool, error) {
	var c Checkpoint
	var details string
	// By time, as the action's index (action, created_at) reads it: checkpoints are signed one at a time under the
	// chain's lock, so the newest by time is the newest by id, and the read does not grow with their number.
	err := db.QueryRowContext(ctx, `SELECT details FROM audit_log WHERE action = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
		ActionCheckpoint).Scan(&details)
	if errors.Is(err, sql.ErrNoRows) {
		return c, false, nil
	}
	if err != nil {
		return c, false, err
	}
	if err := json.Unmarshal([]byte(details), &c); err != nil || !c.signedBy(k) {
		return c, false, fmt.Errorf("%w: the newest checkpoint in the log is not signed with this audit key", ErrCheckpointRefused)
	}
	if held, err := holds(ctx, db, c); err != nil || !held {
		return c, false, errors.Join(err, fmt.Errorf("%w: entry #%d no longer has the hash its checkpoint signed", ErrCheckpointRefused, c.EntryID))
	}
	return c, true, nil
}

// holds says whether the log holds c's entry with c's hash.
func holds(ctx context.Context, q store.Querier, c Checkpoint) (bool, error) {
	var hash sql.NullString
	err := q.QueryRowContext(ctx, `SELECT hash FROM audit_log WHERE id = $1`, c.EntryID).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil && hash.String == c.Hash, err
}

// NewestCheckpoint is the log's newest checkpoint that checks (see
// newestCheckpoint); ok is false when the log holds none.
func NewestCheckpoint(ctx context.Context, db *store.DB) (c Checkpoint, ok bool, err error) {
	k, err := keysOf(db)
	if err != nil {
		return c, false, err
	}
	return newestCheckpoint(ctx, db, k)
}

// CheckpointProblem is why a checkpoint held outside does not hold in the log.
type CheckpointProblem struct {
	Checkpoint Checkpoint
	Reason     string
}

// CheckCheckpoints checks checkpoints kept outside the database against the
// log whose verification is v (Verify's, run just before): each must carry
// this audit key's signature, and its entry must be among those verified,
// with the hash signed. It returns those that do not hold.
func CheckCheckpoints(ctx context.Context, db *store.DB, v Verification, cps []Checkpoint) ([]CheckpointProblem, error) {
	k, err := keysOf(db)
	if err != nil {
		return nil, err
	}
	var bad []CheckpointProblem
	for _, c := range cps {
		reason := ""
		switch held, err := holds(ctx, db, c); {
		case err != nil:
			return nil, err
		case !c.signedBy(k):
			reason = "not signed with this key file's audit key"
		case c.EntryID > v.Last && v.BrokenAt == nil:
			reason = fmt.Sprintf("entry #%d is gone: entries were removed from the end of the log", c.EntryID)
		case !held:
			reason = fmt.Sprintf("entry #%d is gone or no longer has the hash signed", c.EntryID)
		case c.EntryID > v.Last:
			reason = fmt.Sprintf("entry #%d comes after the chain's first break (#%d)", c.EntryID, *v.BrokenAt)
		}
		if reason != "" {
			bad = append(bad, CheckpointProblem{Checkpoint: c, Reason: reason})
		}
	}
	return bad, nil
}

// CheckpointEvery signs a checkpoint at once and then every
// CheckpointInterval until ctx ends (see SignCheckpoint). Every node runs it;
// a refusal is logged as an error each time, until a person looks.
func CheckpointEvery(ctx context.Context, db *store.DB) {
	t := time.NewTicker(CheckpointInterval)
	defer t.Stop()
	for {
		if _, _, err := SignCheckpoint(ctx, db, store.Now()); err != nil && ctx.Err() == nil {
			slog.ErrorContext(ctx, "audit: checkpoint not signed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Checked is the chain's verification with the newest checkpoint the log
// holds that checks and comes before any break (nil: none).
func (s *Service) Checked(ctx context.Context) (Verification, *Checkpoint, error) {
	v, err := Verify(ctx, s.db)
	if err != nil {
		return v, nil, err
	}
	c, ok, err := NewestCheckpoint(ctx, s.db)
	switch {
	case errors.Is(err, ErrCheckpointRefused) || !ok || (v.BrokenAt != nil && c.EntryID >= *v.BrokenAt):
		return v, nil, nil
	case err != nil:
		return v, nil, err
	}
	return v, &c, nil
}
