// Package shop is a small shop's tools, for the tests that run code-mode
// programs through the agent loop and an MCP server.
package shop

//go:generate sh -c "cd ../../../.. && go run ./cmd/toolgen ./codemode/quickjs/internal/shop"

import (
	"context"
	"fmt"
	"sync"

	"github.com/toolgen-dev/toolgen"
)

// Customer is a customer of the shop.
type Customer struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// Order is one order.
type Order struct {
	ID       string  `json:"id"`
	Customer string  `json:"customer"`
	Total    float64 `json:"total"`
	// Status is "paid", "shipped" or "returned".
	Status string `json:"status"`
}

// Ledger records what the tools did: the tests' deps.
type Ledger struct {
	mu    sync.Mutex
	Calls []string
}

func (l *Ledger) add(format string, args ...any) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.Calls = append(l.Calls, fmt.Sprintf(format, args...))
}

// Ran returns the calls made so far.
func (l *Ledger) Ran() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.Calls...)
}

func ledger(ctx context.Context) *Ledger {
	l, _ := toolgen.DepsAs[*Ledger](toolgen.CtxFrom(ctx))
	return l
}

// FindCustomer finds a customer by name.
//
//toolgen:tool readonly
func FindCustomer(ctx context.Context, name string) (Customer, error) {
	ledger(ctx).add("find_customer %s", name)
	if name != "Ana" {
		return Customer{}, fmt.Errorf("no customer named %q", name)
	}
	return Customer{ID: "cu_1", Name: "Ana", Email: "ana@example.com"}, nil
}

// ListOrders lists a customer's orders, oldest first.
//
//toolgen:tool readonly
func ListOrders(ctx context.Context, customerID string) ([]Order, error) {
	ledger(ctx).add("list_orders %s", customerID)
	statuses := []string{"paid", "shipped", "returned"}
	var out []Order
	for i := range 200 {
		out = append(out, Order{ID: fmt.Sprintf("or_%03d", i), Customer: customerID, Total: float64(10 + i%37), Status: statuses[i%3]})
	}
	return out, nil
}

// Refund refunds an order, in part or in full.
//
// Parameters:
//   - orderID: the order.
//   - amount: how much to give back.
//
//toolgen:tool requires_approval destructive
func Refund(ctx context.Context, orderID string, amount float64) (string, error) {
	ledger(ctx).add("refund %s %g", orderID, amount)
	return fmt.Sprintf("refunded %g on %s", amount, orderID), nil
}

// DeleteCustomer deletes a customer and their orders.
//
//toolgen:tool destructive
func DeleteCustomer(ctx context.Context, id string) error {
	ledger(ctx).add("delete_customer %s", id)
	return nil
}
