// Command permissionsts writes the web app's permission keys from the
// server's catalogue (internal/rbac): go run ./tools/permissionsts.
package main

import (
	"fmt"
	"os"

	"xapa/backoffice/internal/rbac"
)

func main() {
	if err := os.WriteFile(rbac.TypeScriptFile, []byte(rbac.TypeScript()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "permissionsts:", err)
		os.Exit(1)
	}
}
