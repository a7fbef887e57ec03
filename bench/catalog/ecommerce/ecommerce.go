// Package ecommerce is the online-store domain of the benchmark catalog:
// orders and fulfillment, shipping labels and tracking, returns, the product
// catalog, inventory across locations, purchasing, discounts, gift cards and
// reviews, in the manner of Shopify.
package ecommerce

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/ecommerce"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// OrderStatus is the state of an order.
type OrderStatus string

const (
	Pending   OrderStatus = "pending"   // awaiting payment
	Paid      OrderStatus = "paid"      // paid, not yet shipped
	OnHold    OrderStatus = "on_hold"   // held for review
	Shipped   OrderStatus = "shipped"   // handed to the carrier
	Delivered OrderStatus = "delivered" // delivered
	Cancelled OrderStatus = "cancelled" // cancelled
	Returned  OrderStatus = "returned"  // returned by the customer
)

// Carrier is a shipping carrier.
type Carrier string

const (
	UPS   Carrier = "ups"   // UPS
	FedEx Carrier = "fedex" // FedEx
	USPS  Carrier = "usps"  // United States Postal Service
	DHL   Carrier = "dhl"   // DHL Express
)

// ServiceLevel is how fast a parcel travels.
type ServiceLevel string

const (
	Ground    ServiceLevel = "ground"    // 3 to 7 business days
	TwoDay    ServiceLevel = "two_day"   // 2 business days
	Overnight ServiceLevel = "overnight" // next business day
)

// ReturnReason is why a customer returns items.
type ReturnReason string

const (
	Damaged        ReturnReason = "damaged"          // arrived broken
	WrongItem      ReturnReason = "wrong_item"       // not what was ordered
	NotAsDescribed ReturnReason = "not_as_described" // differs from the listing
	DoesNotFit     ReturnReason = "does_not_fit"     // wrong size
	NoLongerNeeded ReturnReason = "no_longer_needed" // changed their mind
)

// ItemCondition is the state of a returned item.
type ItemCondition string

const (
	Resellable ItemCondition = "resellable" // can go back on the shelf
	Defective  ItemCondition = "defective"  // broken, to be written off
	Opened     ItemCondition = "opened"     // opened, sold as open-box
)

// AdjustmentReason is why a stock level changes.
type AdjustmentReason string

const (
	Received     AdjustmentReason = "received"   // stock arrived
	Shrinkage    AdjustmentReason = "shrinkage"  // lost or stolen
	DamagedStock AdjustmentReason = "damaged"    // damaged in the warehouse
	Correction   AdjustmentReason = "correction" // a count was wrong
	Restock      AdjustmentReason = "restock"    // returned items put back
)

// DiscountType is the kind of a discount code.
type DiscountType string

const (
	Percentage   DiscountType = "percentage"    // a percentage off
	FixedAmount  DiscountType = "fixed_amount"  // an amount off the order
	FreeShipping DiscountType = "free_shipping" // free shipping
)

// ProductStatus is whether a product is on sale.
type ProductStatus string

const (
	DraftProduct    ProductStatus = "draft"    // not visible
	ActiveProduct   ProductStatus = "active"   // on sale
	ArchivedProduct ProductStatus = "archived" // no longer sold
)

// Moderation is what to do with a review.
type Moderation string

const (
	Publish Moderation = "publish" // show it on the product page
	Hide    Moderation = "hide"    // keep it off the page
	Flag    Moderation = "flag"    // mark it as spam or abusive
)

// Address is a postal address.
type Address struct {
	Name       string  `json:"name"`
	Line1      string  `json:"line1"`
	Line2      *string `json:"line2,omitempty"`
	City       string  `json:"city"`
	Region     string  `json:"region,omitempty"` // state or province
	PostalCode string  `json:"postal_code"`
	Country    string  `json:"country" toolgen:"pattern=^[A-Z]{2}$"` // ISO 3166-1 alpha-2
	Phone      *string `json:"phone,omitempty"`
}

// LineItem is a quantity of a product variant.
type LineItem struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity" toolgen:"min=1"`
}

// Order is a customer's order.
type Order struct {
	ID          string      `json:"id"`
	Number      string      `json:"number"`
	Email       string      `json:"email"`
	Status      OrderStatus `json:"status"`
	Items       []LineItem  `json:"items"`
	Total       float64     `json:"total"`
	Currency    string      `json:"currency"`
	ShippingTo  *Address    `json:"shipping_to,omitempty"`
	PlacedAt    time.Time   `json:"placed_at"`
	TrackingURL string      `json:"tracking_url,omitempty"`
}

