// Package codemodetasks measures code mode against one tool call per turn
// on multi-step tasks written for it: the model's turns, the tokens it is
// sent and the tokens it sends back (o200k_base), through agenttest and
// through the openai (Chat Completions, Responses), anthropic and gemini
// adapters' HTTP requests to a fake of each API. Its tools (this file) are
// a small company's directory, orders and stock, their data made from the
// ids, so that every run gets the same results. The tasks and their
// scripted models, which read each result as a model would (tasks_test.go),
// the counting (measure_test.go), each API's answers (wire_test.go) and the
// runner (codemode/quickjs: the programs are TypeScript) are the tests'.
// The table:
//
//	cd bench && TOOLGEN_CODEMODE_TABLE=1 go test -run TestCodeModeTasks -v ./codemodetasks
package codemodetasks

// The generator runs from the main module (this module's go.sum does not
// hold the generator's dependencies); internal/generate's
// TestCheckedInFilesAreFresh checks tools_gen.go.
//go:generate sh -c "cd ../.. && go run ./cmd/toolgen ./bench/codemodetasks"

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Employees is the size of the directory: employee 1 leads the company,
// and employee n reports to employee n/2, so that employee n is
// floor(log2 n) levels below the top.
const Employees = 2047

// Employee is one person of the company directory.
type Employee struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Title      string `json:"title"`
	Department string `json:"department"`
	Email      string `json:"email"`
	Location   string `json:"location"`
	StartDate  string `json:"start_date"`
	// ManagerID is the id of the person they report to; empty at the top.
	ManagerID string `json:"manager_id,omitempty"`
}

var (
	firstNames  = []string{"Ada", "Bram", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kemi", "Lars", "Mina", "Noor", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tala", "Umar", "Vera", "Wen", "Ximena", "Yusuf", "Zofia", "Amara"}
	lastNames   = []string{"Okafor", "Lindqvist", "Moreau", "Tanaka", "Novak", "Haddad", "Silva", "Kowalski", "Brennan", "Adeyemi", "Rossi", "Petrov", "Nakamura", "Fischer", "Duarte", "Mensah", "Larsen", "Choi", "Vargas"}
	departments = []string{"Engineering", "Sales", "Operations", "Finance", "Support", "Marketing"}
	locations   = []string{"Lisbon", "Toronto", "Singapore", "Berlin", "Austin", "Nairobi"}
	levels      = []string{"Chief Executive Officer", "Executive Vice President", "Senior Vice President", "Vice President", "Senior Director", "Director", "Senior Manager", "Manager", "Team Lead", "Senior Specialist", "Specialist"}
)

// employeeID is the id of employee n.
func employeeID(n int) string { return fmt.Sprintf("E-%04d", n) }

// employee is employee n of the directory (1 <= n <= Employees).
func employee(n int) Employee {
	name := firstNames[n%len(firstNames)] + " " + lastNames[(n/3)%len(lastNames)]
	e := Employee{
		ID: employeeID(n), Name: name,
		Title:      levels[min(depth(n), len(levels)-1)],
		Department: departments[(n*7)%len(departments)],
		Email:      strings.ToLower(strings.ReplaceAll(name, " ", ".")) + fmt.Sprintf("%d@example.com", n),
		Location:   locations[(n*5)%len(locations)],
		StartDate:  time.Date(2012, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, n*3).Format(time.DateOnly),
	}
	if n > 1 {
		e.ManagerID = employeeID(n / 2)
	}
	return e
}

// depth is how many levels employee n is below the top.
func depth(n int) int {
	d := 0
	for ; n > 1; n /= 2 {
		d++
	}
	return d
}

// GetEmployee returns an employee's record from the company directory:
// their name, title, department, contact details and the id of the person
// they report to (manager_id, empty for the head of the company).
//
//toolgen:tool readonly idempotent
func GetEmployee(ctx context.Context, employeeID string) (Employee, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(employeeID, "E-"))
	if err != nil || !strings.HasPrefix(employeeID, "E-") || n < 1 || n > Employees {
		return Employee{}, fmt.Errorf("no employee %q: ids run from E-0001 to E-%04d", employeeID, Employees)
	}
	return employee(n), nil
}

// OrdersPerMonth is how many orders each month has.
const OrdersPerMonth = 320

// Order is one customer order.
type Order struct {
	ID       string `json:"id"`
	Customer string `json:"customer"`
	Email    string `json:"email"`
	PlacedAt string `json:"placed_at"`
	// Status is pending, paid, shipped, delivered or refunded.
	Status string `json:"status"`
	// TotalCents is the order's total, in cents of Currency.
	TotalCents int        `json:"total_cents"`
	Currency   string     `json:"currency"`
	Items      []LineItem `json:"items"`
	ShipTo     string     `json:"ship_to"`
	Carrier    string     `json:"carrier"`
}

// LineItem is one line of an order.
type LineItem struct {
	SKU            string `json:"sku"`
	Quantity       int    `json:"quantity"`
	UnitPriceCents int    `json:"unit_price_cents"`
}

// OrderPage is the orders of a month.
type OrderPage struct {
	Month  string  `json:"month"`
	Orders []Order `json:"orders"`
}

