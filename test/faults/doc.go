// Package faults holds the fault tests of the real binary: a PostgreSQL
// outage under load, SIGTERM during a CSV export and during writes, the
// core's events over NATS while its server and a node crash. They run only
// with the build tag "faults" (make test-faults):
//
//	go test -tags faults -count=1 -v ./test/faults
//
// They start bin/backoffice (BACKOFFICE_BIN, else a fresh build) and a
// private PostgreSQL cluster of their own on 127.0.0.1 (never the machine's
// shared one), which they remove afterwards, also on failure; the NATS test
// starts its own nats-server (internal/natstest).
package faults
