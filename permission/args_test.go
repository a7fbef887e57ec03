package permission

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen"
)

// toolsNamed are tools of these names whose schemas declare no properties,
// so that only their names are checked.
func toolsNamed(names ...toolgen.ToolName) []toolgen.Tool {
	tools := make([]toolgen.Tool, len(names))
	for i, n := range names {
		tools[i] = toolgen.Tool{Name: n}
	}
	return tools
}

func schemaTool(name toolgen.ToolName, schema string) toolgen.Tool {
	return toolgen.Tool{Name: name, InputSchema: []byte(schema)}
}

func TestCheckArgumentNames(t *testing.T) {
	tools := []toolgen.Tool{
		schemaTool("run_command", `{"type":"object","properties":{"command":{"type":"string"},"cwd":{"type":"string"}},"required":["command"]}`),
		schemaTool("read_file", `{"type":"object","properties":{"path":{"type":"string"}}}`),
		schemaTool("read_url", `{"type":"object","properties":{"url":{"type":"string"}}}`),
		schemaTool("open", `{"type":"object"}`),
		schemaTool("either", `{"type":"object","oneOf":[{"properties":{"a":{}}},{"properties":{"b":{}}}],"properties":{"\u0063":{}}}`),
	}
	rule := func(tool toolgen.ToolName, args ...string) toolgen.Rule {
		r := toolgen.Rule{Tool: tool, Args: map[string]string{}}
		for i := 0; i < len(args); i += 2 {
			r.Args[args[i]] = args[i+1]
		}
		return r
	}
	tests := []struct {
		name  string
		perms Permissions
		want  string
	}{
		{"good plain rules", Permissions{
			Deny:  []toolgen.Rule{rule("run_command", "command", "rm *", "cwd", "/")},
			Allow: []toolgen.Rule{rule("read_file", "path", "/tmp/*")},
			Ask:   []toolgen.Rule{rule("either", "a", "1"), rule("either", "b", "2"), rule("either", "c", "3")},
		}, ""},
		{"good pattern rules: the argument of one matching tool", Permissions{
			Deny: []toolgen.Rule{rule("read_*", "path", "/etc/*"), rule("read_*", "url", "http:*"), rule("*", "command", "sudo *")},
		}, ""},
		{"unchecked: a tool without declared properties, an allow rule for a tool the agent lacks", Permissions{
			Deny:  []toolgen.Rule{rule("open", "anything", "x"), rule("*", "anything", "x")},
			Allow: []toolgen.Rule{rule("fetch", "ur", "x")},
		}, ""},
		{"misspelled argument of a plain deny rule", Permissions{
			Deny: []toolgen.Rule{rule("run_command", "comand", "rm *")},
		}, `permission rule deny[0] run_command(comand="rm *"): tool run_command takes no argument "comand", so the rule matches no call (run_command takes command, cwd)`},
		{"misspelled arguments of plain allow and ask rules", Permissions{
			Allow: []toolgen.Rule{rule("read_file", "pth", "/tmp/*", "path", "/tmp/*", "mode", "r")},
			Ask:   []toolgen.Rule{rule("either", "d", "1")},
		}, `permission rule allow[0] read_file(mode="r", path="/tmp/*", pth="/tmp/*"): tool read_file takes no arguments "mode", "pth", so the rule matches no call (read_file takes path)` + "\n" +
			`permission rule ask[0] either(d="1"): tool either takes no argument "d", so the rule matches no call (either takes a, b, c)`},
		{"misspelled argument of a pattern rule", Permissions{
			Deny: []toolgen.Rule{rule("read_*", "pat", "/etc/*")},
		}, `permission rule deny[0] read_*(pat="/etc/*"): no tool matching read_* takes argument "pat", so the rule matches no call (read_file takes path; read_url takes url)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertErrorText(t, tt.want, tt.perms.Check(tools))
		})
	}
}

func TestSchemaProperties(t *testing.T) {
	for schema, want := range map[string][]string{
		`{"properties":{"b":{},"a":{"properties":{"x":{}}}}}`:       {"a", "b"},
		`{"allOf":[{"properties":{"z":{}}}],"properties":{"a":{}}}`: {"a", "z"},
		`{"$ref":"#/$defs/x","properties":{"a":{}}}`:                nil,
		`{"anyOf":[{"$ref":"#/$defs/x"}],"properties":{"a":{}}}`:    nil,
		`{"properties":{}}`: nil,
		`true`:              nil,
		`{"properties":`:    nil,
		``:                  nil,
	} {
		got, ok := schemaProperties([]byte(schema))
		assert.Equal(t, want, got, schema)
		assert.Equal(t, want != nil, ok, schema)
	}
}
