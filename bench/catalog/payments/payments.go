// Package payments is the payments and billing domain of the benchmark
// catalog: charges, refunds, customers and payment methods, invoices,
// subscriptions, coupons, disputes and payouts, in the manner of Stripe.
//
// Amounts are integers in the currency's smallest unit (cents for USD).
package payments

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/payments"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// ChargeStatus is the state of a charge.
type ChargeStatus string

const (
	Succeeded ChargeStatus = "succeeded" // the money was collected
	Pending   ChargeStatus = "pending"   // still processing
	Failed    ChargeStatus = "failed"    // declined or errored
)

// RefundReason is why a charge is refunded.
type RefundReason string

const (
	Duplicate           RefundReason = "duplicate"             // charged twice
	Fraudulent          RefundReason = "fraudulent"            // the card was used without permission
	RequestedByCustomer RefundReason = "requested_by_customer" // the customer asked
)

// InvoiceStatus is the state of an invoice.
type InvoiceStatus string

const (
	Draft         InvoiceStatus = "draft"         // still editable, not sent
	Open          InvoiceStatus = "open"          // finalized and awaiting payment
	Paid          InvoiceStatus = "paid"          // paid in full
	Void          InvoiceStatus = "void"          // cancelled
	Uncollectible InvoiceStatus = "uncollectible" // written off as bad debt
)

// SubscriptionStatus is the state of a subscription.
type SubscriptionStatus string

const (
	Active   SubscriptionStatus = "active"   // billing normally
	Trialing SubscriptionStatus = "trialing" // in its free trial
	PastDue  SubscriptionStatus = "past_due" // the last payment failed
	Paused   SubscriptionStatus = "paused"   // billing paused
	Canceled SubscriptionStatus = "canceled" // ended
)

// Proration says how a plan change is billed mid-period.
type Proration string

const (
	CreateProrations Proration = "create_prorations" // credit and charge the difference on the next invoice
	AlwaysInvoice    Proration = "always_invoice"    // invoice the difference now
	NoProration      Proration = "none"              // the new price applies from the next period
)

// CouponDuration is how long a coupon's discount lasts.
type CouponDuration string

const (
	Once      CouponDuration = "once"      // the first invoice only
	Repeating CouponDuration = "repeating" // a number of months
	Forever   CouponDuration = "forever"   // every invoice
)

// Interval is a billing period.
type Interval string

const (
	OneTime Interval = "one_time" // a single payment
	Day     Interval = "day"      // daily
	Week    Interval = "week"     // weekly
	Month   Interval = "month"    // monthly
	Year    Interval = "year"     // yearly
)

// DisputeStatus is the state of a chargeback.
type DisputeStatus string

const (
	NeedsResponse DisputeStatus = "needs_response" // evidence is due
	UnderReview   DisputeStatus = "under_review"   // the bank is deciding
	Won           DisputeStatus = "won"            // decided for you
	Lost          DisputeStatus = "lost"           // decided for the cardholder
)

// Granularity is the width of a time bucket.
type Granularity string

const (
	Daily   Granularity = "day"   // one bucket per day
	Weekly  Granularity = "week"  // one bucket per week
	Monthly Granularity = "month" // one bucket per month
)

// Charge is a payment attempt.
type Charge struct {
	ID          string       `json:"id"`
	Amount      int64        `json:"amount"`
	Currency    string       `json:"currency"`
	CustomerID  string       `json:"customer_id,omitempty"`
	Status      ChargeStatus `json:"status"`
	Captured    bool         `json:"captured"`
	Refunded    int64        `json:"amount_refunded"`
	Description string       `json:"description,omitempty"`
	CreatedAt   time.Time    `json:"created_at"`
}

// Refund gives back all or part of a charge.
type Refund struct {
	ID        string       `json:"id"`
	ChargeID  string       `json:"charge_id"`
	Amount    int64        `json:"amount"`
	Currency  string       `json:"currency"`
	Reason    RefundReason `json:"reason,omitempty"`
	CreatedAt time.Time    `json:"created_at"`
}

