package rbac

import (
	"fmt"
	"strings"
)

// TypeScriptFile is where the web app keeps its copy of the permission keys,
// from the repository's root.
const TypeScriptFile = "web/src/lib/permissionKeys.gen.ts"

// TypeScript is the web app's module of the permission keys, in the
// catalogue's order: the server's catalogue is the one source (make
// generate writes it; a test fails when it is not current).
func TypeScript() string {
	var b strings.Builder
	b.WriteString("// Generated from internal/rbac/catalogue.go by `make generate`: do not edit.\n\n")
	b.WriteString("/** The permission keys the server knows, by name (the key without its ADMIN_ prefix). */\n")
	b.WriteString("export const Permission = {\n")
	for _, c := range Catalogue {
		for _, p := range c.Permissions {
			fmt.Fprintf(&b, "  %s: '%s',\n", strings.TrimPrefix(p.Key, "ADMIN_"), p.Key)
		}
	}
	b.WriteString("} as const;\n")
	return b.String()
}
