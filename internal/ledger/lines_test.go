package ledger

import (
	"context"
	"testing"
	"time"

	"xapa/backoffice/internal/store/storetest"
	"xapa/backoffice/internal/utc"
)

// csv_line writes a stored time as the row-by-row export does, whatever
// text SQLite holds: the driver's reading of the column, then utc.Stamp.
func TestStoredStampIsTheDriversReading(t *testing.T) {
	db := storetest.SQLite(t) // SQLite is embedded: this runs in either pass
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE times (at TIMESTAMP NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	texts := []string{"2026-11-22 15:30:00.123456789+00:00", "2026-11-22 15:30:00+00:00", "2026-11-22 15:30:59.5+02:00",
		"2026-11-22T15:30:00-05:00", "2026-11-22 15:30:00", "2026-11-22T15:30:00.25", "2026-11-22 15:30", "2026-11-22",
		"2026-11-22T23:59:59Z", "2026-11-22 15:30:00.999999999+00:00"}
	for _, s := range texts {
		if _, err := db.ExecContext(ctx, `DELETE FROM times`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO times VALUES ($1)`, s); err != nil {
			t.Fatal(err)
		}
		var at time.Time
		if err := db.QueryRowContext(ctx, `SELECT at FROM times`).Scan(&at); err != nil {
			t.Fatalf("%q: the driver: %v", s, err)
		}
		got, err := storedStamp(s)
		if err != nil || got != utc.Stamp(at) {
			t.Errorf("storedStamp(%q) = %q, %v; the driver reads %q", s, got, err, utc.Stamp(at))
		}
	}
	if _, err := storedStamp("2026-1x-22 15:30:00+00:00"); err == nil {
		t.Error("storedStamp took a text that is no time")
	}
}
