package ingest

// PerEventOnly makes a apply every event the per-event way: what the fast
// way must agree with.
func PerEventOnly(a *Applier) { a.perEventOnly = true }

// ExpireEvents is the statement that rejects the events of expired letters.
const ExpireEvents = expireEvents
