package utc

import (
	"testing"
	"time"
)

func TestMidnightEarlierLater(t *testing.T) {
	plus2 := time.FixedZone("UTC+2", 2*60*60)
	// 01:30 on the 23rd at UTC+2 is 23:30 on the 22nd in UTC: its UTC day starts on the 22nd.
	if got, want := Midnight(time.Date(2026, 11, 23, 1, 30, 0, 0, plus2)), time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC); !got.Equal(want) || got.Location() != time.UTC {
		t.Errorf("Midnight = %v, want %v", got, want)
	}
	a, b := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	if Earlier(a, b) != a || Earlier(b, a) != a || Later(a, b) != b || Later(b, a) != b {
		t.Error("Earlier/Later picked the wrong time")
	}
}

func TestNextMidnight(t *testing.T) {
	day := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct{ in, want time.Time }{
		{day, day}, // already a midnight
		{day.Add(time.Microsecond), day.AddDate(0, 0, 1)},
		{day.Add(-time.Microsecond), day},
		{time.Date(2026, 11, 22, 2, 0, 0, 0, time.FixedZone("UTC+2", 2*60*60)), day}, // 00:00 UTC
	} {
		if got := NextMidnight(c.in); !got.Equal(c.want) || got.Location() != time.UTC {
			t.Errorf("NextMidnight(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
