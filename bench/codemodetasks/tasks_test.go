package codemodetasks

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// A task is a question that takes several tool calls, and the two ways a
// scripted model answers it: one call per turn (direct), each call made
// from the results the request carries, as a model reads them; or one
// run_code call with the program a model would write against the
// declarations, then the answer made from what the program returned. Both
// end with the same text, which want computes from the data itself.
type task struct {
	name   string
	prompt string
	// next is the direct model's turn: the next call, from the results
	// so far (in the order they came), or nil when they answer the task.
	next func(t *testing.T, results []json.RawMessage) *agent.ToolCall
	// directAnswer is the direct model's answer from all the results.
	directAnswer func(t *testing.T, results []json.RawMessage) string
	// program is the code mode model's program, and programAnswer its
	// answer from the program's value.
	program       string
	programAnswer func(t *testing.T, value json.RawMessage) string
	// want is the answer, from the data.
	want func(t *testing.T) string
}

var tasks = []task{chainTask, filterTask, loopTask, mixTask}

// chainTask: ten dependent calls, each argument the previous result's
// manager_id.
var chainTask = task{
	name:   "ten dependent calls",
	prompt: "Who are the managers above employee E-0700, from their direct manager up to the head of the company?",
	next: func(t *testing.T, results []json.RawMessage) *agent.ToolCall {
		if len(results) == 0 {
			return call("get_employee", map[string]string{"employee_id": "E-0700"})
		}
		last := decode[Employee](t, results[len(results)-1])
		if last.ManagerID == "" {
			return nil
		}
		return call("get_employee", map[string]string{"employee_id": last.ManagerID})
	},
	directAnswer: func(t *testing.T, results []json.RawMessage) string {
		var chain []string
		for _, r := range results[1:] {
			e := decode[Employee](t, r)
			chain = append(chain, e.Name+" ("+e.ID+")")
		}
		return managersAnswer(chain)
	},
	program: `const chain: string[] = [];
let e = await get_employee({ employee_id: "E-0700" });
while (e.manager_id) {
  e = await get_employee({ employee_id: e.manager_id });
  chain.push(` + "`${e.name} (${e.id})`" + `);
}
return chain;`,
	programAnswer: func(t *testing.T, value json.RawMessage) string {
		return managersAnswer(decode[[]string](t, value))
	},
	want: func(*testing.T) string {
		var chain []string
		for n := 700 / 2; n >= 1; n /= 2 {
			chain = append(chain, employee(n).Name+" ("+employeeID(n)+")")
		}
		return managersAnswer(chain)
	},
}

func managersAnswer(chain []string) string {
	return fmt.Sprintf("E-0700 has %d managers above them, from the direct manager up: %s.", len(chain), strings.Join(chain, ", "))
}

// filterTask: one large result (a month's orders), of which the answer
// needs three.
var filterTask = task{
	name:   "large result filtered",
	prompt: "Which three orders placed in November 2026 had the largest totals? Give their ids, customers and totals.",
	next: func(t *testing.T, results []json.RawMessage) *agent.ToolCall {
		if len(results) == 0 {
			return call("list_orders", map[string]string{"month": "2026-11"})
		}
		return nil
	},
	directAnswer: func(t *testing.T, results []json.RawMessage) string {
		return ordersAnswer(largest(decode[OrderPage](t, results[0]).Orders))
	},
	program: `const { orders } = await list_orders({ month: "2026-11" });
return orders
  .sort((a, b) => b.total_cents - a.total_cents)
  .slice(0, 3)
  .map((o) => ({ id: o.id, customer: o.customer, total_cents: o.total_cents }));`,
	programAnswer: func(t *testing.T, value json.RawMessage) string {
		return ordersAnswer(decode[[]Order](t, value))
	},
	want: func(t *testing.T) string {
		page, err := ListOrders(t.Context(), "2026-11")
		if err != nil {
			t.Fatal(err)
		}
		return ordersAnswer(largest(page.Orders))
	},
}

// largest are the three orders with the largest totals, largest first
// (a stable sort, as JavaScript's).
func largest(orders []Order) []Order {
	orders = slices.Clone(orders)
	slices.SortStableFunc(orders, func(a, b Order) int { return cmp.Compare(b.TotalCents, a.TotalCents) })
	return orders[:3]
}

func ordersAnswer(orders []Order) string {
	var parts []string
	for _, o := range orders {
		parts = append(parts, fmt.Sprintf("%s from %s, EUR %d.%02d", o.ID, o.Customer, o.TotalCents/100, o.TotalCents%100))
	}
	return "The three largest orders of November 2026: " + strings.Join(parts, "; ") + "."
}

