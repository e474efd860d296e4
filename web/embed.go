// Package web embeds the built web app (web/dist, made by `npm run build`).
// A checkout that has not built it yet still compiles: dist holds .gitkeep.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist is the built app's file tree (index.html at its root).
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // "dist" is a literal directory of the embed above
	}
	return sub
}
