package toolimpl

import "github.com/toolgen-dev/toolgen/runtime"

// Rule is the permission rule for tool name whose arguments are globbed by
// pairs of an argument's name and its glob; an empty glob does not
// constrain the argument, and a rule without any has no Args (as
// runtime.Rule{Tool: name}). Generated XRule types call it:
//
//	func (r GetWeatherRule) Rule() runtime.Rule { return toolimpl.Rule(ToolGetWeather, "city", r.City) }
func Rule(name runtime.ToolName, pairs ...string) runtime.Rule {
	var args map[string]string
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			continue
		}
		if args == nil {
			args = make(map[string]string, (len(pairs)-i)/2)
		}
		args[pairs[i]] = pairs[i+1]
	}
	return runtime.Rule{Tool: name, Args: args}
}