// Customer is a billing customer.
type Customer struct {
	ID                   string            `json:"id"`
	Email                string            `json:"email"`
	Name                 string            `json:"name,omitempty"`
	Balance              int64             `json:"balance"`
	DefaultPaymentMethod string            `json:"default_payment_method,omitempty"`
	Metadata             map[string]string `json:"metadata,omitempty"`
}

// PaymentMethod is a saved card or bank account.
type PaymentMethod struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"` // "card", "sepa_debit", "us_bank_account"...
	Brand    string `json:"brand,omitempty"`
	Last4    string `json:"last4"`
	ExpMonth int    `json:"exp_month,omitempty"`
	ExpYear  int    `json:"exp_year,omitempty"`
}

// InvoiceItem is a line of an invoice.
type InvoiceItem struct {
	Description string `json:"description"`
	Quantity    int    `json:"quantity" toolgen:"min=1"`
	// UnitAmount is the price of one unit in the smallest currency unit.
	UnitAmount int64 `json:"unit_amount" toolgen:"min=0"`
	// TaxRateIDs are the tax rates applied to this line.
	TaxRateIDs []string `json:"tax_rate_ids,omitempty"`
}

// Invoice is a bill sent to a customer.
type Invoice struct {
	ID         string        `json:"id"`
	Number     string        `json:"number"`
	CustomerID string        `json:"customer_id"`
	Status     InvoiceStatus `json:"status"`
	Total      int64         `json:"total"`
	AmountDue  int64         `json:"amount_due"`
	Currency   string        `json:"currency"`
	DueDate    *time.Time    `json:"due_date,omitempty"`
	HostedURL  string        `json:"hosted_url,omitempty"`
}

// Subscription bills a customer for a price every period.
type Subscription struct {
	ID                string             `json:"id"`
	CustomerID        string             `json:"customer_id"`
	PriceID           string             `json:"price_id"`
	Quantity          int                `json:"quantity"`
	Status            SubscriptionStatus `json:"status"`
	CurrentPeriodEnd  time.Time          `json:"current_period_end"`
	CancelAtPeriodEnd bool               `json:"cancel_at_period_end"`
}

// Dispute is a chargeback a cardholder opened with their bank.
type Dispute struct {
	ID       string        `json:"id"`
	ChargeID string        `json:"charge_id"`
	Amount   int64         `json:"amount"`
	Reason   string        `json:"reason"`
	Status   DisputeStatus `json:"status"`
	DueBy    time.Time     `json:"evidence_due_by"`
}

// Payout is a transfer from the account balance to a bank account.
type Payout struct {
	ID          string    `json:"id"`
	Amount      int64     `json:"amount"`
	Currency    string    `json:"currency"`
	Status      string    `json:"status"`
	ArrivalDate time.Time `json:"arrival_date"`
}

// Balance is the money held in the account.
type Balance struct {
	Available map[string]int64 `json:"available"` // by currency, ready to pay out
	Pending   map[string]int64 `json:"pending"`   // by currency, not yet settled
}

// VolumeBucket is the payment volume of one period.
type VolumeBucket struct {
	Start    time.Time `json:"start"`
	Gross    int64     `json:"gross"`
	Refunded int64     `json:"refunded"`
	Net      int64     `json:"net"`
	Count    int       `json:"count"`
}

// NewInvoice describes an invoice to draft.
type NewInvoice struct {
	CustomerID string        `json:"customer_id"`
	Items      []InvoiceItem `json:"items" toolgen:"minItems=1"`
	Currency   string        `json:"currency" toolgen:"pattern=^[a-z]{3}$"` // ISO 4217, lower case: "usd"
	// DaysUntilDue is the payment term: 30 for net 30.
	DaysUntilDue int     `json:"days_until_due,omitempty" toolgen:"min=0,max=365,default=30"`
	Memo         *string `json:"memo,omitempty"` // a note printed on the invoice
	// AutoAdvance finalizes and emails the invoice about an hour after it is created.
	AutoAdvance bool `json:"auto_advance,omitempty"`
}

