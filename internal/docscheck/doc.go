// Package docscheck holds the tests of the repository's documentation. It
// has no code of its own.
//
//   - The Go snippets of the Markdown files (README.md and every other .md
//     but installed npm packages') compile, so that the front door never
//     shows code that no longer builds (snippets_test.go).
//   - Every package of every module (test inputs under testdata left out)
//     has a synopsis that starts "Package <name>", or "Command <directory>"
//     for a program, as go doc and pkg.go.dev show it; every module
//     directory carries the repository's LICENSE; and no doc that users
//     read (the doc comments of public packages and of their exported
//     declarations, the Markdown files) names a deprecated package (the
//     runtime shim: its import paths, or runtime.X where X is not the
//     standard library's), but the few paragraphs that tell a user how to
//     move from it, listed with their reasons (packages_test.go).
//
// They parse the files with go/parser and go/doc, for this machine's
// platform, without the go command or the network.
package docscheck
