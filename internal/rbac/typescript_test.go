package rbac

import (
	"os"
	"testing"
)

// The web app's permission keys are the catalogue's: a key added, renamed or
// removed here fails until `make generate` writes the web's copy again.
func TestWebPermissionKeysAreCurrent(t *testing.T) {
	got, err := os.ReadFile("../../" + TypeScriptFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != TypeScript() {
		t.Fatalf("%s is not the catalogue's: run make generate", TypeScriptFile)
	}
}
