// Package crm is the customer-relationship domain of the benchmark catalog:
// contacts, companies, leads, deals and their pipeline, activities, tasks and
// email sequences, in the manner of Salesforce or HubSpot.
package crm

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/crm"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// LeadSource is where a lead came from.
type LeadSource string

const (
	Website      LeadSource = "website"       // a form on the website
	Referral     LeadSource = "referral"      // referred by a customer or partner
	Event        LeadSource = "event"         // met at a conference or trade show
	ColdOutreach LeadSource = "cold_outreach" // found by the sales team
	Partner      LeadSource = "partner"       // passed on by a reseller
	Advertising  LeadSource = "advertising"   // a paid ad campaign
)

// LeadStatus is how far a lead has been qualified.
type LeadStatus string

const (
	New          LeadStatus = "new"          // not yet contacted
	Contacted    LeadStatus = "contacted"    // reached out, no answer yet
	Qualified    LeadStatus = "qualified"    // has need, budget and authority
	Unqualified  LeadStatus = "unqualified"  // not a fit
	Nurturing    LeadStatus = "nurturing"    // not ready to buy yet
	Disqualified LeadStatus = "disqualified" // spam, a competitor or a duplicate
)

// DealStage is a stage of the sales pipeline.
type DealStage string

const (
	Prospecting DealStage = "prospecting" // first conversations
	Discovery   DealStage = "discovery"   // understanding the need
	Demo        DealStage = "demo"        // product demonstrated
	Proposal    DealStage = "proposal"    // proposal or quote sent
	Negotiation DealStage = "negotiation" // negotiating terms
	ClosedWon   DealStage = "closed_won"  // signed
	ClosedLost  DealStage = "closed_lost" // lost
)

// LossReason is why a deal was lost.
type LossReason string

const (
	Price      LossReason = "price"       // too expensive
	Competitor LossReason = "competitor"  // chose a competitor
	NoBudget   LossReason = "no_budget"   // no budget this year
	Timing     LossReason = "timing"      // not the right time
	NoResponse LossReason = "no_response" // went silent
	Features   LossReason = "features"    // missing features
)

// ActivityType is the kind of a logged interaction.
type ActivityType string

const (
	Call       ActivityType = "call"        // a phone call
	Meeting    ActivityType = "meeting"     // a meeting in person or by video
	EmailSent  ActivityType = "email"       // an email exchanged outside the CRM
	Note       ActivityType = "note"        // a free-form note
	LinkedInDM ActivityType = "linkedin_dm" // a LinkedIn message
)

// CompanySize is a band of employee counts.
type CompanySize string

const (
	Startup    CompanySize = "1-10"     // 1 to 10 employees
	Small      CompanySize = "11-50"    // 11 to 50 employees
	Medium     CompanySize = "51-200"   // 51 to 200 employees
	Large      CompanySize = "201-1000" // 201 to 1000 employees
	Enterprise CompanySize = "1000+"    // more than 1000 employees
)

// MatchField is what duplicate detection compares.
type MatchField string

const (
	MatchEmail MatchField = "email" // same email address
	MatchName  MatchField = "name"  // same first and last name and company
	MatchPhone MatchField = "phone" // same phone number
)

