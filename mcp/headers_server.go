package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// The server's side of custom headers: a tools/call of a tool that
// declares x-mcp-header (at protocol version 2026-07-28 or later) must
// carry each declared argument present in its body, not null, in its
// Mcp-Param-* header, with the same value; a header for an argument the
// body lacks, one given twice, one with a character no header value may
// hold, or a Base64 form that does not decode, is refused too. A refusal
// is 400 Bad Request with a JSON-RPC error of code -32020
// (HeaderMismatch), before the call reaches the fast path or go-sdk. A
// Mcp-Param-* header that names no declaration of the tool is not the
// server's: it is ignored, as MCP says of headers a server does not
// recognize.
//
// The check costs nothing on a server none of whose tools declares a
// header, and on a request whose Mcp-Method header names another method
// (a body that disagrees with it is refused by the check of the standard
// headers); a call of a tool with declarations has its body read once
// more, with toolgen's JSON reader (about as long as the fast path's own
// reading: BenchmarkParamHeaderCheck).

// minHeaderVersion is the first protocol version with custom headers.
const minHeaderVersion = "2026-07-28"

// addParamHeaders records the x-mcp-header declarations of t's input
// schema; an invalid declaration is NewServer's error, since clients
// would leave the tool out.
func (s *Server) addParamHeaders(t *toolgen.Tool) error {
	if !bytes.Contains(t.InputSchema, []byte(`"x-mcp-header"`)) {
		return nil
	}
	decls, err := ParamHeaders(t.InputSchema)
	if err != nil {
		return fmt.Errorf("mcp: tool %q: input schema: %w", t.Name, err)
	}
	if len(decls) > 0 {
		if s.paramHeaders == nil {
			s.paramHeaders = map[string][]ParamHeader{}
		}
		s.paramHeaders[string(t.Name)] = decls
	}
	return nil
}

// checkParamHeaders wraps h, which gets the body in memory (readBody), so
// that calls of tools with declarations are checked first; h alone when
// no tool declares a header.
func (s *Server) checkParamHeaders(h http.Handler) http.Handler {
	if len(s.paramHeaders) == 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if method := r.Header.Get("Mcp-Method"); r.Method == http.MethodPost && (method == "tools/call" || method == "") &&
			r.Header.Get("Mcp-Protocol-Version") >= minHeaderVersion {
			if body, ok := r.Body.(*memBody); ok && !s.paramHeadersAgree(w, r.Header, body.b) {
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// paramHeadersAgree checks the headers of a call whose body is body and
// reports whether it may go on; it has answered the request when not.
func (s *Server) paramHeadersAgree(w http.ResponseWriter, header http.Header, body []byte) bool {
	call, ok := readCall(body)
	if !ok {
		return true // not a call: go-sdk answers what it is
	}
	decls := s.paramHeaders[string(call.name)]
	if len(decls) == 0 {
		return true
	}
	if err := checkCallHeaders(header, decls, call.args); err != nil {
		refuseHeaders(w, call.id, err)
		return false
	}
	sdkEmptyValues(header, decls)
	return true
}

// callParts are what the check reads of a tools/call: its raw id, the
// tool's name (unescaped) and the raw arguments.
type callParts struct {
	id, name, args []byte
}

// readCall reads a tools/call's parts with toolgen's JSON reader, without
// copying the body; false for anything else (another method, a batch, a
// body that is not JSON), which the paths after the check answer.
func readCall(body []byte) (callParts, bool) {
	var c callParts
	var d toolimpl.Decoder
	d.Reset(body)
	d.SkipNameWalks()
	if !d.Object() {
		return c, false
	}
	isCall := false
	for k, more := d.Field(); more; k, more = d.Field() {
		switch string(k) {
		case "id":
			c.id, _ = d.RawValue()
		case "method":
			m, _ := d.StringBytes()
			isCall = string(m) == "tools/call"
		case "params":
			if !d.Object() {
				continue
			}
			for pk, more := d.Field(); more; pk, more = d.Field() {
				switch string(pk) {
				case "name":
					name, _ := d.StringBytes()
					c.name = bytes.Clone(name)
				case "arguments":
					c.args, _ = d.RawValue()
				default:
					d.Skip()
				}
			}
		default:
			d.Skip()
		}
	}
	return c, isCall && d.Close() == nil
}

// checkCallHeaders checks the Mcp-Param-* headers of a call with args
// against decls.
func checkCallHeaders(header http.Header, decls []ParamHeader, args []byte) error {
	for _, d := range decls {
		values, sent := header[http.CanonicalHeaderKey(d.Header())]
		raw, found := argumentAt(args, d.Path)
		present := found && string(raw) != "null"
		switch {
		case len(values) > 1:
			return fmt.Errorf("header %s given %d times", d.Header(), len(values))
		case !present && sent:
			return fmt.Errorf("header %s is sent but argument %s is not (or is null)", d.Header(), d.pointer())
		case !present:
			continue
		case !sent:
			return fmt.Errorf("header %s is missing: argument %s is in the body", d.Header(), d.pointer())
		}
		if err := sameValue(d, values[0], raw); err != nil {
			return err
		}
	}
	return nil
}

// sameValue checks that a header's value stands for the argument raw: the
// same string, the same boolean, or the same integer (compared as numbers:
// 42.0 is 42).
func sameValue(d ParamHeader, value string, raw []byte) error {
	text, err := decodeHeaderValue(value)
	if err != nil {
		return fmt.Errorf("header %s: %v", d.Header(), err)
	}
	want, err := headerText(raw)
	if err != nil {
		return fmt.Errorf("argument %s cannot be mirrored into %s: %v", d.pointer(), d.Header(), err)
	}
	if text == want {
		return nil
	}
	if isNumber := raw[0] == '-' || '0' <= raw[0] && raw[0] <= '9'; isNumber && sameInteger(text, want) {
		return nil
	}
	return fmt.Errorf("header %s value %q does not match argument %s (%s)", d.Header(), value, d.pointer(), raw)
}

// sameInteger reports whether text, from a header, is a number equal to
// the integer want.
func sameInteger(text, want string) bool {
	var f float64
	if json.Unmarshal([]byte(strings.TrimSpace(text)), &f) != nil {
		return false
	}
	n, ok := safeInteger(f)
	return ok && fmt.Sprint(n) == want
}

// refuseHeaders answers a call whose headers disagree with its body: 400
// with a JSON-RPC HeaderMismatch error.
func refuseHeaders(w http.ResponseWriter, id []byte, err error) {
	if len(id) == 0 {
		id = []byte("null")
	}
	msg, _ := json.Marshal("Header mismatch: " + err.Error())
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%s}}`, id, CodeHeaderMismatch, msg)
}

// sdkEmptyValues rewrites, in a request whose headers passed the check,
// each empty header value (an empty string argument) into its Base64 form
// (=?base64??=), which means the same: go-sdk (1.8), which checks the
// headers again, takes an empty value for a missing header and would
// refuse the call.
func sdkEmptyValues(header http.Header, decls []ParamHeader) {
	for _, d := range decls {
		k := http.CanonicalHeaderKey(d.Header())
		if vs := header[k]; len(vs) == 1 && vs[0] == "" {
			header[k] = []string{base64Prefix + base64Suffix}
		}
	}
}
