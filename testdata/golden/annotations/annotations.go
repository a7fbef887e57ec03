// Package annotations covers the //toolgen:tool options: names and the
// behaviour hints.
package annotations

// GetHTTPStatus gets a status; its default name handles the initialism.
//
//toolgen:tool
func GetHTTPStatus(url string) (int, error) { return 200, nil }

// Lookup is read-only.
//
//toolgen:tool readonly
func Lookup(id string) (string, error) { return id, nil }

// Delete destroys, and asks first.
//
//toolgen:tool destructive requires_approval
func Delete(id string) error { return nil }

// Upsert may run twice.
//
//toolgen:tool idempotent
func Upsert(id string) error { return nil }

// Fetch reaches the web.
//
//toolgen:tool openworld
func Fetch(url string) (string, error) { return "", nil }

// Everything sets every option, in any order, with a custom name.
//
//toolgen:tool openworld idempotent name=do-it_all-2 destructive readonly requires_approval
func Everything() error { return nil }

// Approve only needs approval.
//
//toolgen:tool requires_approval
func Approve() error { return nil }

// Longest has a 64-character name, the most providers accept.
//
//toolgen:tool name=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl
func Longest() error { return nil }

// Archive is found through tool search rather than sent up front, in a
// namespace of its own.
//
//toolgen:tool defer namespace=records
func Archive(id string) error { return nil }

// Purge is deferred, in the package's namespace.
//
//toolgen:tool destructive defer
func Purge() error { return nil }

// Charge may fail three times in a row in a run before the agent stops
// its calls.
//
//toolgen:tool maxfailures=3
func Charge(amount int) error { return nil }

// Statement lists a month's payments; an agent puts at most about 2000
// tokens of it in the model's context, the rest paged.
//
//toolgen:tool maxresulttokens=2000 readonly
func Statement(month string) (string, error) { return month, nil }

// refund is what Go readers read; the model reads the directive's
// description.
//
//toolgen:tool description="Refund a payment to the card it was charged on: \"full\" or a partial amount." name=refund_payment
func Refund(id string) error { return nil }

// Transfer never repairs its arguments: a model that sends "100" for the
// amount is told to send a number.
//
//toolgen:tool norepair destructive
func Transfer(to string, amount int) error { return nil }

// Research runs as an MCP task when the client asks: the call returns at
// once and the client polls for the result.
//
//toolgen:tool task readonly
func Research(topic string) (string, error) { return topic, nil }

// Reindex runs only as an MCP task.
//
//toolgen:tool task=required idempotent
func Reindex() error { return nil }
