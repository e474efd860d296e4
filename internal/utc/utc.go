// Package utc holds the few time helpers the ledger, the dashboard figures
// and the demo generator share. Every stored time is UTC, and so are days.
package utc

import "time"

// StampLayout is the API's timestamp format: RFC 3339 with a numeric offset,
// always +00:00 (2026-11-22T10:15:00+00:00).
const StampLayout = "2006-01-02T15:04:05-07:00"

// Stamp writes t in StampLayout, in UTC.
func Stamp(t time.Time) string { return t.UTC().Format(StampLayout) }

// Midnight is the start of t's UTC day.
func Midnight(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// NextMidnight is the first start of a UTC day at or after t.
func NextMidnight(t time.Time) time.Time {
	if d := Midnight(t); d.Before(t) {
		return d.AddDate(0, 0, 1)
	}
	return t.UTC()
}

// Earlier is the earlier of a and b.
func Earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// Later is the later of a and b.
func Later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Clock is the clock now (nil: the system's) in UTC to the microsecond: a
// time read from it is the time the database keeps, so a value written and
// read back compares equal.
func Clock(now func() time.Time) func() time.Time {
	if now == nil {
		now = time.Now
	}
	return func() time.Time { return now().UTC().Truncate(time.Microsecond) }
}
