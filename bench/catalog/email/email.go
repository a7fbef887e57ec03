// Package email is the email domain of the benchmark catalog: a mailbox with
// messages, threads, drafts, folders and labels, filters, an auto-reply,
// signatures and templates, plus marketing campaigns, in the manner of Gmail,
// Outlook or a transactional email service.
package email

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/email"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// FilterAction is what a mail filter does with matching messages.
type FilterAction string

const (
	SkipInbox FilterAction = "archive"    // skip the inbox
	AddLabel  FilterAction = "label"      // apply a label
	Forward   FilterAction = "forward"    // forward to another address
	Trash     FilterAction = "delete"     // move to the trash
	MarkRead  FilterAction = "mark_read"  // mark as read
	Star      FilterAction = "star"       // star it
	NeverSpam FilterAction = "never_spam" // never send it to spam
)

// DelegatePermission is what a delegate may do in your mailbox.
type DelegatePermission string

const (
	ReadOnly     DelegatePermission = "read"           // read your mail
	SendAs       DelegatePermission = "send_as"        // send mail as you
	SendOnBehalf DelegatePermission = "send_on_behalf" // send mail "on behalf of" you
	FullAccess   DelegatePermission = "full_access"    // read, send, delete and organize
)

// Message is an email message.
type Message struct {
	ID          string       `json:"id"`
	ThreadID    string       `json:"thread_id"`
	From        string       `json:"from"`
	To          []string     `json:"to"`
	Cc          []string     `json:"cc,omitempty"`
	Subject     string       `json:"subject"`
	Snippet     string       `json:"snippet"`
	Body        string       `json:"body,omitempty"`
	Date        time.Time    `json:"date"`
	Unread      bool         `json:"unread"`
	Labels      []string     `json:"labels,omitempty"`
	Attachments []Attachment `json:"attachments,omitempty"`
}

// Attachment is a file attached to a message.
type Attachment struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	MimeType string `json:"mime_type"`
	Size     int64  `json:"size"`
}

// Draft is an unsent message.
type Draft struct {
	ID      string  `json:"id"`
	Message Message `json:"message"`
}

// Filter is a rule applied to incoming mail.
type Filter struct {
	ID       string       `json:"id"`
	Criteria string       `json:"criteria"`
	Action   FilterAction `json:"action"`
}

// CampaignStats are the results of a sent campaign.
type CampaignStats struct {
	Sent         int     `json:"sent"`
	Delivered    int     `json:"delivered"`
	OpenRate     float64 `json:"open_rate"`
	ClickRate    float64 `json:"click_rate"`
	Bounced      int     `json:"bounced"`
	Unsubscribed int     `json:"unsubscribed"`
}

// OutgoingEmail is a message to send.
type OutgoingEmail struct {
	// To are the recipients' addresses.
	To  []string `json:"to" toolgen:"minItems=1"`
	Cc  []string `json:"cc,omitempty"`  // carbon-copy recipients
	Bcc []string `json:"bcc,omitempty"` // blind-copy recipients, hidden from the others
	// Subject is the subject line.
	Subject string `json:"subject"`
	// Body is the message text; HTML when HTML is set.
	Body string `json:"body"`
	HTML bool   `json:"html,omitempty"` // the body is HTML
	// Attachments are paths or addresses of files to attach.
	Attachments []string `json:"attachments,omitempty"`
	// ReplyTo is the address replies go to, when not the sender.
	ReplyTo *string `json:"reply_to,omitempty"`
}

// ScheduledEmail is a message to send later.
type ScheduledEmail struct {
	OutgoingEmail
	// SendAt is when to send it.
	SendAt time.Time `json:"send_at"`
}

// DraftChanges changes the fields of a draft that are set.
type DraftChanges struct {
	DraftID string   `json:"draft_id"`
	To      []string `json:"to,omitempty"`
	Cc      []string `json:"cc,omitempty"`
	Subject *string  `json:"subject,omitempty"`
	Body    *string  `json:"body,omitempty"`
}

// NewFilter describes a rule for incoming mail: messages matching every set
// criterion get the action.
type NewFilter struct {
	From          *string `json:"from,omitempty"`           // the sender contains this
	To            *string `json:"to,omitempty"`             // a recipient contains this
	Subject       *string `json:"subject,omitempty"`        // the subject contains this
	HasWords      *string `json:"has_words,omitempty"`      // the message contains these words
	HasAttachment bool    `json:"has_attachment,omitempty"` // only messages with attachments
	// Action is what to do with matching messages.
	Action FilterAction `json:"action"`
	// Label is the label to apply, for the label action.
	Label *string `json:"label,omitempty"`
	// ForwardTo is the address to forward to, for the forward action.
	ForwardTo *string `json:"forward_to,omitempty"`
	// ApplyToExisting also applies the action to messages already received.
	ApplyToExisting bool `json:"apply_to_existing,omitempty"`
}

