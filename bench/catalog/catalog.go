// Package catalog is a benchmark corpus for tool search: 567 realistic tools
// in 14 packages, one per domain, and 645 labelled queries
// (queries.json) that say which tool answers each need. It measures how well
// an agent that defers most of its tools finds the right one with a search
// (recall@5, MRR against a run-time BM25 baseline), and how many tokens
// deferral saves.
//
// # The tools
//
// Each subpackage is a domain written as a real API of its kind would be:
//
//	files      41  a cloud drive: folders, sharing, versions, trash, archives
//	calendar   40  events, attendees, availability, rooms, working hours
//	crm        41  contacts, companies, leads, deals, pipeline, sequences
//	cloud      43  virtual machines, disks, buckets, DNS, IAM, firewalls, costs
//	payments   40  charges, refunds, invoices, subscriptions, disputes, payouts
//	email      40  mailbox, drafts, folders, filters, auto-reply, campaigns
//	chat       40  channels, messages, threads, reactions, status, SMS
//	issues     41  issues, sprints, pull requests, reviews, CI, releases
//	docs       40  documents, spreadsheets, presentations
//	hr         40  directory, time off, pay, recruiting, reviews, expenses
//	ecommerce  40  orders, shipping, returns, products, inventory, discounts
//	analytics  40  traffic, events, funnels, dashboards, alerts, experiments
//	database   41  SQL, schema, migrations, performance, backups, cache
//	travel     40  flights, hotels, cars, rides, maps, places, transit
//
// Their bodies are never called. Tool names are unique across the corpus,
// as providers require, and the domains overlap on purpose, as a real
// agent's tools do: send_email, post_chat_message, send_direct_message and
// send_sms; delete_file, delete_bucket, delete_vm and delete_rows; refund_charge
// and refund_order; list_invoices and list_orders; share_file, share_document,
// share_calendar and grant_bucket_access; create_coupon and
// create_discount_code; set_out_of_office and set_vacation_responder.
//
// # The queries
//
// The queries were written by hand before the search index existed, and kept
// apart from its code: their author read the tools (names, descriptions,
// parameters), never the index's tokenizer or scoring. Each query is phrased
// as a user or a model states a need, and names the one tool that answers it.
// Their "kind" says how far the wording is from the tool's own:
//
//   - paraphrase (224): close to the description ("list the buckets in
//     europe-west1");
//   - reworded (227): the same task in other words ("power off the staging
//     machine" for stop_vm, "what's in the recycle bin?" for list_trash);
//   - indirect (194): a situation or a need rather than an action, or only a
//     domain object ("am I running out of drive space?", "we lost Initech to
//     a competitor on price").
//
// As a rough measure of that distance, the share of a query's content words
// (stop words dropped, crude suffix stemming) found in its tool's name,
// description and input schema averages 0.61 for paraphrases, 0.33 for
// reworded queries and 0.28 for indirect ones.
//
// The queries cover 542 of the 567 tools; a few tools have a second query of
// another kind. TestQueries checks the file against the generated tools.
package catalog