// DisputeEvidence is what you submit to contest a chargeback.
type DisputeEvidence struct {
	DisputeID string `json:"dispute_id"`
	// Explanation is your account of the transaction, for the bank.
	Explanation string `json:"explanation"`
	// ReceiptURL is an address of the receipt or invoice.
	ReceiptURL *string `json:"receipt_url,omitempty"`
	// TrackingNumber is the shipment's carrier tracking number, for physical goods.
	TrackingNumber *string `json:"tracking_number,omitempty"`
	// CustomerCommunication is an address of emails with the customer.
	CustomerCommunication *string `json:"customer_communication,omitempty"`
	// Submit sends the evidence to the bank now; otherwise it is saved as a draft.
	Submit bool `json:"submit,omitempty"`
}

// CreateCharge charges a customer's saved payment method.
//
// Parameters:
//   - amount min=50: the amount in the smallest currency unit, 1999 for $19.99.
//   - currency pattern=^[a-z]{3}$: ISO 4217 code in lower case, "usd".
//   - customer_id: the customer to charge.
//   - payment_method_id: the card or account to charge; the customer's default when absent.
//   - description: shown on the receipt and in the dashboard.
//   - capture: collect the money now; otherwise only authorize it and capture later.
//
//toolgen:tool requires_approval
func CreateCharge(ctx context.Context, amount int64, currency, customerID string, paymentMethodID, description *string, capture bool) (Charge, error) {
	return Charge{}, errNotImplemented
}

// CaptureCharge collects an authorized charge, all of it or less.
//
// Parameters:
//   - charge_id: the authorized charge.
//   - amount: how much to capture; the authorized amount when absent.
//
//toolgen:tool
func CaptureCharge(ctx context.Context, chargeID string, amount *int64) (Charge, error) {
	return Charge{}, errNotImplemented
}

// GetCharge returns a charge with its status and refunds.
//
// Parameters:
//   - charge_id: the charge.
//
//toolgen:tool readonly idempotent
func GetCharge(ctx context.Context, chargeID string) (Charge, error) {
	return Charge{}, errNotImplemented
}

// ListCharges lists charges, newest first, by customer, status and date.
//
// Parameters:
//   - customer_id: only this customer's charges.
//   - status: only charges in this state.
//   - created_after: only charges after this time.
//   - created_before: only charges before this time.
//   - limit min=1,max=100: the most charges to return.
//
//toolgen:tool readonly idempotent
func ListCharges(ctx context.Context, customerID *string, status *ChargeStatus, createdAfter, createdBefore *time.Time, limit int) ([]Charge, error) {
	return nil, errNotImplemented
}

// RefundCharge gives back all or part of a charge to the card or account it
// came from.
//
// Parameters:
//   - charge_id: the charge.
//   - amount: how much to refund; the whole remaining amount when absent.
//   - reason: why.
//
//toolgen:tool requires_approval
func RefundCharge(ctx context.Context, chargeID string, amount *int64, reason *RefundReason) (Refund, error) {
	return Refund{}, errNotImplemented
}

// ListRefunds lists refunds, newest first, by date or charge.
//
// Parameters:
//   - charge_id: only refunds of this charge.
//   - created_after: only refunds after this time.
//   - created_before: only refunds before this time.
//
//toolgen:tool readonly idempotent
func ListRefunds(ctx context.Context, chargeID *string, createdAfter, createdBefore *time.Time) ([]Refund, error) {
	return nil, errNotImplemented
}

// GetRefund returns a refund and its status.
//
// Parameters:
//   - refund_id: the refund.
//
//toolgen:tool readonly idempotent
func GetRefund(ctx context.Context, refundID string) (Refund, error) {
	return Refund{}, errNotImplemented
}

// CreateBillingCustomer creates a customer that payment methods, invoices and
// subscriptions belong to.
//
// Parameters:
//   - email: the customer's billing email.
//   - name: the customer's or company's name.
//   - metadata: your own key-value data, for example {"account_id": "42"}.
//
//toolgen:tool
func CreateBillingCustomer(ctx context.Context, email string, name *string, metadata map[string]string) (Customer, error) {
	return Customer{}, errNotImplemented
}

// GetBillingCustomer returns a customer with their balance and default payment
// method.
//
// Parameters:
//   - customer_id: the customer; or use email.
//   - email: look the customer up by billing email.
//
//toolgen:tool readonly idempotent
func GetBillingCustomer(ctx context.Context, customerID, email *string) (Customer, error) {
	return Customer{}, errNotImplemented
}

