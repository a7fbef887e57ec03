package catalog

import (
	"fmt"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// maxNamed is how many tools an Overrun's message names.
const maxNamed = 10

// Overrun is a form (a dialect, or code mode) in which the tools sent up front (not deferred) take
// more tokens than a budget allows.
type Overrun struct {
	Dialect Dialect
	Total   int // the tools sent up front, in Dialect (Dialect.Sent)
	Budget  int
	// Defer are the fewest tools whose deferral brings Total within
	// Budget when the largest go first: the ones to defer or trim.
	Defer []*model.Tool
}

// OverBudget returns the forms, in order (the dialects, then code mode),
// in which the tools of pkgs sent up front take more than budget tokens. A
// budget holds for each form a model may be sent: code mode's declarations
// replace the definitions, so neither may pass it. In code mode, Defer
// counts each tool's declaration sent alone, with the types it names,
// though a type another tool sent up front names stays.
func OverBudget(pkgs []*model.Package, budget int) []Overrun {
	var loaded []*model.Tool
	for _, pkg := range pkgs {
		for _, t := range pkg.Tools {
			if !t.Deferred {
				loaded = append(loaded, t)
			}
		}
	}
	totals := Sum(pkgs)
	var out []Overrun
	for _, d := range Forms {
		if totals.Loaded[d] <= budget {
			continue
		}
		o := Overrun{Dialect: d, Total: totals.Loaded[d], Budget: budget}
		left := o.Total
		for _, t := range Largest(loaded, d) {
			if left <= budget {
				break
			}
			o.Defer = append(o.Defer, t)
			left -= d.Sent(t)
		}
		out = append(out, o)
	}
	return out
}

// Message says in one line what is over and which tools to defer or trim:
// "the tools sent up front take 9412 tokens in the default dialect, 1412
// over the budget of 8000; defer or trim, largest first: search (3120)".
func (o Overrun) Message() string {
	names := make([]string, 0, min(len(o.Defer), maxNamed)+1)
	for _, t := range o.Defer[:min(len(o.Defer), maxNamed)] {
		names = append(names, fmt.Sprintf("%s (%d)", t.Name, o.Dialect.Sent(t)))
	}
	if more := len(o.Defer) - maxNamed; more > 0 {
		names = append(names, fmt.Sprintf("and %d more", more))
	}
	return fmt.Sprintf("the tools sent up front (not deferred) take %d tokens %s, %d over the budget of %d; defer or trim, largest first: %s",
		o.Total, o.Dialect.in(), o.Total-o.Budget, o.Budget, strings.Join(names, ", "))
}
