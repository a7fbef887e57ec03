package toolimpl

import (
	"fmt"
	"unsafe"

	"github.com/toolgen-dev/toolgen/runtime"
)

// Rule is the permission rule for tool name from a generated XRule
// value: a struct whose fields are all strings, one glob per member of
// obj, in obj's order, as toolgen writes them (a struct of another size is
// a panic; that its fields are strings is the generator's guarantee). An
// empty glob does not constrain its argument.
// Generated XRule types call it:
//
//	func (r GetWeatherRule) Rule() runtime.Rule { return toolimpl.Rule(ToolGetWeather, toolgenArgsGetWeather, &r) }
//
// Reading the fields as an array of strings keeps each Rule method one
// small call: a call with a pair of arguments per member costs the compiler
// several times more, in every generated file.
func Rule[T any](name runtime.ToolName, obj *Object, r *T) runtime.Rule {
	n := len(obj.Names)
	if unsafe.Sizeof(*r) != uintptr(n)*unsafe.Sizeof("") {
		panic(fmt.Sprintf("toolimpl.Rule: a %T is not %d strings (a toolgen bug)", *r, n))
	}
	globs := unsafe.Slice((*string)(unsafe.Pointer(r)), n)
	var args map[string]string
	for i, glob := range globs {
		if glob == "" {
			continue
		}
		if args == nil {
			args = make(map[string]string, n-i)
		}
		args[obj.Names[i]] = glob
	}
	return runtime.Rule{Tool: name, Args: args}
}
