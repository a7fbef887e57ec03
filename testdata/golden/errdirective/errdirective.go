// Package errdirective holds mistakes in //toolgen: directives.
package errdirective

// Twice has two directives.
//
//toolgen:tool
//toolgen:tool name=again
func Twice() error { return nil }

// Unknown has a directive toolgen does not know.
//
//toolgen:tools
func Unknown() error { return nil }

// Repeated gives an option twice.
//
//toolgen:tool readonly idempotent readonly
func Repeated() error { return nil }

// Valued gives a value to a flag.
//
//toolgen:tool readonly=true destructive=false
func Valued() error { return nil }

// Misspelled uses an unknown option.
//
//toolgen:tool read_only approval=yes
func Misspelled() error { return nil }

// Sometimes asks for a task support MCP does not have.
//
//toolgen:tool task=sometimes
func Sometimes() error { return nil }

// BadName has a name providers refuse.
//
//toolgen:tool name=get.weather
func BadName() error { return nil }

// NoName has an empty name.
//
//toolgen:tool name=
func NoName() error { return nil }

// LongName has a name of 65 characters.
//
//toolgen:tool name=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklm
func LongName() error { return nil }

// TwoNames names the tool twice.
//
//toolgen:tool name=a name=b
func TwoNames() error { return nil }

//toolgen:tool
func Undocumented() error { return nil }

// BadNamespace has a namespace providers could not carry in a name.
//
//toolgen:tool namespace=crm.contacts
func BadNamespace() error { return nil }

// NoNamespace has an empty namespace.
//
//toolgen:tool namespace=
func NoNamespace() error { return nil }

// ValuedDefer gives a value to defer.
//
//toolgen:tool defer=true namespace=a namespace=b
func ValuedDefer() error { return nil }

// ZeroFailures allows no failure at all, which is no limit.
//
//toolgen:tool maxfailures=0
func ZeroFailures() error { return nil }

// WordFailures gives a word.
//
//toolgen:tool maxfailures=many
func WordFailures() error { return nil }

// EmptyDescription gives an empty description.
//
//toolgen:tool description=""
func EmptyDescription() error { return nil }

// OpenQuote starts a description it does not end.
//
//toolgen:tool description="Refund a payment
func OpenQuote() error { return nil }

// ZeroResultTokens allows an empty result, which is no result.
//
//toolgen:tool maxresulttokens=0
func ZeroResultTokens() error { return nil }

// HugeResultTokens allows more than any context holds.
//
//toolgen:tool maxresulttokens=2000000
func HugeResultTokens() error { return nil }
