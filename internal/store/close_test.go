package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// database/sql opens connections on a goroutine that Close does not wait
// for; one that opened late made the database's files again while a test's
// folder was being removed ("directory not empty"). Its late Connect is
// called here by hand: it must be refused, and make no file.
func TestNoConnectionOpensAfterClose(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(context.Background(), "sqlite:"+filepath.Join(dir, "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := db.opener.Connect(context.Background()); !errors.Is(err, errClosed) {
		t.Errorf("a connection asked for after Close: %v, want %v", err, errClosed)
	}
	if files, _ := os.ReadDir(dir); len(files) > 0 {
		t.Errorf("a connection asked for after Close made %d files, the first %s", len(files), files[0].Name())
	}
}