// Product is a product of the catalog.
type Product struct {
	ID     string        `json:"id"`
	Title  string        `json:"title"`
	Status ProductStatus `json:"status"`
	Price  float64       `json:"price"`
	SKU    string        `json:"sku"`
	Vendor string        `json:"vendor,omitempty"`
	Tags   []string      `json:"tags,omitempty"`
}

// StockLevel is a SKU's stock at a location.
type StockLevel struct {
	SKU       string `json:"sku"`
	Location  string `json:"location"`
	OnHand    int    `json:"on_hand"`
	Committed int    `json:"committed"`
	Available int    `json:"available"`
	Incoming  int    `json:"incoming"`
}

// Rate is a shipping quote.
type Rate struct {
	Carrier Carrier      `json:"carrier"`
	Service ServiceLevel `json:"service"`
	Price   float64      `json:"price"`
	Days    int          `json:"days"`
}

// Label is a purchased shipping label.
type Label struct {
	TrackingNumber string  `json:"tracking_number"`
	Carrier        Carrier `json:"carrier"`
	LabelURL       string  `json:"label_url"`
	Cost           float64 `json:"cost"`
}

// Review is a customer's product review.
type Review struct {
	ID        string    `json:"id"`
	ProductID string    `json:"product_id"`
	Rating    int       `json:"rating"`
	Title     string    `json:"title"`
	Body      string    `json:"body"`
	Author    string    `json:"author"`
	At        time.Time `json:"at"`
}

// DraftOrder is an order created on a customer's behalf.
type DraftOrder struct {
	Email           string     `json:"email"`                      // the customer's email
	Items           []LineItem `json:"items" toolgen:"minItems=1"` // what they buy
	ShippingAddress Address    `json:"shipping_address"`
	DiscountCode    *string    `json:"discount_code,omitempty"`
	Note            *string    `json:"note,omitempty"` // an internal note
	// SendInvoice emails the customer a link to pay for the order.
	SendInvoice bool `json:"send_invoice,omitempty"`
}

// NewProduct describes a product to add to the catalog.
type NewProduct struct {
	Title          string        `json:"title"`
	Description    string        `json:"description,omitempty"` // HTML allowed
	Price          float64       `json:"price" toolgen:"min=0"`
	CompareAtPrice *float64      `json:"compare_at_price,omitempty"` // the crossed-out "was" price
	SKU            string        `json:"sku"`
	Vendor         *string       `json:"vendor,omitempty"`
	Tags           []string      `json:"tags,omitempty"`
	WeightGrams    *int          `json:"weight_grams,omitempty" toolgen:"min=0"`
	Status         ProductStatus `json:"status"`
}

// Parcel is a package to ship.
type Parcel struct {
	OrderID  string       `json:"order_id"`
	Carrier  Carrier      `json:"carrier"`
	Service  ServiceLevel `json:"service"`
	WeightKg float64      `json:"weight_kg" toolgen:"min=0.01"`
	LengthCm float64      `json:"length_cm" toolgen:"min=1"` // the box's length
	WidthCm  float64      `json:"width_cm" toolgen:"min=1"`  // the box's width
	HeightCm float64      `json:"height_cm" toolgen:"min=1"` // the box's height
	// SignatureRequired makes the recipient sign on delivery.
	SignatureRequired bool `json:"signature_required,omitempty"`
}

// ListOrders lists store orders by status, customer and date.
//
// Parameters:
//   - status: only orders in this state.
//   - email: only this customer's orders.
//   - placed_after: only orders placed after this time.
//   - placed_before: only orders placed before this time.
//   - limit min=1,max=250: the most orders to return.
//
//toolgen:tool readonly idempotent
func ListOrders(ctx context.Context, status *OrderStatus, email *string, placedAfter, placedBefore *time.Time, limit int) ([]Order, error) {
	return nil, errNotImplemented
}

// GetOrder returns an order with its items, payments, shipping and history.
//
// Parameters:
//   - order_id: the order's id or number, "#1042".
//
//toolgen:tool readonly idempotent
func GetOrder(ctx context.Context, orderID string) (Order, error) {
	return Order{}, errNotImplemented
}

// CreateDraftOrder creates an order on a customer's behalf, for example for a
// phone or wholesale sale.
//
//toolgen:tool
func CreateDraftOrder(ctx context.Context, in DraftOrder) (Order, error) {
	return Order{}, errNotImplemented
}

