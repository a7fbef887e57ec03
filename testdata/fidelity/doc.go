// Package fidelity is the corpus of the differential property test: one echo
// tool per row of the README's type table (and the shapes around it), whose
// generated decoder, JSON Schema and encoder are checked against a JSON
// Schema 2020-12 validator and encoding/json on many argument documents.
package fidelity
