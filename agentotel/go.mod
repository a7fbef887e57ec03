module github.com/toolgen-dev/toolgen/agentotel

go 1.26.0

require (
	github.com/toolgen-dev/toolgen v0.0.0
	go.opentelemetry.io/otel v1.47.0
	go.opentelemetry.io/otel/trace v1.47.0
)

require github.com/cespare/xxhash/v2 v2.3.0 // indirect

replace github.com/toolgen-dev/toolgen => ../