// CancelOrder cancels an order that has not shipped, optionally refunding it
// and putting its items back in stock.
//
// Parameters:
//   - order_id: the order.
//   - reason: why, shown to the customer.
//   - refund: refund the payment.
//   - restock: put the items back in stock.
//
//toolgen:tool destructive requires_approval
func CancelOrder(ctx context.Context, orderID, reason string, refund, restock bool) (Order, error) {
	return Order{}, errNotImplemented
}

// UpdateOrderShippingAddress changes where an unshipped order is delivered.
//
// Parameters:
//   - order_id: the order.
//   - address: the new address.
//
//toolgen:tool idempotent
func UpdateOrderShippingAddress(ctx context.Context, orderID string, address Address) (Order, error) {
	return Order{}, errNotImplemented
}

// AddOrderNote adds an internal note to an order, not shown to the customer.
//
// Parameters:
//   - order_id: the order.
//   - note: the note.
//
//toolgen:tool
func AddOrderNote(ctx context.Context, orderID, note string) error {
	return errNotImplemented
}

// PutOrderOnHold stops an order from being fulfilled until it is released.
//
// Parameters:
//   - order_id: the order.
//   - reason: why, for example "address check" or "awaiting stock".
//   - release: release a held order instead.
//
//toolgen:tool idempotent
func PutOrderOnHold(ctx context.Context, orderID, reason string, release bool) (Order, error) {
	return Order{}, errNotImplemented
}

// FlagOrderForFraudReview marks an order as possibly fraudulent and holds it
// for a person to review.
//
// Parameters:
//   - order_id: the order.
//   - note: what looks wrong.
//
//toolgen:tool idempotent
func FlagOrderForFraudReview(ctx context.Context, orderID, note string) (Order, error) {
	return Order{}, errNotImplemented
}

// FulfillOrder marks an order's items as shipped with a tracking number and
// notifies the customer.
//
// Parameters:
//   - order_id: the order.
//   - items: the items shipped; all remaining items when empty.
//   - tracking_number: the carrier's tracking number.
//   - carrier: the carrier.
//   - notify_customer: email the customer the tracking details.
//
//toolgen:tool
func FulfillOrder(ctx context.Context, orderID string, items []LineItem, trackingNumber *string, carrier *Carrier, notifyCustomer bool) (Order, error) {
	return Order{}, errNotImplemented
}

// GetShippingRates quotes the carriers' prices and delivery times for a parcel
// to an address.
//
// Parameters:
//   - to: the destination.
//   - weight_kg min=0.01: the parcel's weight.
//   - from_location: the warehouse it ships from; the default one when absent.
//
//toolgen:tool readonly idempotent
func GetShippingRates(ctx context.Context, to Address, weightKg float64, fromLocation *string) ([]Rate, error) {
	return nil, errNotImplemented
}

// CreateShippingLabel buys a shipping label for an order's parcel.
//
//toolgen:tool
func CreateShippingLabel(ctx context.Context, in Parcel) (Label, error) {
	return Label{}, errNotImplemented
}

// TrackPackage returns a parcel's tracking events and expected delivery date.
//
// Parameters:
//   - tracking_number: the tracking number.
//   - carrier: the carrier; detected from the number when absent.
//
//toolgen:tool readonly idempotent openworld
func TrackPackage(ctx context.Context, trackingNumber string, carrier *Carrier) (string, error) {
	return "", errNotImplemented
}

// CreateReturnAuthorization opens a return for items of an order and emails
// the customer a prepaid return label.
//
// Parameters:
//   - order_id: the order.
//   - items: the items to return.
//   - reason: why.
//   - prepaid_label: include a prepaid return label.
//
//toolgen:tool
func CreateReturnAuthorization(ctx context.Context, orderID string, items []LineItem, reason ReturnReason, prepaidLabel bool) (string, error) {
	return "", errNotImplemented
}

// ReceiveReturn records returned items arriving at the warehouse and their
// condition, restocking the resellable ones.
//
// Parameters:
//   - return_id: the return.
//   - condition: the state of the items.
//
//toolgen:tool
func ReceiveReturn(ctx context.Context, returnID string, condition ItemCondition) error {
	return errNotImplemented
}

// RefundOrder refunds all or part of an order to the customer's original
// payment method.
//
// Parameters:
//   - order_id: the order.
//   - amount: how much; the whole order when absent.
//   - include_shipping: also refund the shipping cost.
//   - reason: why, for the records.
//
//toolgen:tool requires_approval
func RefundOrder(ctx context.Context, orderID string, amount *float64, includeShipping bool, reason *string) (Order, error) {
	return Order{}, errNotImplemented
}