// UpdateBillingCustomer changes a customer's email, name, address or tax id.
//
// Parameters:
//   - customer_id: the customer.
//   - email: a new billing email.
//   - name: a new name.
//   - address: a new billing address on one line.
//   - tax_id: a VAT or other tax id.
//
//toolgen:tool idempotent
func UpdateBillingCustomer(ctx context.Context, customerID string, email, name, address, taxID *string) (Customer, error) {
	return Customer{}, errNotImplemented
}

// AttachPaymentMethod saves a card or bank account to a customer.
//
// Parameters:
//   - customer_id: the customer.
//   - payment_method_id: the tokenized card or account from the checkout form.
//   - make_default: use it for future invoices and subscriptions.
//
//toolgen:tool
func AttachPaymentMethod(ctx context.Context, customerID, paymentMethodID string, makeDefault bool) (PaymentMethod, error) {
	return PaymentMethod{}, errNotImplemented
}

// ListPaymentMethods lists a customer's saved cards and bank accounts.
//
// Parameters:
//   - customer_id: the customer.
//
//toolgen:tool readonly idempotent
func ListPaymentMethods(ctx context.Context, customerID string) ([]PaymentMethod, error) {
	return nil, errNotImplemented
}

// DetachPaymentMethod removes a saved card or bank account from a customer.
//
// Parameters:
//   - payment_method_id: the card or account.
//
//toolgen:tool destructive idempotent
func DetachPaymentMethod(ctx context.Context, paymentMethodID string) error {
	return errNotImplemented
}

// CreateInvoice drafts an invoice for a customer with line items.
//
//toolgen:tool
func CreateInvoice(ctx context.Context, in NewInvoice) (Invoice, error) {
	return Invoice{}, errNotImplemented
}

// FinalizeInvoice locks a draft invoice, gives it a number and makes it
// payable.
//
// Parameters:
//   - invoice_id: the draft invoice.
//
//toolgen:tool idempotent
func FinalizeInvoice(ctx context.Context, invoiceID string) (Invoice, error) {
	return Invoice{}, errNotImplemented
}

// SendInvoice emails a finalized invoice to the customer with a link to pay it.
//
// Parameters:
//   - invoice_id: the invoice.
//
//toolgen:tool
func SendInvoice(ctx context.Context, invoiceID string) (Invoice, error) {
	return Invoice{}, errNotImplemented
}

// VoidInvoice cancels a finalized invoice that should not be paid.
//
// Parameters:
//   - invoice_id: the invoice.
//
//toolgen:tool destructive idempotent
func VoidInvoice(ctx context.Context, invoiceID string) (Invoice, error) {
	return Invoice{}, errNotImplemented
}

// ListInvoices lists invoices by customer, status and due date.
//
// Parameters:
//   - customer_id: only this customer's invoices.
//   - status: only invoices in this state.
//   - due_before: only invoices due before this date.
//   - limit min=1,max=100: the most invoices to return.
//
//toolgen:tool readonly idempotent
func ListInvoices(ctx context.Context, customerID *string, status *InvoiceStatus, dueBefore *time.Time, limit int) ([]Invoice, error) {
	return nil, errNotImplemented
}

// GetInvoice returns an invoice with its lines, payments and PDF address.
//
// Parameters:
//   - invoice_id: the invoice id or its number, "INV-0042".
//
//toolgen:tool readonly idempotent
func GetInvoice(ctx context.Context, invoiceID string) (Invoice, error) {
	return Invoice{}, errNotImplemented
}

// MarkInvoicePaid records that an open invoice was paid outside the platform,
// for example by bank transfer or check.
//
// Parameters:
//   - invoice_id: the invoice.
//   - note: how it was paid.
//
//toolgen:tool idempotent
func MarkInvoicePaid(ctx context.Context, invoiceID string, note *string) (Invoice, error) {
	return Invoice{}, errNotImplemented
}

