package main

//go:generate go tool toolgen
//go:generate npm ci --no-audit --no-fund
//go:generate npm run build

import (
	"embed"
	"io/fs"
)

// dist is the page, as `npm run build` (Vite) builds it from web/: built
// and committed, so that `go run ./examples/chat` needs no Node.
//
//go:embed dist
var dist embed.FS

// page is dist's content, served at /.
func page() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // never: "dist" is a valid path
	}
	return sub
}
