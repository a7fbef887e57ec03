module github.com/toolgen-dev/toolgen/codemode/quickjs

go 1.26.0

require (
	github.com/evanw/esbuild v0.28.2
	github.com/go-sourcemap/sourcemap v2.1.3+incompatible
	github.com/stretchr/testify v1.12.1
	github.com/toolgen-dev/toolgen v0.1.0
	go.uber.org/goleak v1.3.0
	modernc.org/quickjs v0.27.0
)