var (
	companies = []string{"Northwind Traders", "Blue Heron Labs", "Cobalt Freight", "Dunmore Bakeries", "Evergreen Clinics", "Foxglove Studio", "Granite Works", "Harbor Analytics", "Iris Optics", "Juniper Schools", "Kestrel Air", "Lumen Hotels"}
	statuses  = []string{"pending", "paid", "shipped", "delivered", "delivered", "delivered", "refunded"}
	cities    = []string{"Porto, PT", "Lyon, FR", "Leeds, GB", "Graz, AT", "Ghent, BE", "Malmo, SE", "Cork, IE", "Turin, IT"}
	carriers  = []string{"DHL Express", "UPS Standard", "GLS", "DPD Classic"}
)

// mix is a deterministic hash of a few numbers.
func mix(xs ...int) int {
	h := uint32(2166136261)
	for _, x := range xs {
		h = (h ^ uint32(x)) * 16777619
		h ^= h >> 15
	}
	return int(h & 0x7fffffff)
}

// order is order i of a month (year y, month m).
func order(y, m, i int) Order {
	h := mix(y, m, i)
	customer := companies[h%len(companies)]
	o := Order{
		ID: fmt.Sprintf("SO-%d%02d-%04d", y%100, m, i+1), Customer: customer,
		Email:    "orders@" + strings.ToLower(strings.Fields(customer)[0]) + ".example.com",
		PlacedAt: time.Date(y, time.Month(m), 1+i*28/OrdersPerMonth, 8+h%10, h%60, 0, 0, time.UTC).Format(time.RFC3339),
		Status:   statuses[(h/7)%len(statuses)], Currency: "EUR",
		ShipTo: cities[(h/11)%len(cities)], Carrier: carriers[(h/13)%len(carriers)],
	}
	for j := range 1 + (h/17)%3 {
		p := product((h/19 + j*5) % (len(categories) * ProductsPerCategory))
		item := LineItem{SKU: p.SKU, Quantity: 1 + mix(h, j)%12, UnitPriceCents: p.PriceCents}
		o.Items = append(o.Items, item)
		o.TotalCents += item.Quantity * item.UnitPriceCents
	}
	return o
}

// ListOrders returns every order placed in a month, with its lines,
// status and shipping.
//
//toolgen:tool readonly idempotent
func ListOrders(ctx context.Context, month string) (OrderPage, error) {
	t, err := time.Parse("2006-01", month)
	if err != nil {
		return OrderPage{}, fmt.Errorf("month %q is not YYYY-MM", month)
	}
	page := OrderPage{Month: month}
	for i := range OrdersPerMonth {
		page.Orders = append(page.Orders, order(t.Year(), int(t.Month()), i))
	}
	return page, nil
}

// ProductsPerCategory is how many products each category has.
const ProductsPerCategory = 12

// Product is one product of the catalog.
type Product struct {
	SKU        string `json:"sku"`
	Name       string `json:"name"`
	Category   string `json:"category"`
	PriceCents int    `json:"price_cents"`
}

var (
	categories = []string{"cables", "adapters", "chargers", "docks"}
	variants   = []string{"0.5 m", "1 m", "2 m", "3 m", "braided 1 m", "braided 2 m", "right-angle", "slim", "pro", "travel", "desk", "multi-pack"}
)

// product is product n of the catalog: category n/ProductsPerCategory.
func product(n int) Product {
	c := categories[n/ProductsPerCategory]
	return Product{
		SKU:        fmt.Sprintf("%s-%03d", strings.ToUpper(c[:3]), 100+n),
		Name:       "USB-C " + strings.TrimSuffix(c, "s") + " " + variants[n%ProductsPerCategory],
		Category:   c,
		PriceCents: 499 + mix(n)%6000,
	}
}

// ListProducts returns the products of a category (cables, adapters,
// chargers or docks).
//
//toolgen:tool readonly idempotent
func ListProducts(ctx context.Context, category string) ([]Product, error) {
	for i, c := range categories {
		if c == category {
			var ps []Product
			for n := range ProductsPerCategory {
				ps = append(ps, product(i*ProductsPerCategory+n))
			}
			return ps, nil
		}
	}
	return nil, fmt.Errorf("no category %q: there are %s", category, strings.Join(categories, ", "))
}

// Stock is a product's stock in every warehouse.
type Stock struct {
	SKU        string           `json:"sku"`
	Warehouses []WarehouseStock `json:"warehouses"`
	UpdatedAt  string           `json:"updated_at"`
}

// WarehouseStock is a product's stock in one warehouse.
type WarehouseStock struct {
	Warehouse string `json:"warehouse"`
	OnHand    int    `json:"on_hand"`
	// Reserved are the units on hand that open orders hold.
	Reserved int `json:"reserved"`
}

var warehouses = []string{"Rotterdam", "Leipzig", "Milan"}

// GetStock returns a product's stock in each warehouse: the units on hand
// and those reserved by open orders.
//
//toolgen:tool readonly idempotent
func GetStock(ctx context.Context, sku string) (Stock, error) {
	for n := range len(categories) * ProductsPerCategory {
		if product(n).SKU != sku {
			continue
		}
		s := Stock{SKU: sku, UpdatedAt: "2026-12-01T06:00:00Z"}
		for w, name := range warehouses {
			onHand := mix(n, w) % 400
			s.Warehouses = append(s.Warehouses, WarehouseStock{Warehouse: name, OnHand: onHand, Reserved: mix(w, n) % (onHand/3 + 1)})
		}
		return s, nil
	}
	return Stock{}, fmt.Errorf("no product %q", sku)
}
