package ledger

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"xapa/backoffice/internal/store"
)

// SetCopySizes sets the size of the COPY export's chunks and how many it
// reads ahead, until the returned func runs.
func SetCopySizes(chunk, ahead int) (restore func()) {
	oldChunk, oldAhead := copyChunk, copyAhead
	copyChunk, copyAhead = chunk, ahead
	return func() { copyChunk, copyAhead = oldChunk, oldAhead }
}

// SetPieces sets the rows of SQLite's export pieces and how many are read
// at once, until the returned func runs.
func SetPieces(rows, readers int) (restore func()) {
	oldRows, oldReaders := pieceRows, pieceReaders
	pieceRows, pieceReaders = rows, readers
	return func() { pieceRows, pieceReaders = oldRows, oldReaders }
}

// Each streams every transaction matching f, newest first, to fn, row by
// row (store.EachNewest): the export test's reference for CopyCSV's lines.
func (s *Service) Each(ctx context.Context, f Filter, fn func(Transaction) error) error {
	if err := s.check(ctx, f); err != nil {
		return err
	}
	cond, args := f.where()
	q := store.Newest{Select: `SELECT ` + txColumns(s.db.Dialect) + txFrom, Where: cond, Args: args, At: "t.created_at", ID: "t.id"}
	var row rowScanner
	return store.EachNewest(ctx, s.db, q, func(rows *sql.Rows) (Transaction, store.Cursor, error) {
		var t Transaction
		if err := row.scan(rows, &t); err != nil {
			return t, store.Cursor{}, err
		}
		var at time.Time
		var err error
		switch v := row.created.(type) {
		case time.Time:
			at = v
		case string:
			at, err = storedTime(v)
		default:
			err = fmt.Errorf("created_at is a %T", v)
		}
		return t, store.Cursor{At: at, ID: t.ID}, err
	}, fn)
}
