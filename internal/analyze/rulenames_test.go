package analyze

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen/internal/model"
)

func TestExportedName(t *testing.T) {
	tests := map[string]string{
		"city":   "City",
		"City":   "City",
		"userID": "UserID",
		"_tmp":   "Tmp",
		"__x":    "X",
		"_":      "Arg",
		"":       "Arg",
		"2fa":    "Arg2fa",
		"日付":     "Arg日付",
		"étape":  "Étape",
	}
	for in, want := range tests {
		assert.Equal(t, want, exportedName(in), in)
	}
}

func TestCamelCase(t *testing.T) {
	tests := map[string]string{
		"a_name":  "AName",
		"user-id": "UserId",
		"rule":    "Rule",
		"2-step":  "2Step",
		"-":       "",
		"x.y z":   "XYZ",
	}
	for in, want := range tests {
		assert.Equal(t, want, camelCase(in), in)
	}
}

// field is a member reached through path (Go names), named json.
func field(json string, path ...string) *model.Field {
	f := &model.Field{JSONName: json}
	for _, p := range path {
		f.Path = append(f.Path, model.Step{Name: p})
	}
	return f
}

func TestRuleFields(t *testing.T) {
	tests := []struct {
		name   string
		fields []*model.Field
		want   []string
	}{
		{"none", nil, []string{}},
		{"flat parameters", []*model.Field{field("city", "city"), field("unit", "unit")}, []string{"City", "Unit"}},
		{"promoted fields by their own name", []*model.Field{field("page", "Paging", "Page"), field("query", "Query")}, []string{"Page", "Query"}},
		{"shared Go names fall back to JSON names", []*model.Field{field("a_name", "A", "Name"), field("b_name", "B", "Name")}, []string{"AName", "BName"}},
		{"Rule is the method", []*model.Field{field("the_rule", "Rule")}, []string{"TheRule"}},
		{"a fallback may take the shared name", []*model.Field{field("x", "A", "Name"), field("name", "B", "Name")}, []string{"X", "Name"}},
		{"then a suffix", []*model.Field{field("rule", "Rule"), field("a_b", "X", "V"), field("a-b", "Y", "V"), field("n", "AB2")}, []string{"Rule2", "AB", "AB3", "AB2"}},
		{"a fallback never takes a kept name", []*model.Field{field("owner_name", "O", "Name"), field("team", "T", "Name"), field("owner", "OwnerName")}, []string{"OwnerName2", "Team", "OwnerName"}},
		{"JSON names without letters", []*model.Field{field("-", "A", "X"), field("--", "B", "X")}, []string{"Arg", "Arg2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ruleFields(tt.fields))
		})
	}
}
