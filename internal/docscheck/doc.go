// Package docscheck holds the test that compiles the Go snippets of the
// repository's Markdown files (README.md and every other .md but installed
// npm packages'), so that the front door never shows code that no longer
// builds. It has no code of its own.
package docscheck