// Contact is a person in the CRM.
type Contact struct {
	ID        string    `json:"id"`
	FirstName string    `json:"first_name"`
	LastName  string    `json:"last_name"`
	Email     string    `json:"email,omitempty"`
	Phone     string    `json:"phone,omitempty"`
	CompanyID string    `json:"company_id,omitempty"`
	Title     string    `json:"title,omitempty"`
	OwnerID   string    `json:"owner_id,omitempty"`
	Tags      []string  `json:"tags,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

// Company is an organization in the CRM.
type Company struct {
	ID       string      `json:"id"`
	Name     string      `json:"name"`
	Domain   string      `json:"domain,omitempty"`
	Industry string      `json:"industry,omitempty"`
	Size     CompanySize `json:"size,omitempty"`
	OwnerID  string      `json:"owner_id,omitempty"`
}

// Lead is a potential customer not yet qualified.
type Lead struct {
	ID      string     `json:"id"`
	Name    string     `json:"name"`
	Email   string     `json:"email"`
	Company string     `json:"company,omitempty"`
	Source  LeadSource `json:"source"`
	Status  LeadStatus `json:"status"`
	OwnerID string     `json:"owner_id,omitempty"`
}

// Deal is a sales opportunity.
type Deal struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	CompanyID string    `json:"company_id"`
	Amount    float64   `json:"amount"`
	Currency  string    `json:"currency"`
	Stage     DealStage `json:"stage"`
	CloseDate time.Time `json:"close_date"`
	OwnerID   string    `json:"owner_id"`
}

// Activity is a logged interaction with a contact or deal.
type Activity struct {
	ID         string       `json:"id"`
	Type       ActivityType `json:"type"`
	Summary    string       `json:"summary"`
	OccurredAt time.Time    `json:"occurred_at"`
	ContactID  string       `json:"contact_id,omitempty"`
	DealID     string       `json:"deal_id,omitempty"`
}

// Task is a to-do for a salesperson.
type Task struct {
	ID         string    `json:"id"`
	Title      string    `json:"title"`
	Due        time.Time `json:"due"`
	AssigneeID string    `json:"assignee_id"`
	Done       bool      `json:"done"`
}

// PipelineSummary totals the open deals of a pipeline stage by stage.
type PipelineSummary struct {
	Stages []StageTotal `json:"stages"`
	Total  float64      `json:"total"`
}

// StageTotal is the open deals of one stage.
type StageTotal struct {
	Stage  DealStage `json:"stage"`
	Count  int       `json:"count"`
	Amount float64   `json:"amount"`
}

// NewContact describes a contact to create.
type NewContact struct {
	FirstName string  `json:"first_name"`           // given name
	LastName  string  `json:"last_name"`            // family name
	Email     *string `json:"email,omitempty"`      // work email address
	Phone     *string `json:"phone,omitempty"`      // phone number in E.164 form, "+14155550100"
	CompanyID *string `json:"company_id,omitempty"` // the company the person works for
	Title     *string `json:"title,omitempty"`      // job title, for example "VP Engineering"
	// OwnerID is the salesperson responsible for the contact; you when absent.
	OwnerID *string  `json:"owner_id,omitempty"`
	Tags    []string `json:"tags,omitempty"` // labels such as "newsletter" or "champion"
}

// ContactChanges changes the fields of a contact that are set.
type ContactChanges struct {
	ContactID string  `json:"contact_id"`
	FirstName *string `json:"first_name,omitempty"`
	LastName  *string `json:"last_name,omitempty"`
	Email     *string `json:"email,omitempty"`
	Phone     *string `json:"phone,omitempty"`
	CompanyID *string `json:"company_id,omitempty"`
	Title     *string `json:"title,omitempty"`
}

// NewDeal describes a sales opportunity to create.
type NewDeal struct {
	Name      string    `json:"name"`                                  // for example "Acme – 200 seats"
	CompanyID string    `json:"company_id"`                            // the customer
	Amount    float64   `json:"amount" toolgen:"min=0"`                // expected value
	Currency  string    `json:"currency" toolgen:"pattern=^[A-Z]{3}$"` // ISO 4217 code
	Stage     DealStage `json:"stage"`                                 // the starting stage
	CloseDate time.Time `json:"close_date"`                            // expected close date
	// ContactIDs are the people involved on the customer's side.
	ContactIDs []string `json:"contact_ids,omitempty"`
	OwnerID    *string  `json:"owner_id,omitempty"` // you when absent
}

// DealChanges changes the fields of a deal that are set.
type DealChanges struct {
	DealID    string     `json:"deal_id"`
	Name      *string    `json:"name,omitempty"`
	Amount    *float64   `json:"amount,omitempty"`
	CloseDate *time.Time `json:"close_date,omitempty"`
	OwnerID   *string    `json:"owner_id,omitempty"`
}

// NewActivity is an interaction to log.
type NewActivity struct {
	Type            ActivityType `json:"type"`
	Summary         string       `json:"summary"`                    // what was discussed
	OccurredAt      time.Time    `json:"occurred_at"`                // when it happened
	ContactID       *string      `json:"contact_id,omitempty"`       // the person involved
	DealID          *string      `json:"deal_id,omitempty"`          // the deal it concerns
	DurationMinutes *int         `json:"duration_minutes,omitempty"` // for calls and meetings
}

// NewTask is a follow-up to create.
type NewTask struct {
	Title      string    `json:"title"`                 // what to do
	Due        time.Time `json:"due"`                   // when it is due
	ContactID  *string   `json:"contact_id,omitempty"`  // the person it concerns
	DealID     *string   `json:"deal_id,omitempty"`     // the deal it concerns
	AssigneeID *string   `json:"assignee_id,omitempty"` // you when absent
	// HighPriority shows the task at the top of the assignee's list.
	HighPriority bool `json:"high_priority,omitempty"`
}

// CreateContact adds a person to the CRM.
//
//toolgen:tool
func CreateContact(ctx context.Context, in NewContact) (Contact, error) {
	return Contact{}, errNotImplemented
}

// GetContact returns a contact's details.
//
// Parameters:
//   - contact_id: the contact.
//
//toolgen:tool readonly idempotent
func GetContact(ctx context.Context, contactID string) (Contact, error) {
	return Contact{}, errNotImplemented
}

// UpdateContact changes a contact's name, email, phone, company or job title.
//
//toolgen:tool idempotent
func UpdateContact(ctx context.Context, in ContactChanges) (Contact, error) {
	return Contact{}, errNotImplemented
}

// DeleteContact removes a contact and its activity history from the CRM.
//
// Parameters:
//   - contact_id: the contact.
//
//toolgen:tool destructive requires_approval
func DeleteContact(ctx context.Context, contactID string) error {
	return errNotImplemented
}

// SearchContacts finds contacts by name, email or phone, optionally within a
// company or with a tag.
//
// Parameters:
//   - query: part of a name, email address or phone number.
//   - company_id: only contacts of this company.
//   - tag: only contacts with this tag.
//   - limit min=1,max=200: the most contacts to return.
//
//toolgen:tool readonly idempotent
func SearchContacts(ctx context.Context, query string, companyID, tag *string, limit int) ([]Contact, error) {
	return nil, errNotImplemented
}

// MergeContacts merges duplicate contacts into one, keeping the primary
// contact's fields and combining activities, deals and tags.
//
// Parameters:
//   - primary_id: the contact to keep.
//   - duplicate_ids: the contacts to merge into it and delete.
//
//toolgen:tool destructive
func MergeContacts(ctx context.Context, primaryID string, duplicateIDs []string) (Contact, error) {
	return Contact{}, errNotImplemented
}

// CreateCompany adds an organization (an account) to the CRM.
//
// Parameters:
//   - name: the company's name.
//   - domain: its website domain, for example "acme.com".
//   - industry: its industry, for example "Logistics".
//   - size: how many people it employs.
//
//toolgen:tool
func CreateCompany(ctx context.Context, name string, domain, industry *string, size *CompanySize) (Company, error) {
	return Company{}, errNotImplemented
}

// GetCompany returns a company's details with its contacts and open deals.
//
// Parameters:
//   - company_id: the company.
//
//toolgen:tool readonly idempotent
func GetCompany(ctx context.Context, companyID string) (Company, error) {
	return Company{}, errNotImplemented
}

// UpdateCompany changes a company's name, domain, industry, size or owner.
//
// Parameters:
//   - company_id: the company.
//   - name: a new name.
//   - domain: a new website domain.
//   - industry: a new industry.
//   - size: a new size band.
//   - owner_id: the new account owner.
//
//toolgen:tool idempotent
func UpdateCompany(ctx context.Context, companyID string, name, domain, industry *string, size *CompanySize, ownerID *string) (Company, error) {
	return Company{}, errNotImplemented
}

// ListCompanies lists the companies in the CRM, filtered by industry, size or
// owner.
//
// Parameters:
//   - industry: only companies in this industry.
//   - size: only companies of this size.
//   - owner_id: only companies owned by this salesperson.
//   - limit min=1,max=500: the most companies to return.
//
//toolgen:tool readonly idempotent
func ListCompanies(ctx context.Context, industry *string, size *CompanySize, ownerID *string, limit int) ([]Company, error) {
	return nil, errNotImplemented
}

// CreateLead records a potential customer who is not yet qualified.
//
// Parameters:
//   - name: the person's full name.
//   - email: their email address.
//   - company: the name of their company.
//   - source: where the lead came from.
//
//toolgen:tool
func CreateLead(ctx context.Context, name, email string, company *string, source LeadSource) (Lead, error) {
	return Lead{}, errNotImplemented
}

// UpdateLeadStatus moves a lead to another qualification status.
//
// Parameters:
//   - lead_id: the lead.
//   - status: the new status.
//   - reason: why, for unqualified and disqualified leads.
//
//toolgen:tool idempotent
func UpdateLeadStatus(ctx context.Context, leadID string, status LeadStatus, reason *string) (Lead, error) {
	return Lead{}, errNotImplemented
}

// ConvertLead turns a qualified lead into a contact and a company, and
// optionally a deal.
//
// Parameters:
//   - lead_id: the lead.
//   - deal_name: also create a deal with this name.
//
//toolgen:tool
func ConvertLead(ctx context.Context, leadID string, dealName *string) (Contact, error) {
	return Contact{}, errNotImplemented
}

// AssignLead gives a lead to a salesperson to work on.
//
// Parameters:
//   - lead_id: the lead.
//   - owner_id: the salesperson.
//
//toolgen:tool idempotent
func AssignLead(ctx context.Context, leadID, ownerID string) (Lead, error) {
	return Lead{}, errNotImplemented
}

// ListLeads lists leads by status, source and creation date.
//
// Parameters:
//   - status: only leads with this status.
//   - source: only leads from this source.
//   - created_after: only leads created after this time.
//   - owner_id: only leads owned by this salesperson.
//
//toolgen:tool readonly idempotent
func ListLeads(ctx context.Context, status *LeadStatus, source *LeadSource, createdAfter *time.Time, ownerID *string) ([]Lead, error) {
	return nil, errNotImplemented
}

// CreateDeal opens a sales opportunity with a company.
//
//toolgen:tool
func CreateDeal(ctx context.Context, in NewDeal) (Deal, error) {
	return Deal{}, errNotImplemented
}

// GetDeal returns a deal with its stage history, contacts and line items.
//
// Parameters:
//   - deal_id: the deal.
//
//toolgen:tool readonly idempotent
func GetDeal(ctx context.Context, dealID string) (Deal, error) {
	return Deal{}, errNotImplemented
}

// UpdateDeal changes a deal's name, amount, expected close date or owner.
//
//toolgen:tool idempotent
func UpdateDeal(ctx context.Context, in DealChanges) (Deal, error) {
	return Deal{}, errNotImplemented
}

// UpdateDealStage moves a deal to another stage of the pipeline.
//
// Parameters:
//   - deal_id: the deal.
//   - stage: the new stage.
//
//toolgen:tool idempotent
func UpdateDealStage(ctx context.Context, dealID string, stage DealStage) (Deal, error) {
	return Deal{}, errNotImplemented
}

// ListDeals lists deals by stage, owner and expected close date.
//
// Parameters:
//   - stage: only deals in this stage.
//   - owner_id: only deals owned by this salesperson.
//   - closing_before: only deals expected to close before this date.
//   - min_amount: only deals worth at least this much.
//
//toolgen:tool readonly idempotent
func ListDeals(ctx context.Context, stage *DealStage, ownerID *string, closingBefore *time.Time, minAmount *float64) ([]Deal, error) {
	return nil, errNotImplemented
}

// MarkDealLost closes a deal as lost and records why.
//
// Parameters:
//   - deal_id: the deal.
//   - reason: the main reason.
//   - competitor: the competitor chosen instead, if any.
//   - notes: details.
//
//toolgen:tool idempotent
func MarkDealLost(ctx context.Context, dealID string, reason LossReason, competitor, notes *string) (Deal, error) {
	return Deal{}, errNotImplemented
}

// CloseDealWon closes a deal as won with its final signed amount.
//
// Parameters:
//   - deal_id: the deal.
//   - final_amount: the signed contract value; the deal's amount when absent.
//
//toolgen:tool idempotent
func CloseDealWon(ctx context.Context, dealID string, finalAmount *float64) (Deal, error) {
	return Deal{}, errNotImplemented
}

// GetPipelineSummary totals the open deals in each stage of the pipeline,
// by count and value.
//
// Parameters:
//   - owner_id: only this salesperson's deals.
//   - team_id: only this team's deals.
//
//toolgen:tool readonly idempotent
func GetPipelineSummary(ctx context.Context, ownerID, teamID *string) (PipelineSummary, error) {
	return PipelineSummary{}, errNotImplemented
}

// GetSalesForecast projects the revenue expected to close in a quarter, from
// the open deals weighted by their stage's win probability.
//
// Parameters:
//   - quarter pattern=^[0-9]{4}-Q[1-4]$: the quarter, for example "2026-Q3".
//   - owner_id: only this salesperson's deals.
//
//toolgen:tool readonly idempotent
func GetSalesForecast(ctx context.Context, quarter string, ownerID *string) (PipelineSummary, error) {
	return PipelineSummary{}, errNotImplemented
}

// LogCRMActivity records a call, meeting, email or note against a contact or
// deal.
//
//toolgen:tool
func LogCRMActivity(ctx context.Context, in NewActivity) (Activity, error) {
	return Activity{}, errNotImplemented
}

// ListCRMActivities lists the logged interactions with a contact or deal,
// newest first.
//
// Parameters:
//   - contact_id: only activities with this contact.
//   - deal_id: only activities on this deal.
//   - since: only activities after this time.
//
//toolgen:tool readonly idempotent
func ListCRMActivities(ctx context.Context, contactID, dealID *string, since *time.Time) ([]Activity, error) {
	return nil, errNotImplemented
}

// AddContactNote attaches a free-text note to a contact's record.
//
// Parameters:
//   - contact_id: the contact.
//   - text: the note.
//
//toolgen:tool
func AddContactNote(ctx context.Context, contactID, text string) (Activity, error) {
	return Activity{}, errNotImplemented
}

// CreateFollowUpTask creates a to-do for a salesperson, tied to a contact or
// deal.
//
//toolgen:tool
func CreateFollowUpTask(ctx context.Context, in NewTask) (Task, error) {
	return Task{}, errNotImplemented
}

// ListCRMTasks lists salespeople's to-dos by assignee, due date and completion.
//
// Parameters:
//   - assignee_id: only tasks of this person; yours when absent.
//   - due_before: only tasks due before this time.
//   - include_completed: include tasks already done.
//
//toolgen:tool readonly idempotent
func ListCRMTasks(ctx context.Context, assigneeID *string, dueBefore *time.Time, includeCompleted bool) ([]Task, error) {
	return nil, errNotImplemented
}

// CompleteCRMTask marks a sales to-do as done.
//
// Parameters:
//   - task_id: the task.
//
//toolgen:tool idempotent
func CompleteCRMTask(ctx context.Context, taskID string) (Task, error) {
	return Task{}, errNotImplemented
}

// TagContacts adds tags to several contacts at once.
//
// Parameters:
//   - contact_ids: the contacts.
//   - tags: the tags to add.
//
//toolgen:tool idempotent
func TagContacts(ctx context.Context, contactIDs, tags []string) (int, error) {
	return 0, errNotImplemented
}

// CreateContactSegment saves a filtered list of contacts that updates itself
// as contacts change, for campaigns and reports.
//
// Parameters:
//   - name: the segment's name.
//   - filter: a filter expression, for example `title ~ "CTO" AND company.size = "51-200"`.
//
//toolgen:tool
func CreateContactSegment(ctx context.Context, name, filter string) (string, error) {
	return "", errNotImplemented
}

// EnrollInEmailSequence adds contacts to an automated sequence of sales emails.
//
// Parameters:
//   - sequence_id: the sequence.
//   - contact_ids: the contacts to enroll.
//   - start_at: when to send the first email; now when absent.
//
//toolgen:tool
func EnrollInEmailSequence(ctx context.Context, sequenceID string, contactIDs []string, startAt *time.Time) (int, error) {
	return 0, errNotImplemented
}

// RemoveFromEmailSequence stops an automated email sequence for contacts.
//
// Parameters:
//   - sequence_id: the sequence.
//   - contact_ids: the contacts to take out.
//
//toolgen:tool idempotent
func RemoveFromEmailSequence(ctx context.Context, sequenceID string, contactIDs []string) (int, error) {
	return 0, errNotImplemented
}

// ImportContacts creates or updates contacts from a CSV file.
//
// Parameters:
//   - file_url: where the CSV file is.
//   - column_mapping: CRM field for each CSV column, for example {"E-mail": "email"}.
//   - update_existing: update contacts whose email already exists instead of skipping them.
//
//toolgen:tool openworld
func ImportContacts(ctx context.Context, fileURL string, columnMapping map[string]string, updateExisting bool) (string, error) {
	return "", errNotImplemented
}

// ExportContacts writes contacts, all or a segment's, to a CSV file and returns
// its download address.
//
// Parameters:
//   - segment_id: only this segment's contacts.
//   - fields: the fields to include; all when empty.
//
//toolgen:tool readonly
func ExportContacts(ctx context.Context, segmentID *string, fields []string) (string, error) {
	return "", errNotImplemented
}

// TransferRecordOwnership reassigns every contact, company, deal and open task
// owned by one salesperson to another, for example when someone leaves.
//
// Parameters:
//   - from_owner_id: the current owner.
//   - to_owner_id: the new owner.
//   - include_closed_deals: also move deals already won or lost.
//
//toolgen:tool requires_approval
func TransferRecordOwnership(ctx context.Context, fromOwnerID, toOwnerID string, includeClosedDeals bool) (int, error) {
	return 0, errNotImplemented
}

// AddDealLineItem adds a product to a deal, with quantity and discount.
//
// Parameters:
//   - deal_id: the deal.
//   - product_id: the product from the price book.
//   - quantity min=1: how many units.
//   - discount_percent min=0,max=100: a discount on the list price.
//
//toolgen:tool
func AddDealLineItem(ctx context.Context, dealID, productID string, quantity int, discountPercent *float64) (Deal, error) {
	return Deal{}, errNotImplemented
}

// GetContactTimeline returns everything that happened with a contact:
// emails, calls, meetings, deal changes and web visits, newest first.
//
// Parameters:
//   - contact_id: the contact.
//   - limit min=1,max=500: the most entries to return.
//
//toolgen:tool readonly idempotent
func GetContactTimeline(ctx context.Context, contactID string, limit int) ([]Activity, error) {
	return nil, errNotImplemented
}

// FindDuplicateContacts finds groups of contacts that look like the same person.
//
// Parameters:
//   - match_on: what to compare.
//
//toolgen:tool readonly idempotent
func FindDuplicateContacts(ctx context.Context, matchOn MatchField) ([][]Contact, error) {
	return nil, errNotImplemented
}

// SetContactEmailOptOut records that a contact does or does not want marketing
// email; opted-out contacts are skipped by sequences and campaigns.
//
// Parameters:
//   - contact_id: the contact.
//   - opted_out: true to stop marketing email.
//   - reason: why, for the audit log.
//
//toolgen:tool idempotent
func SetContactEmailOptOut(ctx context.Context, contactID string, optedOut bool, reason *string) (Contact, error) {
	return Contact{}, errNotImplemented
}