// loopTask: a list, a call per item, a sum.
var loopTask = task{
	name:   "loop over a list",
	prompt: "How many units of our cables can we sell right now: on hand minus reserved, across all warehouses?",
	next: func(t *testing.T, results []json.RawMessage) *agent.ToolCall {
		if len(results) == 0 {
			return call("list_products", map[string]string{"category": "cables"})
		}
		products := decode[struct{ Result []Product }](t, results[0]).Result // a list comes wrapped
		if done := len(results) - 1; done < len(products) {
			return call("get_stock", map[string]string{"sku": products[done].SKU})
		}
		return nil
	},
	directAnswer: func(t *testing.T, results []json.RawMessage) string {
		var stocks []Stock
		for _, r := range results[1:] {
			stocks = append(stocks, decode[Stock](t, r))
		}
		return stockAnswer(len(stocks), available(stocks))
	},
	program: `const products = await list_products({ category: "cables" });
let available = 0;
for (const p of products) {
  const stock = await get_stock({ sku: p.sku });
  for (const w of stock.warehouses) available += w.on_hand - w.reserved;
}
return { products: products.length, available };`,
	programAnswer: func(t *testing.T, value json.RawMessage) string {
		v := decode[struct{ Products, Available int }](t, value)
		return stockAnswer(v.Products, v.Available)
	},
	want: func(t *testing.T) string {
		products, err := ListProducts(t.Context(), "cables")
		if err != nil {
			t.Fatal(err)
		}
		var stocks []Stock
		for _, p := range products {
			s, err := GetStock(t.Context(), p.SKU)
			if err != nil {
				t.Fatal(err)
			}
			stocks = append(stocks, s)
		}
		return stockAnswer(len(stocks), available(stocks))
	},
}

func available(stocks []Stock) int {
	n := 0
	for _, s := range stocks {
		for _, w := range s.Warehouses {
			n += w.OnHand - w.Reserved
		}
	}
	return n
}

func stockAnswer(products, units int) string {
	return fmt.Sprintf("%d units of our %d cables can be sold right now (on hand minus reserved, all warehouses).", units, products)
}

// mixTask: a large result filtered down to one order, then a call for
// each of its lines.
var mixTask = task{
	name:   "mix: filter, then a loop",
	prompt: "The largest refunded order of November 2026 is to be shipped again from Rotterdam. For each of its lines, how many units are available there (on hand minus reserved)?",
	next: func(t *testing.T, results []json.RawMessage) *agent.ToolCall {
		if len(results) == 0 {
			return call("list_orders", map[string]string{"month": "2026-11"})
		}
		o := largestRefunded(decode[OrderPage](t, results[0]).Orders)
		if done := len(results) - 1; done < len(o.Items) {
			return call("get_stock", map[string]string{"sku": o.Items[done].SKU})
		}
		return nil
	},
	directAnswer: func(t *testing.T, results []json.RawMessage) string {
		o := largestRefunded(decode[OrderPage](t, results[0]).Orders)
		var lines []reshipLine
		for i, r := range results[1:] {
			lines = append(lines, reshipLine{o.Items[i].SKU, o.Items[i].Quantity, availableIn(decode[Stock](t, r), "Rotterdam")})
		}
		return reshipAnswer(o.ID, lines)
	},
	program: `const { orders } = await list_orders({ month: "2026-11" });
const order = orders
  .filter((o) => o.status === "refunded")
  .reduce((a, b) => (b.total_cents > a.total_cents ? b : a));
const lines: { sku: string; quantity: number; available: number }[] = [];
for (const item of order.items) {
  const stock = await get_stock({ sku: item.sku });
  const w = stock.warehouses.find((w) => w.warehouse === "Rotterdam")!;
  lines.push({ sku: item.sku, quantity: item.quantity, available: w.on_hand - w.reserved });
}
return { id: order.id, lines };`,
	programAnswer: func(t *testing.T, value json.RawMessage) string {
		v := decode[struct {
			ID    string
			Lines []reshipLine
		}](t, value)
		return reshipAnswer(v.ID, v.Lines)
	},
	want: func(t *testing.T) string {
		page, err := ListOrders(t.Context(), "2026-11")
		if err != nil {
			t.Fatal(err)
		}
		o := largestRefunded(page.Orders)
		var lines []reshipLine
		for _, item := range o.Items {
			s, err := GetStock(t.Context(), item.SKU)
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, reshipLine{item.SKU, item.Quantity, availableIn(s, "Rotterdam")})
		}
		return reshipAnswer(o.ID, lines)
	},
}

// largestRefunded is the first refunded order with the largest total.
func largestRefunded(orders []Order) Order {
	var best Order
	for _, o := range orders {
		if o.Status == "refunded" && (best.ID == "" || o.TotalCents > best.TotalCents) {
			best = o
		}
	}
	return best
}

// availableIn are the units of s on hand and not reserved in a warehouse.
func availableIn(s Stock, warehouse string) int {
	for _, w := range s.Warehouses {
		if w.Warehouse == warehouse {
			return w.OnHand - w.Reserved
		}
	}
	return 0
}

type reshipLine struct {
	SKU                 string
	Quantity, Available int
}

func reshipAnswer(id string, lines []reshipLine) string {
	var parts []string
	for _, l := range lines {
		parts = append(parts, fmt.Sprintf("%s: %d ordered, %d available", l.SKU, l.Quantity, l.Available))
	}
	return fmt.Sprintf("Order %s, in Rotterdam: %s.", id, strings.Join(parts, "; "))
}

// call is a call of a tool, its id set when the model makes it.
func call(name toolgen.ToolName, args map[string]string) *agent.ToolCall {
	b, _ := json.Marshal(args)
	return &agent.ToolCall{Name: name, Args: b}
}

// decode reads a value from a tool result's or a program's JSON.
func decode[T any](t *testing.T, data json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decoding %.200s: %v", data, err)
	}
	return v
}
