// Package toolpin is the digest of an MCP tool's definition and the diff
// of two definitions: what package mcp pins a remote tool with, and what
// the stubs toolgen mcp writes embed (internal/mcpgen).
//
// A definition is the JSON object of the tool's name, title, description,
// inputSchema, outputSchema and annotations, in canonical form: object
// keys sorted (by bytes), no insignificant whitespace, numbers as written,
// strings encoded by encoding/json without HTML escaping. Its digest is
// "sha256:" and the hex SHA-256 of those bytes.
package toolpin

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/textdiff"
)

// Tool is what a definition holds of a tool. Empty fields are left out.
type Tool struct {
	Name         string          `json:"name"`
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Annotations  json.RawMessage `json:"annotations,omitempty"`
}

// Fields are the members of a definition, in the order diffs name them.
var Fields = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations"}

// Definition is t's definition in canonical form. A "null" schema or
// annotations count as absent.
func Definition(t Tool) ([]byte, error) {
	for _, raw := range []*json.RawMessage{&t.InputSchema, &t.OutputSchema, &t.Annotations} {
		if string(bytes.TrimSpace(*raw)) == "null" {
			*raw = nil
		}
	}
	b, err := json.Marshal(t)
	if err != nil {
		return nil, fmt.Errorf("tool %s: %w", t.Name, err)
	}
	return Canonical(b)
}

// Digest is the digest of a canonical definition.
func Digest(def []byte) string {
	sum := sha256.Sum256(def)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Canonical is the JSON value raw in canonical form. A member repeated in
// an object keeps its last value, as encoding/json (and so go-sdk) reads it.
func Canonical(raw []byte) ([]byte, error) {
	v, err := decode(raw)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := write(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// decode reads one JSON value, numbers kept as written.
func decode(raw []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("not JSON: data after the value")
	}
	return v, nil
}

// write writes v in canonical form.
func write(b *bytes.Buffer, v any) error {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case json.Number:
		b.WriteString(string(v))
	case string:
		return writeString(b, v)
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := write(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		b.WriteByte('{')
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeString(b, k); err != nil {
				return err
			}
			b.WriteByte(':')
			if err := write(b, v[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("unexpected %T", v)
	}
	return nil
}

// writeString writes s as encoding/json does, without escaping <, > and &.
func writeString(b *bytes.Buffer, s string) error {
	e := json.NewEncoder(b)
	e.SetEscapeHTML(false)
	if err := e.Encode(s); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // the newline Encode ends with
	return nil
}

// Changed are the members of the definitions pinned and current (either
// may be empty: absent) whose values differ, in the order of Fields, and
// then any other member.
func Changed(pinned, current []byte) []string {
	a, b := members(pinned), members(current)
	var out []string
	seen := map[string]bool{}
	for _, k := range slices.Concat(Fields, slices.Sorted(maps.Keys(a)), slices.Sorted(maps.Keys(b))) {
		if seen[k] {
			continue
		}
		seen[k] = true
		if !bytes.Equal(a[k], b[k]) {
			out = append(out, k)
		}
	}
	return out
}

// members are a definition's members, canonical; nil if it is empty or
// not an object.
func members(def []byte) map[string][]byte {
	v, err := decode(def)
	m, ok := v.(map[string]any)
	if err != nil || !ok {
		return nil
	}
	out := make(map[string][]byte, len(m))
	for k, e := range m {
		var b bytes.Buffer
		if write(&b, e) == nil {
			out[k] = b.Bytes()
		}
	}
	return out
}

// Diff is a unified diff of two definitions (either may be empty: absent),
// one line per value, each named by its JSON path: "/description",
// "/inputSchema/properties/mode/enum/1". Strings are quoted as Go quotes
// them, so that invisible characters (zero-width spaces, bidirectional
// controls, tag characters) show as escapes; a string of several lines
// gives a line each, its path numbered ("/description#2").
func Diff(fromName, toName string, pinned, current []byte) string {
	return textdiff.Unified(fromName, toName, Lines(pinned), Lines(current))
}

// Lines are a definition's values, one a line, as Diff compares them; ""
// for an empty definition.
func Lines(def []byte) string {
	if len(def) == 0 {
		return ""
	}
	v, err := decode(def)
	if err != nil {
		return strconv.Quote(string(def)) + "\n"
	}
	var b strings.Builder
	flatten(&b, "", v)
	return b.String()
}

// flatten writes one line per value under path.
func flatten(b *strings.Builder, path string, v any) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			fmt.Fprintf(b, "%s = {}\n", root(path))
		}
		for _, k := range slices.Sorted(maps.Keys(v)) {
			flatten(b, path+"/"+escapePointer(k), v[k])
		}
	case []any:
		if len(v) == 0 {
			fmt.Fprintf(b, "%s = []\n", root(path))
		}
		for i, e := range v {
			flatten(b, path+"/"+strconv.Itoa(i), e)
		}
	case string:
		lines := strings.Split(v, "\n")
		if len(lines) == 1 {
			fmt.Fprintf(b, "%s = %s\n", root(path), strconv.Quote(v))
			return
		}
		for i, l := range lines {
			fmt.Fprintf(b, "%s#%d = %s\n", root(path), i+1, strconv.Quote(l))
		}
	case nil:
		fmt.Fprintf(b, "%s = null\n", root(path))
	default:
		fmt.Fprintf(b, "%s = %v\n", root(path), v)
	}
}

func root(path string) string {
	if path == "" {
		return "/"
	}
	return path
}

// escapePointer escapes a member name as a JSON Pointer token (RFC 6901),
// and quotes one that would not read as a single token on a line.
func escapePointer(k string) string {
	k = strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
	if q := strconv.Quote(k); q[1:len(q)-1] != k || strings.ContainsAny(k, " =#") {
		return q
	}
	return k
}