// SendEmail sends an email message from your mailbox.
//
//toolgen:tool openworld
func SendEmail(ctx context.Context, in OutgoingEmail) (Message, error) {
	return Message{}, errNotImplemented
}

// ListEmails lists the messages of a mailbox folder, newest first.
//
// Parameters:
//   - folder: the folder or label, "INBOX" when absent.
//   - unread_only: only unread messages.
//   - limit min=1,max=500: the most messages to return.
//
//toolgen:tool readonly idempotent
func ListEmails(ctx context.Context, folder *string, unreadOnly bool, limit int) ([]Message, error) {
	return nil, errNotImplemented
}

// SearchEmails finds messages with a search query and optional sender, date
// and attachment filters.
//
// Parameters:
//   - query: words to look for in the subject and body.
//   - from: only messages from this address or name.
//   - after: only messages received after this time.
//   - before: only messages received before this time.
//   - has_attachment: only messages with attachments.
//   - limit min=1,max=500: the most messages to return.
//
//toolgen:tool readonly idempotent
func SearchEmails(ctx context.Context, query string, from *string, after, before *time.Time, hasAttachment bool, limit int) ([]Message, error) {
	return nil, errNotImplemented
}

// GetEmail returns a message with its full body and attachment list.
//
// Parameters:
//   - message_id: the message.
//
//toolgen:tool readonly idempotent
func GetEmail(ctx context.Context, messageID string) (Message, error) {
	return Message{}, errNotImplemented
}

// GetEmailThread returns every message of a conversation, oldest first.
//
// Parameters:
//   - thread_id: the conversation.
//
//toolgen:tool readonly idempotent
func GetEmailThread(ctx context.Context, threadID string) ([]Message, error) {
	return nil, errNotImplemented
}

// ReplyToEmail replies to a message, to its sender or to everyone on it.
//
// Parameters:
//   - message_id: the message to reply to.
//   - body: the reply's text; the original is quoted below it.
//   - reply_all: also reply to every other recipient.
//
//toolgen:tool openworld
func ReplyToEmail(ctx context.Context, messageID, body string, replyAll bool) (Message, error) {
	return Message{}, errNotImplemented
}

// ForwardEmail forwards a message, with its attachments, to other people.
//
// Parameters:
//   - message_id: the message.
//   - to: the addresses to forward to.
//   - note: text added above the forwarded message.
//
//toolgen:tool openworld
func ForwardEmail(ctx context.Context, messageID string, to []string, note *string) (Message, error) {
	return Message{}, errNotImplemented
}

// CreateEmailDraft saves a message as a draft without sending it.
//
//toolgen:tool
func CreateEmailDraft(ctx context.Context, in OutgoingEmail) (Draft, error) {
	return Draft{}, errNotImplemented
}

// UpdateEmailDraft changes the recipients, subject or body of a draft.
//
//toolgen:tool idempotent
func UpdateEmailDraft(ctx context.Context, in DraftChanges) (Draft, error) {
	return Draft{}, errNotImplemented
}

// SendEmailDraft sends a saved draft.
//
// Parameters:
//   - draft_id: the draft.
//
//toolgen:tool openworld
func SendEmailDraft(ctx context.Context, draftID string) (Message, error) {
	return Message{}, errNotImplemented
}

// ListEmailDrafts lists your unsent drafts.
//
//toolgen:tool readonly idempotent
func ListEmailDrafts(ctx context.Context) ([]Draft, error) {
	return nil, errNotImplemented
}

// DeleteEmail moves a message to the trash, or deletes it for good.
//
// Parameters:
//   - message_id: the message.
//   - permanent: skip the trash.
//
//toolgen:tool destructive
func DeleteEmail(ctx context.Context, messageID string, permanent bool) error {
	return errNotImplemented
}

// ArchiveEmails removes messages from the inbox without deleting them.
//
// Parameters:
//   - message_ids: the messages.
//
//toolgen:tool idempotent
func ArchiveEmails(ctx context.Context, messageIDs []string) (int, error) {
	return 0, errNotImplemented
}

