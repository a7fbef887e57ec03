package toolimpl

import (
	"unsafe"

	"github.com/toolgen-dev/toolgen"
)

// Rule is the permission rule for tool name whose arguments are globbed by
// globs, one per member of obj in obj's order; an empty glob does not
// constrain its argument, and a rule without any has no Args (as
// toolgen.Rule{Tool: name}). Generated XRule types call it:
//
//	func (r GetWeatherRule) Rule() toolgen.Rule {
//		return toolimpl.Rule(ToolGetWeather, toolgenArgsGetWeather, []string{r.City, r.Unit})
//	}
//
// It is not inlined: inlined into every Rule method (and its pointer
// wrapper), it would cost each tool's build more than the call saves.
//
//go:noinline
func Rule(name toolgen.ToolName, obj *Object, globs []string) toolgen.Rule {
	var args map[string]string
	for i, glob := range globs {
		if glob == "" {
			continue
		}
		if args == nil {
			args = make(map[string]string, len(globs)-i)
		}
		args[obj.Names[i]] = glob
	}
	return toolgen.Rule{Tool: name, Args: args}
}

// RuleOf is Rule for a generated rule type whose fields, after a first
// field of size zero, are n strings, one per member of obj in obj's order:
// the globs are read from the value at r, so that each Rule method is one
// call with nothing to build.
//
//	func (r GetWeatherRule) Rule() toolgen.Rule {
//		return toolimpl.RuleOf(ToolGetWeather, &toolgenTypeArgs.Object, unsafe.Pointer(&r), 5)
//	}
//
//go:noinline
func RuleOf(name toolgen.ToolName, obj *Object, r unsafe.Pointer, n int) toolgen.Rule {
	return Rule(name, obj, unsafe.Slice((*string)(r), n))
}
