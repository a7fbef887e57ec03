package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"

	"toolgen.test/e2e/unions"
)

// mirrorArgs are valid arguments of Mirror, whose members the hostile
// documents below change.
const mirrorArgs = `"i8":1,"u16":2,"u64":3,"f32":1.5,"on":true,"when":"2026-01-02T03:04:05Z","blob":"aGk=","addr":"::1","pair":[1,2],"grid":[[1]]`

// hostileNames are arguments whose member names clash: repeated, at the
// top, nested, in arrays, in a union's tag, in a map, in a value read as
// any or as json.RawMessage, spelled with escapes, among many members or
// deep down; or differing only in case. dup is the decoder's complaint
// about the repeated names, the only thing wrong with them ("" for case
// variants, which it refuses as unknown members).
var hostileNames = []struct {
	tool toolgen.ToolName
	args string
	dup  string
}{
	{unions.ToolEcho, `{"title":"t","shapes":[{"kind":"poly","sides":3,"length":1,"kind":"circle"}]}`, "/shapes/0/kind"},
	{unions.ToolEcho, `{"title":"t","shapes":[],"focus":{"kind":"circle","radius":1,"k\u0069nd":"poly"}}`, "/focus/kind"},
	{unions.ToolEcho, `{"title":"t","shapes":[{"kind":"circle","radius":1,"radius":2}]}`, "/shapes/0/radius"},
	{unions.ToolEcho, `{"title":"t","shapes":[],"title":"u"}`, "/title"},
	{unions.ToolEcho, `{"title":"t","shapes":[],"\u0074itle":"u"}`, "/title"},
	{unions.ToolEcho, `{"title":"t","shapes":[],"focus":null,"focus":{"kind":"circle","radius":1}}`, "/focus"},
	{ToolMirror, `{` + mirrorArgs + `,"raw":1,"any":1,"votes":{"a":1,"a":2}}`, "/votes/a"},
	{ToolMirror, `{` + mirrorArgs + `,"raw":1,"any":1,"votes":{},"sorts":{"x":[],"\u0078":[]}}`, "/sorts/x"},
	{ToolMirror, `{` + mirrorArgs + `,"raw":{"x":1,"x":2},"any":1,"votes":{}}`, "/raw/x"},
	{ToolMirror, `{` + mirrorArgs + `,"raw":1,"any":[{"y":1},{"y":1,"y":2}],"votes":{}}`, "/any/1/y"},
	{ToolMirror, `{` + mirrorArgs + `,"raw":` + manyMembers(20000) + `,"any":1,"votes":{}}`, "/raw/k0"},
	{ToolMirror, `{` + mirrorArgs + `,"raw":1,"any":` + deep(400) + `,"votes":{}}`, "/any" + strings.Repeat("/0/a", 400) + "/z"},
	{ToolMirror, `{` + mirrorArgs + `,"raw":1,"any":1,"votes":{},"on":false}`, "/on"},
	// Case variants: other names to the decoder, one to encoding/json.
	{unions.ToolEcho, `{"title":"t","shapes":[],"Title":"u"}`, ""},
	{unions.ToolEcho, `{"title":"t","shapes":[{"kind":"circle","radius":1,"KIND":"poly"}]}`, ""},
}

// manyMembers is an object of n members whose last repeats the first.
func manyMembers(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		b.WriteString(`"k` + string(rune('0'+i%10)) + strings.Repeat("x", i/10) + `":0,`)
	}
	b.WriteString(`"k0":1}`)
	return b.String()
}

// deep is [{"a": ... {"z":1,"z":2} ...}] nested n times.
func deep(n int) string {
	return strings.Repeat(`[{"a":`, n) + `{"z":1,"z":2}` + strings.Repeat(`}]`, n)
}

// tools are the tools the hostile documents call.
func dupTools(t *testing.T) map[toolgen.ToolName]toolgen.Tool {
	out := map[toolgen.ToolName]toolgen.Tool{}
	for _, tool := range Tools() {
		if tool.Name == ToolMirror {
			out[tool.Name] = tool
		}
	}
	for _, tool := range unions.Tools() {
		if tool.Name == unions.ToolEcho {
			out[tool.Name] = tool
		}
	}
	require.Len(t, out, 2)
	return out
}

// allowEvery is an allow rule whose globs match any value of every
// top-level member of args.
func allowEvery(t *testing.T, tool toolgen.ToolName, args string) toolgen.Rule {
	names := map[string]json.RawMessage{}
	require.NoError(t, json.Unmarshal([]byte(args), &names))
	r := toolgen.Rule{Tool: tool, Args: map[string]string{}}
	for name := range names {
		r.Args[name] = "*"
	}
	return r
}