// IssueCreditNote reduces the amount of a finalized invoice, or credits the
// customer's balance, without voiding it.
//
// Parameters:
//   - invoice_id: the invoice.
//   - amount min=1: the amount to credit.
//   - reason: why, printed on the credit note.
//
//toolgen:tool
func IssueCreditNote(ctx context.Context, invoiceID string, amount int64, reason string) (string, error) {
	return "", errNotImplemented
}

// RetryInvoicePayment tries again to collect an open invoice with the
// customer's payment method.
//
// Parameters:
//   - invoice_id: the invoice.
//
//toolgen:tool
func RetryInvoicePayment(ctx context.Context, invoiceID string) (Invoice, error) {
	return Invoice{}, errNotImplemented
}

// ListFailedPayments lists declined charges and invoices whose automatic
// payment failed, with the decline reason.
//
// Parameters:
//   - since: only failures after this time.
//
//toolgen:tool readonly idempotent
func ListFailedPayments(ctx context.Context, since time.Time) ([]Charge, error) {
	return nil, errNotImplemented
}

// CreateSubscription subscribes a customer to a recurring price.
//
// Parameters:
//   - customer_id: the customer.
//   - price_id: the recurring price, for example the monthly Pro plan.
//   - quantity min=1: the number of seats or units.
//   - trial_days min=0,max=730: days of free trial before the first charge.
//   - coupon: a coupon code to apply.
//
//toolgen:tool
func CreateSubscription(ctx context.Context, customerID, priceID string, quantity int, trialDays *int, coupon *string) (Subscription, error) {
	return Subscription{}, errNotImplemented
}

// CancelSubscription ends a subscription, now or at the end of the period
// already paid for.
//
// Parameters:
//   - subscription_id: the subscription.
//   - at_period_end: keep it until the paid period ends.
//   - reason: the customer's reason, for churn reports.
//
//toolgen:tool destructive
func CancelSubscription(ctx context.Context, subscriptionID string, atPeriodEnd bool, reason *string) (Subscription, error) {
	return Subscription{}, errNotImplemented
}

// ChangeSubscriptionPlan moves a subscription to another price or quantity
// (an upgrade or downgrade).
//
// Parameters:
//   - subscription_id: the subscription.
//   - new_price_id: the new price; unchanged when absent.
//   - quantity min=1: the new number of seats; unchanged when absent.
//   - proration: how to bill the change mid-period.
//
//toolgen:tool
func ChangeSubscriptionPlan(ctx context.Context, subscriptionID string, newPriceID *string, quantity *int, proration Proration) (Subscription, error) {
	return Subscription{}, errNotImplemented
}

// PauseSubscription stops billing a subscription until a date, without
// cancelling it.
//
// Parameters:
//   - subscription_id: the subscription.
//   - resume_at: when billing starts again; paused until resumed when absent.
//
//toolgen:tool idempotent
func PauseSubscription(ctx context.Context, subscriptionID string, resumeAt *time.Time) (Subscription, error) {
	return Subscription{}, errNotImplemented
}

// ResumeSubscription restarts billing of a paused subscription.
//
// Parameters:
//   - subscription_id: the subscription.
//
//toolgen:tool idempotent
func ResumeSubscription(ctx context.Context, subscriptionID string) (Subscription, error) {
	return Subscription{}, errNotImplemented
}

// ListSubscriptions lists subscriptions by customer, price and status.
//
// Parameters:
//   - customer_id: only this customer's subscriptions.
//   - price_id: only subscriptions to this price.
//   - status: only subscriptions in this state.
//
//toolgen:tool readonly idempotent
func ListSubscriptions(ctx context.Context, customerID, priceID *string, status *SubscriptionStatus) ([]Subscription, error) {
	return nil, errNotImplemented
}

// CreateCoupon creates a discount that customers or subscriptions can redeem,
// as a percentage or a fixed amount off.
//
// Parameters:
//   - code: the code customers enter, "SPRING25".
//   - percent_off min=0,max=100: the percentage off; or amount_off.
//   - amount_off: a fixed amount off, in the smallest currency unit.
//   - duration: how long the discount lasts.
//   - duration_in_months min=1: for a repeating duration, how many months.
//   - max_redemptions: how many times it can be used in all.
//
//toolgen:tool
func CreateCoupon(ctx context.Context, code string, percentOff *float64, amountOff *int64, duration CouponDuration, durationInMonths, maxRedemptions *int) (string, error) {
	return "", errNotImplemented
}