// IssueStoreCredit gives a customer credit to spend in the store.
//
// Parameters:
//   - email: the customer.
//   - amount min=0.01: the credit.
//   - expires_at: when the credit lapses.
//   - note: why, shown to the customer.
//
//toolgen:tool
func IssueStoreCredit(ctx context.Context, email string, amount float64, expiresAt *time.Time, note *string) error {
	return errNotImplemented
}

// GetCustomerOrderHistory returns a customer's past orders and lifetime spend.
//
// Parameters:
//   - email: the customer.
//
//toolgen:tool readonly idempotent
func GetCustomerOrderHistory(ctx context.Context, email string) ([]Order, error) {
	return nil, errNotImplemented
}

// ListProducts lists the catalog's products by collection, status, vendor or
// title.
//
// Parameters:
//   - query: words in the title.
//   - collection: only products in this collection.
//   - status: only products in this state.
//   - vendor: only this brand or supplier's products.
//
//toolgen:tool readonly idempotent
func ListProducts(ctx context.Context, query, collection *string, status *ProductStatus, vendor *string) ([]Product, error) {
	return nil, errNotImplemented
}

// GetProduct returns a product with its variants, images and prices.
//
// Parameters:
//   - product_id: the product's id or SKU.
//
//toolgen:tool readonly idempotent
func GetProduct(ctx context.Context, productID string) (Product, error) {
	return Product{}, errNotImplemented
}

// CreateProduct adds a product to the store's catalog.
//
//toolgen:tool
func CreateProduct(ctx context.Context, in NewProduct) (Product, error) {
	return Product{}, errNotImplemented
}

// UpdateProductPrice changes a product's selling price and "was" price.
//
// Parameters:
//   - product_id: the product's id or SKU.
//   - price min=0: the new price.
//   - compare_at_price: the crossed-out price to show, for a sale.
//
//toolgen:tool idempotent
func UpdateProductPrice(ctx context.Context, productID string, price float64, compareAtPrice *float64) (Product, error) {
	return Product{}, errNotImplemented
}

// ArchiveProduct takes a product off sale and out of the storefront.
//
// Parameters:
//   - product_id: the product.
//
//toolgen:tool idempotent
func ArchiveProduct(ctx context.Context, productID string) (Product, error) {
	return Product{}, errNotImplemented
}

// AddProductVariant adds a variant, such as a size or color, to a product.
//
// Parameters:
//   - product_id: the product.
//   - options: the option values, {"size": "XL", "color": "navy"}.
//   - sku: the variant's SKU.
//   - price: its price; the product's when absent.
//
//toolgen:tool
func AddProductVariant(ctx context.Context, productID string, options map[string]string, sku string, price *float64) (Product, error) {
	return Product{}, errNotImplemented
}

// AddProductToCollection puts a product in a storefront collection.
//
// Parameters:
//   - product_id: the product.
//   - collection_id: the collection, "summer-sale".
//
//toolgen:tool idempotent
func AddProductToCollection(ctx context.Context, productID, collectionID string) error {
	return errNotImplemented
}

// GetInventoryLevel returns how many units of a SKU are on hand, committed to
// orders, available and incoming, per location.
//
// Parameters:
//   - sku: the SKU.
//   - location: only this warehouse or store.
//
//toolgen:tool readonly idempotent
func GetInventoryLevel(ctx context.Context, sku string, location *string) ([]StockLevel, error) {
	return nil, errNotImplemented
}

// AdjustInventory adds or removes units of a SKU at a location, with a reason.
//
// Parameters:
//   - sku: the SKU.
//   - location: the warehouse or store.
//   - delta: units to add, or remove when negative.
//   - reason: why.
//
//toolgen:tool
func AdjustInventory(ctx context.Context, sku, location string, delta int, reason AdjustmentReason) (StockLevel, error) {
	return StockLevel{}, errNotImplemented
}

// TransferStock moves units of a SKU from one location to another.
//
// Parameters:
//   - sku: the SKU.
//   - from_location: where they are.
//   - to_location: where they go.
//   - quantity min=1: how many.
//
//toolgen:tool
func TransferStock(ctx context.Context, sku, fromLocation, toLocation string, quantity int) (string, error) {
	return "", errNotImplemented
}

// ListLowStockItems lists the SKUs whose available stock is at or below a
// threshold.
//
// Parameters:
//   - threshold min=0: the level to report at; each SKU's reorder point when absent.
//   - location: only this location.
//
//toolgen:tool readonly idempotent
func ListLowStockItems(ctx context.Context, threshold *int, location *string) ([]StockLevel, error) {
	return nil, errNotImplemented
}