// MarkEmailsRead marks messages as read or unread.
//
// Parameters:
//   - message_ids: the messages.
//   - read: true for read, false for unread.
//
//toolgen:tool idempotent
func MarkEmailsRead(ctx context.Context, messageIDs []string, read bool) (int, error) {
	return 0, errNotImplemented
}

// MoveEmailsToFolder moves messages into a mailbox folder.
//
// Parameters:
//   - message_ids: the messages.
//   - folder: the destination folder.
//
//toolgen:tool idempotent
func MoveEmailsToFolder(ctx context.Context, messageIDs []string, folder string) (int, error) {
	return 0, errNotImplemented
}

// LabelEmails applies a label to messages, or removes it.
//
// Parameters:
//   - message_ids: the messages.
//   - label: the label.
//   - remove: remove the label instead of applying it.
//
//toolgen:tool idempotent
func LabelEmails(ctx context.Context, messageIDs []string, label string, remove bool) (int, error) {
	return 0, errNotImplemented
}

// FlagEmail flags (stars) a message for follow-up, or clears the flag.
//
// Parameters:
//   - message_id: the message.
//   - flagged: true to flag, false to clear.
//
//toolgen:tool idempotent
func FlagEmail(ctx context.Context, messageID string, flagged bool) error {
	return errNotImplemented
}

// CreateMailFolder creates a mailbox folder or label.
//
// Parameters:
//   - name: the folder's name; "Clients/Acme" nests it under Clients.
//   - color: a color for the label, "#e53935".
//
//toolgen:tool idempotent
func CreateMailFolder(ctx context.Context, name string, color *string) (string, error) {
	return "", errNotImplemented
}

// ListMailFolders lists the mailbox's folders and labels with their unread
// counts.
//
//toolgen:tool readonly idempotent
func ListMailFolders(ctx context.Context) (map[string]int, error) {
	return nil, errNotImplemented
}

// GetUnreadCount returns how many unread messages a folder holds.
//
// Parameters:
//   - folder: the folder; the inbox when absent.
//
//toolgen:tool readonly idempotent
func GetUnreadCount(ctx context.Context, folder *string) (int, error) {
	return 0, errNotImplemented
}

// ScheduleEmail sends a message later, at a given time.
//
//toolgen:tool openworld
func ScheduleEmail(ctx context.Context, in ScheduledEmail) (Draft, error) {
	return Draft{}, errNotImplemented
}

// CancelScheduledEmail stops a scheduled message from being sent and keeps it
// as a draft.
//
// Parameters:
//   - draft_id: the scheduled message.
//
//toolgen:tool idempotent
func CancelScheduledEmail(ctx context.Context, draftID string) (Draft, error) {
	return Draft{}, errNotImplemented
}

// SnoozeEmail hides a message from the inbox until a time, when it comes back
// as unread.
//
// Parameters:
//   - message_id: the message.
//   - until: when it comes back.
//
//toolgen:tool idempotent
func SnoozeEmail(ctx context.Context, messageID string, until time.Time) error {
	return errNotImplemented
}

// DownloadEmailAttachment saves an attachment of a message to a file.
//
// Parameters:
//   - message_id: the message.
//   - attachment_id: the attachment.
//   - destination: the path to save it at.
//
//toolgen:tool
func DownloadEmailAttachment(ctx context.Context, messageID, attachmentID, destination string) (string, error) {
	return "", errNotImplemented
}

// CreateMailFilter creates a rule that sorts, labels, forwards or deletes
// incoming mail automatically.
//
//toolgen:tool
func CreateMailFilter(ctx context.Context, in NewFilter) (Filter, error) {
	return Filter{}, errNotImplemented
}

// ListMailFilters lists the rules applied to incoming mail.
//
//toolgen:tool readonly idempotent
func ListMailFilters(ctx context.Context) ([]Filter, error) {
	return nil, errNotImplemented
}

// DeleteMailFilter deletes a rule for incoming mail.
//
// Parameters:
//   - filter_id: the rule.
//
//toolgen:tool destructive idempotent
func DeleteMailFilter(ctx context.Context, filterID string) error {
	return errNotImplemented
}

// SetVacationResponder turns the automatic reply on or off and sets its
// message and dates.
//
// Parameters:
//   - enabled: turn the automatic reply on.
//   - subject: the reply's subject.
//   - body: the reply's text.
//   - start: when to start replying.
//   - end: when to stop.
//   - contacts_only: only reply to people in your contacts.
//
//toolgen:tool idempotent
func SetVacationResponder(ctx context.Context, enabled bool, subject, body *string, start, end *time.Time, contactsOnly bool) error {
	return errNotImplemented
}

