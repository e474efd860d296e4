package main

import (
	"io"
	"testing"
)

// A test that failed on its own after its subtest passed was counted as 0 failed: it was a parent, and parents
// count only through their subtests.
func TestCountsAFailureBetweenSubtests(t *testing.T) {
	s := newSummary(io.Discard)
	for _, e := range []event{
		{Action: "pass", Package: "p", Test: "TestA/sqlite/policy"},
		{Action: "fail", Package: "p", Test: "TestA/sqlite"},
		{Action: "fail", Package: "p", Test: "TestA"},
		{Action: "pass", Package: "p", Test: "TestB/one"},
		{Action: "fail", Package: "p", Test: "TestB/two"},
		{Action: "fail", Package: "p", Test: "TestB"},
		{Action: "fail", Package: "p"},
	} {
		s.add(e)
	}
	passed, failed, skipped := s.counts()
	if passed != 2 || failed != 2 || skipped != 0 {
		t.Fatalf("counts %d passed, %d failed, %d skipped; want 2, 2, 0", passed, failed, skipped)
	}
}