// CreatePurchaseOrder orders stock from a supplier.
//
// Parameters:
//   - supplier_id: the supplier.
//   - items: the SKUs and quantities.
//   - deliver_to: the receiving location.
//   - expected_at: the expected delivery date.
//
//toolgen:tool requires_approval
func CreatePurchaseOrder(ctx context.Context, supplierID string, items []LineItem, deliverTo string, expectedAt *time.Time) (string, error) {
	return "", errNotImplemented
}

// ReceivePurchaseOrder records the stock of a purchase order as delivered and
// adds it to inventory.
//
// Parameters:
//   - purchase_order_id: the purchase order.
//   - received: the quantities received, when some were missing.
//
//toolgen:tool
func ReceivePurchaseOrder(ctx context.Context, purchaseOrderID string, received []LineItem) error {
	return errNotImplemented
}

// ListSuppliers lists the suppliers the store buys from, with lead times.
//
//toolgen:tool readonly idempotent
func ListSuppliers(ctx context.Context) ([]string, error) {
	return nil, errNotImplemented
}

// CreateDiscountCode creates a code customers enter at checkout.
//
// Parameters:
//   - code: the code, "SUMMER20".
//   - discount_type: the kind of discount.
//   - value min=0: the percentage or amount off; ignored for free shipping.
//   - starts_at: when it becomes valid.
//   - ends_at: when it expires.
//   - usage_limit min=1: how many times it can be used in all.
//   - minimum_subtotal: the smallest order it applies to.
//
//toolgen:tool
func CreateDiscountCode(ctx context.Context, code string, discountType DiscountType, value float64, startsAt time.Time, endsAt *time.Time, usageLimit *int, minimumSubtotal *float64) (string, error) {
	return "", errNotImplemented
}

// DeactivateDiscountCode stops a discount code from working.
//
// Parameters:
//   - code: the code.
//
//toolgen:tool idempotent
func DeactivateDiscountCode(ctx context.Context, code string) error {
	return errNotImplemented
}

// CreateGiftCard issues a gift card and emails it to a recipient.
//
// Parameters:
//   - amount min=1: the card's value.
//   - recipient_email: who receives it.
//   - message: a personal message.
//
//toolgen:tool
func CreateGiftCard(ctx context.Context, amount float64, recipientEmail string, message *string) (string, error) {
	return "", errNotImplemented
}

// CheckGiftCardBalance returns the remaining value of a gift card.
//
// Parameters:
//   - code: the gift card's code.
//
//toolgen:tool readonly idempotent
func CheckGiftCardBalance(ctx context.Context, code string) (float64, error) {
	return 0, errNotImplemented
}

// ListAbandonedCarts lists checkouts that customers started but did not
// complete.
//
// Parameters:
//   - since: only carts abandoned after this time.
//   - min_value: only carts worth at least this much.
//
//toolgen:tool readonly idempotent
func ListAbandonedCarts(ctx context.Context, since time.Time, minValue *float64) ([]Order, error) {
	return nil, errNotImplemented
}

// SendCartRecoveryEmail emails a customer a link back to their abandoned
// checkout, optionally with a discount.
//
// Parameters:
//   - cart_id: the abandoned checkout.
//   - discount_code: a code to include.
//
//toolgen:tool openworld
func SendCartRecoveryEmail(ctx context.Context, cartID string, discountCode *string) error {
	return errNotImplemented
}

// ListProductReviews lists customers' reviews of products by rating.
//
// Parameters:
//   - product_id: only this product's reviews.
//   - max_rating min=1,max=5: only reviews with at most this many stars.
//   - unpublished_only: only reviews waiting for moderation.
//
//toolgen:tool readonly idempotent
func ListProductReviews(ctx context.Context, productID *string, maxRating *int, unpublishedOnly bool) ([]Review, error) {
	return nil, errNotImplemented
}

// ModerateProductReview publishes, hides or flags a customer review, and can
// post a public reply.
//
// Parameters:
//   - review_id: the review.
//   - action: what to do with it.
//   - reply: a public reply from the store.
//
//toolgen:tool idempotent
func ModerateProductReview(ctx context.Context, reviewID string, action Moderation, reply *string) (Review, error) {
	return Review{}, errNotImplemented
}

// GetBestSellers ranks products by units sold or revenue over a period.
//
// Parameters:
//   - from: the start of the period.
//   - to: the end of the period.
//   - by_revenue: rank by revenue instead of units.
//   - limit min=1,max=100: how many products.
//
//toolgen:tool readonly idempotent
func GetBestSellers(ctx context.Context, from, to time.Time, byRevenue bool, limit int) ([]Product, error) {
	return nil, errNotImplemented
}
