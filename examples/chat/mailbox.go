package main

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/backoff"
)

// Mailbox is the user's mail, a few folders of it, which search_mail reads
// one folder at a time, slowly (Delay a folder), reporting each folder it
// has read with the hits so far: the page shows them while it runs.
type Mailbox struct {
	Folders []Folder
	Delay   time.Duration
}

// Folder is a mail folder and its emails.
type Folder struct {
	Name   string
	Emails []MailHit
}

// MailHit is an email a search found.
type MailHit struct {
	Folder  string `json:"folder"`
	From    string `json:"from"`
	Subject string `json:"subject"`
}

// MailSearch is what search_mail found: the folders it read (of how many)
// and the emails whose sender or subject has the query. While the search
// runs, its progress is a MailSearch of the folders read so far.
type MailSearch struct {
	Query string    `json:"query"`
	Read  []string  `json:"read"`
	Of    int       `json:"of"`
	Hits  []MailHit `json:"hits"`
}

// demoMailbox is the example's mail.
func demoMailbox(delay time.Duration) *Mailbox {
	return &Mailbox{Delay: delay, Folders: []Folder{
		{Name: "Inbox", Emails: []MailHit{
			{From: "ana@example.com", Subject: "Invoice 1042 for March"},
			{From: "bo@example.com", Subject: "Lunch on Friday?"},
		}},
		{Name: "Sent", Emails: []MailHit{
			{From: "me@example.com", Subject: "Re: Invoice 1042 for March"},
		}},
		{Name: "Archive", Emails: []MailHit{
			{From: "cy@example.com", Subject: "The report is ready"},
			{From: "billing@example.com", Subject: "Your invoice is overdue"},
		}},
		{Name: "Drafts", Emails: []MailHit{
			{From: "me@example.com", Subject: "Notes for the meeting"},
		}},
	}}
}

// SearchMail searches the user's mail, folder by folder, for emails whose
// sender or subject contains the query.
//
// Parameters:
//   - query minLength=1,maxLength=100: the words to look for, such as
//     "invoice".
//
//toolgen:tool readonly
func (m *Mailbox) SearchMail(ctx context.Context, rc toolgen.Ctx, query string) (MailSearch, error) {
	found := MailSearch{Query: query, Read: []string{}, Of: len(m.Folders), Hits: []MailHit{}}
	q := strings.ToLower(query)
	for _, f := range m.Folders {
		if err := backoff.Sleep(ctx, m.Delay); err != nil {
			return MailSearch{}, err
		}
		for _, e := range f.Emails {
			if strings.Contains(strings.ToLower(e.From+" "+e.Subject), q) {
				e.Folder = f.Name
				found.Hits = append(found.Hits, e)
			}
		}
		found.Read = append(found.Read, f.Name)
		if rc.Reporting() { // the partial is built only when someone shows it
			partial, _ := json.Marshal(found) // strings: always marshals
			rc.Report(toolgen.Progress{Message: "read " + f.Name, Progress: float64(len(found.Read)), Total: float64(found.Of), Partial: partial})
		}
	}
	return found, nil
}
