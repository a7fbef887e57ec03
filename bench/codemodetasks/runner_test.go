package codemodetasks

import "github.com/toolgen-dev/toolgen/codemode/quickjs"

// runner runs the code mode model's programs: TypeScript, on QuickJS.
var runner = quickjs.New()