// ApplyCustomerDiscount applies a coupon to a customer, so that their
// invoices and subscriptions are discounted.
//
// Parameters:
//   - customer_id: the customer.
//   - coupon: the coupon code.
//
//toolgen:tool idempotent
func ApplyCustomerDiscount(ctx context.Context, customerID, coupon string) (Customer, error) {
	return Customer{}, errNotImplemented
}

// CreatePrice creates a one-time or recurring price for a product.
//
// Parameters:
//   - product_id: the product.
//   - unit_amount min=0: the price in the smallest currency unit.
//   - currency pattern=^[a-z]{3}$: ISO 4217, lower case.
//   - interval: the billing period, or one_time.
//   - nickname: an internal name, for example "Pro monthly 2026".
//
//toolgen:tool
func CreatePrice(ctx context.Context, productID string, unitAmount int64, currency string, interval Interval, nickname *string) (string, error) {
	return "", errNotImplemented
}

// CreatePaymentLink creates a hosted checkout page for a price, to share by
// email or chat.
//
// Parameters:
//   - price_id: the price.
//   - quantity min=1: the quantity.
//   - allow_promotion_codes: let buyers enter a coupon.
//
//toolgen:tool
func CreatePaymentLink(ctx context.Context, priceID string, quantity int, allowPromotionCodes bool) (string, error) {
	return "", errNotImplemented
}

// CreateTaxRate creates a tax rate to apply to invoice lines, such as a VAT or
// sales tax.
//
// Parameters:
//   - display_name: shown on invoices, "VAT".
//   - percentage min=0,max=100: the rate.
//   - jurisdiction: where it applies, "DE" or "CA-ON".
//   - inclusive: prices already include the tax.
//
//toolgen:tool
func CreateTaxRate(ctx context.Context, displayName string, percentage float64, jurisdiction string, inclusive bool) (string, error) {
	return "", errNotImplemented
}

// ListDisputes lists chargebacks opened by cardholders.
//
// Parameters:
//   - status: only disputes in this state.
//
//toolgen:tool readonly idempotent
func ListDisputes(ctx context.Context, status *DisputeStatus) ([]Dispute, error) {
	return nil, errNotImplemented
}

// SubmitDisputeEvidence saves or submits evidence to contest a chargeback.
//
//toolgen:tool
func SubmitDisputeEvidence(ctx context.Context, in DisputeEvidence) (Dispute, error) {
	return Dispute{}, errNotImplemented
}

// GetAccountBalance returns the money available to pay out and pending
// settlement, by currency.
//
//toolgen:tool readonly idempotent
func GetAccountBalance(ctx context.Context) (Balance, error) {
	return Balance{}, errNotImplemented
}

// ListPayouts lists transfers from the account balance to the bank.
//
// Parameters:
//   - arrival_after: only payouts arriving after this date.
//   - arrival_before: only payouts arriving before this date.
//
//toolgen:tool readonly idempotent
func ListPayouts(ctx context.Context, arrivalAfter, arrivalBefore *time.Time) ([]Payout, error) {
	return nil, errNotImplemented
}

// CreatePayout sends money from the available balance to a bank account.
//
// Parameters:
//   - amount min=1: the amount in the smallest currency unit.
//   - currency pattern=^[a-z]{3}$: the currency.
//   - bank_account_id: the destination; the default account when absent.
//
//toolgen:tool requires_approval
func CreatePayout(ctx context.Context, amount int64, currency string, bankAccountID *string) (Payout, error) {
	return Payout{}, errNotImplemented
}

// GetPaymentVolume totals gross payments, refunds and net volume per day, week
// or month.
//
// Parameters:
//   - from: the start of the period.
//   - to: the end of the period.
//   - granularity: the width of each bucket.
//   - currency pattern=^[a-z]{3}$: only payments in this currency.
//
//toolgen:tool readonly idempotent
func GetPaymentVolume(ctx context.Context, from, to time.Time, granularity Granularity, currency *string) ([]VolumeBucket, error) {
	return nil, errNotImplemented
}
