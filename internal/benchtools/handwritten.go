package benchtools

import (
	"context"
	"encoding/json"

	"github.com/toolgen-dev/toolgen"
)

// HandWritten is fn called as a program does without toolgen, the other
// side of the dispatch benchmarks: encoding/json in and out, no validation
// of enums, bounds, formats or unknown members.
func HandWritten[In, Out any](fn func(context.Context, In) (Out, error)) func(context.Context, []byte) (toolgen.Result, error) {
	return func(ctx context.Context, args []byte) (toolgen.Result, error) {
		var in In
		if err := json.Unmarshal(args, &in); err != nil {
			return toolgen.ErrorResult(err.Error()), nil
		}
		out, err := fn(ctx, in)
		if err != nil {
			return toolgen.ErrorResult(err.Error()), nil
		}
		data, err := json.Marshal(out)
		if err != nil {
			return toolgen.Result{}, err
		}
		return toolgen.Result{Structured: data}, nil
	}
}