// TestRulesAndDecoderAgreeOnNames feeds the hostile documents to the
// permission rules, the agent loop and the generated decoder: where the
// decoder refuses a repeated name, no allow rule reading arguments lets
// the call through, the loop refuses it before any rule with the very
// problems the decoder gives, and no person is asked about it; where it
// refuses a case variant, no such allow rule lets it through either.
func TestRulesAndDecoderAgreeOnNames(t *testing.T) {
	tools := dupTools(t)
	for i, tc := range hostileNames {
		tool := tools[tc.tool]
		res, err := tool.Call(context.Background(), []byte(tc.args))
		require.NoError(t, err)
		require.True(t, res.IsError, "case %d: the decoder accepts %.200s", i, tc.args)
		if tc.dup != "" {
			assert.Equal(t, "invalid arguments: "+tc.dup+": duplicate member (a name may appear only once in an object)", res.Text(), "case %d", i)
		} else {
			assert.Contains(t, res.Text(), "unknown field", "case %d", i)
		}

		allow := allowEvery(t, tc.tool, tc.args)
		assert.False(t, agent.MatchRule(allow, tc.tool, []byte(tc.args)), "case %d", i)
		got, _ := agent.Permissions{Allow: []toolgen.Rule{allow}}.Decide(tc.tool, []byte(tc.args))
		assert.Equal(t, agent.OutcomeNone, got, "case %d", i)

		if tc.dup == "" {
			continue
		}
		// The loop: refused before the rules, by name or not, and before
		// asking anyone.
		for _, perms := range []agent.Permissions{
			{Allow: []toolgen.Rule{allow}},
			{Allow: []toolgen.Rule{{Tool: tc.tool}}},
			{Ask: []toolgen.Rule{{Tool: tc.tool}}},
		} {
			model := rt.NewModel(rt.Calls(rt.Call("c1", tc.tool, tc.args)), rt.Text("done"))
			ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}), agent.WithPermissions(perms))
			require.NoError(t, err)
			st, err := ag.Run(context.Background(), "go", nil)
			require.NoError(t, err)
			require.Empty(t, st.Pending(), "case %d: a person is asked", i)
			reqs := model.Requests()
			msgs := reqs[len(reqs)-1].Messages
			results := msgs[len(msgs)-1].Results
			require.Len(t, results, 1)
			assert.Equal(t, res.Text(), results[0].Result.Text(), "case %d: the loop and the decoder say the same", i)
		}
	}
}

// TestRulesSeeWhatTheToolGets: arguments with names and values escaped or
// spelled otherwise, which the decoder accepts: an allow rule pinning each
// member to what the tool received (its result, written by the generated
// encoder, is what it was given) matches the arguments as sent.
func TestRulesSeeWhatTheToolGets(t *testing.T) {
	tools := dupTools(t)
	for i, tc := range []struct {
		tool toolgen.ToolName
		args string
	}{
		{unions.ToolEcho, `{"t\u0069tle":"\u0074","shapes":[{"k\u0069nd":"circle","radius":1.0e0}]}`},
		{unions.ToolEcho, `{"title":"a\"b","shapes":[{"kind":"poly","sides":3.0,"length":0.50},{"kind":"rect","width":1,"height":2,"label":"d\u006F\u006Fr"}],"focus":{"kind":"circle","r\u0061dius":2}}`},
		// (A json.RawMessage gets the bytes as sent, escapes and all, which
		// rules match in their one spelling: the same values.)
		{ToolMirror, `{` + mirrorArgs + `,"raw":{"x":[1,{"y":"é"}]},"any":{"k":"\u0076"},"votes":{"\u0061":1,"b":2}}`},
	} {
		args := []byte(tc.args)
		res, err := tools[tc.tool].Call(context.Background(), args)
		require.NoError(t, err)
		require.False(t, res.IsError, "case %d: %s", i, res.Text())
		var got map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(res.Structured, &got))
		var sent map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(args, &sent))
		for name := range sent {
			pin := toolgen.Rule{Tool: tc.tool, Args: map[string]string{name: literalGlob(t, got[name])}}
			assert.True(t, agent.MatchRule(pin, tc.tool, args), "case %d: %s", i, pin)
			for _, p := range []agent.Permissions{{Allow: []toolgen.Rule{pin}}, {Deny: []toolgen.Rule{pin}}} {
				outcome, _ := p.Decide(tc.tool, args)
				assert.NotEqual(t, agent.OutcomeNone, outcome, "case %d: %s", i, pin)
			}
		}
	}
}

// literalGlob is a glob matching exactly the value raw (compact JSON, as the
// generated encoder writes it): a string's text, or the JSON text.
func literalGlob(t *testing.T, raw json.RawMessage) string {
	text := string(raw)
	if strings.HasPrefix(text, `"`) {
		require.NoError(t, json.Unmarshal(raw, &text))
	}
	var b strings.Builder
	for _, c := range text {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