// BlockSender sends all future mail from an address straight to spam.
//
// Parameters:
//   - address: the sender's address, or "@domain.com" for a whole domain.
//
//toolgen:tool idempotent
func BlockSender(ctx context.Context, address string) error {
	return errNotImplemented
}

// UnsubscribeFromMailingList unsubscribes you from the mailing list a message
// came from, using its List-Unsubscribe header.
//
// Parameters:
//   - message_id: a message from the list.
//
//toolgen:tool openworld
func UnsubscribeFromMailingList(ctx context.Context, messageID string) error {
	return errNotImplemented
}

// ReportSpam moves messages to spam and reports them to the provider.
//
// Parameters:
//   - message_ids: the messages.
//   - phishing: report them as phishing rather than spam.
//
//toolgen:tool
func ReportSpam(ctx context.Context, messageIDs []string, phishing bool) error {
	return errNotImplemented
}

// SetEmailSignature sets the signature added to the end of messages you write.
//
// Parameters:
//   - signature: the signature; HTML allowed.
//   - use_for_replies: also add it to replies and forwards.
//
//toolgen:tool idempotent
func SetEmailSignature(ctx context.Context, signature string, useForReplies bool) error {
	return errNotImplemented
}

// CreateEmailTemplate saves a reusable message with {{placeholders}}.
//
// Parameters:
//   - name: the template's name.
//   - subject: the subject line; may hold placeholders.
//   - body: the text; may hold placeholders such as {{first_name}}.
//
//toolgen:tool
func CreateEmailTemplate(ctx context.Context, name, subject, body string) (string, error) {
	return "", errNotImplemented
}

// SendTemplatedEmail sends a message from a saved template, filling in its
// placeholders.
//
// Parameters:
//   - template_id: the template.
//   - to: the recipients.
//   - variables: a value for each placeholder, {"first_name": "Ana"}.
//
//toolgen:tool openworld
func SendTemplatedEmail(ctx context.Context, templateID string, to []string, variables map[string]string) (Message, error) {
	return Message{}, errNotImplemented
}

// CreateEmailCampaign schedules a marketing email to a list or segment of
// subscribers.
//
// Parameters:
//   - name: the campaign's internal name.
//   - list_id: the list or segment to send to.
//   - template_id: the template to send.
//   - send_at: when to send; a draft when absent.
//
//toolgen:tool
func CreateEmailCampaign(ctx context.Context, name, listID, templateID string, sendAt *time.Time) (string, error) {
	return "", errNotImplemented
}

// GetEmailCampaignStats returns a campaign's delivery, open, click, bounce and
// unsubscribe numbers.
//
// Parameters:
//   - campaign_id: the campaign.
//
//toolgen:tool readonly idempotent
func GetEmailCampaignStats(ctx context.Context, campaignID string) (CampaignStats, error) {
	return CampaignStats{}, errNotImplemented
}

// AddMailboxDelegate lets another person read or send mail from your mailbox.
//
// Parameters:
//   - delegate: the person's address.
//   - permission: what they may do.
//
//toolgen:tool requires_approval
func AddMailboxDelegate(ctx context.Context, delegate string, permission DelegatePermission) error {
	return errNotImplemented
}

// VerifyEmailAddress checks whether an address is well formed, its domain
// accepts mail, and the mailbox exists, without sending anything.
//
// Parameters:
//   - address: the address to check.
//
//toolgen:tool readonly idempotent openworld
func VerifyEmailAddress(ctx context.Context, address string) (string, error) {
	return "", errNotImplemented
}

// RecallEmail tries to retract a message you sent to people in your
// organization, if they have not opened it yet.
//
// Parameters:
//   - message_id: the sent message.
//   - replacement: a corrected message to send in its place.
//
//toolgen:tool destructive
func RecallEmail(ctx context.Context, messageID string, replacement *string) (string, error) {
	return "", errNotImplemented
}

// GetEmailReadReceipt reports whether and when each recipient opened a message
// you sent.
//
// Parameters:
//   - message_id: the sent message.
//
//toolgen:tool readonly idempotent
func GetEmailReadReceipt(ctx context.Context, messageID string) (map[string]time.Time, error) {
	return nil, errNotImplemented
}
