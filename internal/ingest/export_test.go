package ingest

// PerEventOnly makes a apply every event the per-event way: what the fast
// way must agree with.
func PerEventOnly(a *Applier) { a.perEventOnly = true }
