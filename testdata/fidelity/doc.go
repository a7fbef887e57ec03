// Package fidelity is the corpus of the differential property test: one echo
// tool per Go type of the toolgen command's doc, "Types" (and the shapes
// around it), whose generated decoder, JSON Schema and encoder are checked against a JSON
// Schema 2020-12 validator and encoding/json on many argument documents.
package fidelity
