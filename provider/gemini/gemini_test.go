package gemini_test

import (
	"testing"

	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// The SDK's dependencies start opencensus's worker when they load.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction("go.opencensus.io/stats/view.(*worker).start"))
}

// TestModel: the behaviours every adapter has, over generateContent.
func TestModel(t *testing.T) {
	t.Setenv("GOOGLE_API_KEY", "") // the key New falls back on
	providertest.RunModelSuite(t, adapter)
}
