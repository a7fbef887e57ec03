package schema

import "github.com/toolgen-dev/toolgen/internal/model"

// applyConstraints sets the keywords of a member's constraints on its
// schema.
func applyConstraints(s *model.Schema, c model.Constraints) {
	if c.Min != "" {
		s.Minimum = model.RawJSON(c.Min)
	}
	if c.Max != "" {
		s.Maximum = model.RawJSON(c.Max)
	}
	s.MinLength, s.MaxLength = c.MinLength, c.MaxLength
	if c.MinItems != nil {
		s.MinItems = ptr(int64(*c.MinItems))
	}
	if c.MaxItems != nil {
		s.MaxItems = ptr(int64(*c.MaxItems))
	}
	if c.Pattern != "" {
		s.Pattern = c.Pattern
	}
	if c.Format != "" {
		s.Format = c.Format
	}
	if c.Default != nil {
		s.Default = model.RawJSON(c.Default.JSON)
	}
	s.XMCPHeader = c.Header
	for _, e := range c.Examples {
		s.Examples = append(s.Examples, model.RawJSON(e.JSON))
	}
}

func ptr[T any](v T) *T { return &v }
