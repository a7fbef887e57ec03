package openai_test

import (
	"testing"

	"github.com/toolgen-dev/toolgen/provider/internal/providertest"
)

// TestResponsesModel: the behaviours every adapter has, over the
// Responses API.
func TestResponsesModel(t *testing.T) { providertest.RunModelSuite(t, responsesAdapter) }
