package errnames

// Tools is declared by hand, where toolgen would declare it.
func Tools() {}

// fetch has the default name of Fetch, in another file.
//
//toolgen:tool
func fetch() error { return nil }

// SameNameAsC runs on C too; C's Tools clash is reported once.
//
//toolgen:tool
func (C) SameNameAsC() error { return nil }

// ListedRule is declared by hand, where toolgen would declare Listed's rule
// type.
type ListedRule struct{}

// Listed would need the type ListedRule.
//
//toolgen:tool
func Listed() error { return nil }

// E has a tool method ToolBar, whose rule type would be ToolBarRule.
type E struct{}

// ToolBar is E's.
//
//toolgen:tool
func (E) ToolBar() error { return nil }

// F has a tool method BarRule, whose constant would be ToolBarRule too.
type F struct{}

// BarRule is F's.
//
//toolgen:tool
func (F) BarRule() error { return nil }

// DashedName and UnderscoredName would both be the code-mode function
// get_user.
//
//toolgen:tool name=get-user
func DashedName() error { return nil }

// UnderscoredName is the second.
//
//toolgen:tool name=get_user
func UnderscoredName() error { return nil }

// CodeModeDeclarations is declared by hand, where toolgen would declare it.
func CodeModeDeclarations() string { return "" }

// PrefixDigestStrict is declared by hand, where toolgen would declare it.
const PrefixDigestStrict = ""
