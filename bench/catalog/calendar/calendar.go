// Package calendar is the calendar domain of the benchmark catalog:
// calendars, events and their attendees, availability, meeting rooms,
// reminders and working hours, in the manner of Google Calendar or Outlook.
package calendar

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/calendar"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// Visibility is who can see an event's details.
type Visibility string

const (
	Default Visibility = "default" // the calendar's setting
	Public  Visibility = "public"  // everyone who can see the calendar
	Private Visibility = "private" // only attendees; others see "busy"
)

// Response is an attendee's answer to an invitation.
type Response string

const (
	Accepted  Response = "accepted"  // will attend
	Declined  Response = "declined"  // will not attend
	Tentative Response = "tentative" // might attend
)

// Frequency is how often a recurring event repeats.
type Frequency string

const (
	Daily   Frequency = "daily"   // every day
	Weekly  Frequency = "weekly"  // every week
	Monthly Frequency = "monthly" // every month
	Yearly  Frequency = "yearly"  // every year
)

// Weekday is a day of the week.
type Weekday string

const (
	Monday    Weekday = "MO" // Monday
	Tuesday   Weekday = "TU" // Tuesday
	Wednesday Weekday = "WE" // Wednesday
	Thursday  Weekday = "TH" // Thursday
	Friday    Weekday = "FR" // Friday
	Saturday  Weekday = "SA" // Saturday
	Sunday    Weekday = "SU" // Sunday
)

// ReminderMethod is how a reminder reaches you.
type ReminderMethod string

const (
	Popup ReminderMethod = "popup" // a notification on your devices
	Email ReminderMethod = "email" // an email
	SMS   ReminderMethod = "sms"   // a text message
)

// ConferenceProvider is a video-call service.
type ConferenceProvider string

const (
	GoogleMeet     ConferenceProvider = "meet"  // Google Meet
	Zoom           ConferenceProvider = "zoom"  // Zoom
	MicrosoftTeams ConferenceProvider = "teams" // Microsoft Teams
)

// CalendarAccess is what someone a calendar is shared with can do.
type CalendarAccess string

const (
	FreeBusy CalendarAccess = "free_busy" // see only when you are busy
	Read     CalendarAccess = "read"      // see all event details
	Write    CalendarAccess = "write"     // add and change events
	Owner    CalendarAccess = "owner"     // also share the calendar and change its settings
)

// Calendar is one calendar of the account.
type Calendar struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	TimeZone string `json:"time_zone"`
	Primary  bool   `json:"primary,omitempty"`
	Color    string `json:"color,omitempty"`
}

// Attendee is a person invited to an event.
type Attendee struct {
	Email    string   `json:"email"`
	Name     string   `json:"name,omitempty"`
	Response Response `json:"response,omitempty"`
	Optional bool     `json:"optional,omitempty"`
}

// Event is a calendar event.
type Event struct {
	ID          string     `json:"id"`
	CalendarID  string     `json:"calendar_id"`
	Title       string     `json:"title"`
	Start       time.Time  `json:"start"`
	End         time.Time  `json:"end"`
	Location    string     `json:"location,omitempty"`
	Description string     `json:"description,omitempty"`
	Attendees   []Attendee `json:"attendees,omitempty"`
	Recurrence  string     `json:"recurrence,omitempty"`
	MeetingURL  string     `json:"meeting_url,omitempty"`
}

// Slot is a span of time.
type Slot struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// Room is a bookable meeting room.
type Room struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Building string   `json:"building"`
	Floor    int      `json:"floor"`
	Capacity int      `json:"capacity"`
	Features []string `json:"features,omitempty"`
}

// NewEvent describes an event to create.
type NewEvent struct {
	// CalendarID is the calendar to add the event to; the primary calendar when empty.
	CalendarID string `json:"calendar_id,omitempty"`
	// Title of the event.
	Title string    `json:"title" toolgen:"minLength=1"`
	Start time.Time `json:"start"` // when the event starts
	End   time.Time `json:"end"`   // when the event ends
	// AllDay makes the event span whole days; the times of Start and End are ignored.
	AllDay bool `json:"all_day,omitempty"`
	// Attendees are the email addresses of the people to invite.
	Attendees   []string   `json:"attendees,omitempty"`
	Location    string     `json:"location,omitempty"`    // a place or an address
	Description string     `json:"description,omitempty"` // agenda or notes, shown to attendees
	Visibility  Visibility `json:"visibility,omitempty"`  // who can see the details
	// SendInvitations emails the attendees an invitation.
	SendInvitations bool `json:"send_invitations,omitempty"`
}

// EventChanges changes the fields of an event that are set.
type EventChanges struct {
	EventID     string     `json:"event_id"`              // the event to change
	Title       *string    `json:"title,omitempty"`       // a new title
	Start       *time.Time `json:"start,omitempty"`       // a new start
	End         *time.Time `json:"end,omitempty"`         // a new end
	Location    *string    `json:"location,omitempty"`    // a new location
	Description *string    `json:"description,omitempty"` // a new description
	// NotifyAttendees emails the attendees about the change.
	NotifyAttendees bool `json:"notify_attendees,omitempty"`
}

// RecurringEvent describes an event that repeats.
type RecurringEvent struct {
	CalendarID string    `json:"calendar_id,omitempty"` // the primary calendar when empty
	Title      string    `json:"title"`                 // title of each occurrence
	Start      time.Time `json:"start"`                 // start of the first occurrence
	// DurationMinutes is the length of each occurrence.
	DurationMinutes int       `json:"duration_minutes" toolgen:"min=5,max=1440"`
	Frequency       Frequency `json:"frequency"` // how often it repeats
	// Interval repeats every Interval periods: 2 with weekly is every other week.
	Interval int `json:"interval,omitempty" toolgen:"min=1,max=99,default=1"`
	// ByDay lists the weekdays of a weekly recurrence, for example ["MO","WE"].
	ByDay []Weekday `json:"by_day,omitempty"`
	// Until ends the series after this date.
	Until *time.Time `json:"until,omitempty"`
	// Count ends the series after this many occurrences.
	Count     *int     `json:"count,omitempty" toolgen:"min=1"`
	Attendees []string `json:"attendees,omitempty"` // email addresses to invite
}

// ListCalendars lists the calendars you own or are subscribed to.
//
//toolgen:tool readonly idempotent
func ListCalendars(ctx context.Context) ([]Calendar, error) {
	return nil, errNotImplemented
}

// CreateCalendar creates a secondary calendar, for example for a project or a
// team's on-call rotation.
//
// Parameters:
//   - name: the calendar's name.
//   - time_zone: an IANA time zone, for example "Europe/Berlin".
//   - color: a hex color such as "#1e88e5".
//
//toolgen:tool
func CreateCalendar(ctx context.Context, name, timeZone string, color *string) (Calendar, error) {
	return Calendar{}, errNotImplemented
}

// DeleteCalendar deletes a secondary calendar and all its events.
//
// Parameters:
//   - calendar_id: the calendar to delete; the primary calendar cannot be deleted.
//
//toolgen:tool destructive requires_approval
func DeleteCalendar(ctx context.Context, calendarID string) error {
	return errNotImplemented
}

// ListCalendarEvents lists the events of a calendar between two times, in
// start order, expanding recurring events into occurrences.
//
// Parameters:
//   - calendar_id: the calendar; the primary one when absent.
//   - from: the start of the window.
//   - to: the end of the window.
//
//toolgen:tool readonly idempotent
func ListCalendarEvents(ctx context.Context, calendarID *string, from, to time.Time) ([]Event, error) {
	return nil, errNotImplemented
}

// GetCalendarEvent returns one event with its attendees and their responses.
//
// Parameters:
//   - event_id: the event.
//
//toolgen:tool readonly idempotent
func GetCalendarEvent(ctx context.Context, eventID string) (Event, error) {
	return Event{}, errNotImplemented
}

// CreateCalendarEvent adds an event to a calendar and optionally invites
// attendees.
//
//toolgen:tool
func CreateCalendarEvent(ctx context.Context, in NewEvent) (Event, error) {
	return Event{}, errNotImplemented
}

// UpdateCalendarEvent changes an event's title, time, location or description.
//
//toolgen:tool idempotent
func UpdateCalendarEvent(ctx context.Context, in EventChanges) (Event, error) {
	return Event{}, errNotImplemented
}

// RescheduleEvent moves an event to a new start time, keeping its duration,
// and tells the attendees.
//
// Parameters:
//   - event_id: the event.
//   - new_start: the new start time.
//   - this_occurrence_only: for a recurring event, move only this occurrence rather than the series.
//
//toolgen:tool idempotent
func RescheduleEvent(ctx context.Context, eventID string, newStart time.Time, thisOccurrenceOnly bool) (Event, error) {
	return Event{}, errNotImplemented
}

// CancelCalendarEvent cancels an event you organize and removes it from the
// attendees' calendars.
//
// Parameters:
//   - event_id: the event.
//   - message: a note sent to the attendees with the cancellation.
//   - notify: email the attendees.
//
//toolgen:tool destructive
func CancelCalendarEvent(ctx context.Context, eventID string, message *string, notify bool) error {
	return errNotImplemented
}

// InviteAttendees adds people to an existing event and sends them invitations.
//
// Parameters:
//   - event_id: the event.
//   - emails: email addresses of the people to add.
//   - optional: mark them as optional attendees.
//
//toolgen:tool
func InviteAttendees(ctx context.Context, eventID string, emails []string, optional bool) (Event, error) {
	return Event{}, errNotImplemented
}

// RemoveAttendee takes a person off an event's guest list.
//
// Parameters:
//   - event_id: the event.
//   - email: the attendee to remove.
//
//toolgen:tool idempotent
func RemoveAttendee(ctx context.Context, eventID, email string) (Event, error) {
	return Event{}, errNotImplemented
}

// RespondToInvitation accepts, declines or tentatively accepts an event you
// were invited to.
//
// Parameters:
//   - event_id: the event.
//   - response: your answer.
//   - comment: a note to the organizer.
//
//toolgen:tool idempotent
func RespondToInvitation(ctx context.Context, eventID string, response Response, comment *string) error {
	return errNotImplemented
}

// FindFreeSlots finds times when all the given people are free for a meeting
// of the given length.
//
// Parameters:
//   - attendees: email addresses of the people who must attend.
//   - duration_minutes min=5,max=480: the length of the meeting.
//   - from: the earliest start.
//   - to: the latest end.
//   - working_hours_only: only propose times within everyone's working hours.
//
//toolgen:tool readonly idempotent
func FindFreeSlots(ctx context.Context, attendees []string, durationMinutes int, from, to time.Time, workingHoursOnly bool) ([]Slot, error) {
	return nil, errNotImplemented
}

// GetFreeBusy returns the busy intervals of each person's calendar, without
// event details.
//
// Parameters:
//   - emails: the people to look up.
//   - from: the start of the window.
//   - to: the end of the window.
//
//toolgen:tool readonly idempotent
func GetFreeBusy(ctx context.Context, emails []string, from, to time.Time) (map[string][]Slot, error) {
	return nil, errNotImplemented
}

// CreateRecurringEvent creates an event that repeats daily, weekly, monthly or
// yearly.
//
//toolgen:tool
func CreateRecurringEvent(ctx context.Context, in RecurringEvent) (Event, error) {
	return Event{}, errNotImplemented
}

// EndRecurringSeries stops a recurring event after a date; earlier occurrences
// are kept.
//
// Parameters:
//   - event_id: any occurrence of the series.
//   - last_date: the date of the last occurrence to keep.
//
//toolgen:tool destructive
func EndRecurringSeries(ctx context.Context, eventID string, lastDate time.Time) (Event, error) {
	return Event{}, errNotImplemented
}

// SetEventReminder adds a reminder before an event.
//
// Parameters:
//   - event_id: the event.
//   - minutes_before min=0,max=40320: how long before the start to remind.
//   - method: how to be reminded.
//
//toolgen:tool
func SetEventReminder(ctx context.Context, eventID string, minutesBefore int, method ReminderMethod) error {
	return errNotImplemented
}

// AddVideoConference attaches a video-call link to an event.
//
// Parameters:
//   - event_id: the event.
//   - provider: the video-call service.
//
//toolgen:tool idempotent
func AddVideoConference(ctx context.Context, eventID string, provider ConferenceProvider) (Event, error) {
	return Event{}, errNotImplemented
}

// BookMeetingRoom reserves a meeting room for an event's time.
//
// Parameters:
//   - event_id: the event.
//   - room_id: the room, from ListMeetingRooms.
//
//toolgen:tool
func BookMeetingRoom(ctx context.Context, eventID, roomID string) (Event, error) {
	return Event{}, errNotImplemented
}

// ListMeetingRooms lists meeting rooms, optionally only those free between two
// times.
//
// Parameters:
//   - building: only rooms in this building.
//   - min_capacity: only rooms seating at least this many people.
//   - features: only rooms with all of these, for example "projector" or "whiteboard".
//   - free_from: only rooms free from this time...
//   - free_to: ...to this time.
//
//toolgen:tool readonly idempotent
func ListMeetingRooms(ctx context.Context, building *string, minCapacity *int, features []string, freeFrom, freeTo *time.Time) ([]Room, error) {
	return nil, errNotImplemented
}

// ShareCalendar gives a person access to one of your calendars.
//
// Parameters:
//   - calendar_id: the calendar.
//   - email: the person to share with.
//   - access: what they can see or do.
//
//toolgen:tool idempotent
func ShareCalendar(ctx context.Context, calendarID, email string, access CalendarAccess) error {
	return errNotImplemented
}

// RevokeCalendarAccess stops sharing a calendar with a person.
//
// Parameters:
//   - calendar_id: the calendar.
//   - email: the person.
//
//toolgen:tool destructive idempotent
func RevokeCalendarAccess(ctx context.Context, calendarID, email string) error {
	return errNotImplemented
}

// SetOutOfOffice blocks your calendar for an absence and, optionally, declines
// the meetings in it with a message.
//
// Parameters:
//   - start: when the absence starts.
//   - end: when it ends.
//   - decline_meetings: decline invitations and existing meetings during the absence.
//   - message: the message sent with declined meetings.
//
//toolgen:tool
func SetOutOfOffice(ctx context.Context, start, end time.Time, declineMeetings bool, message *string) (Event, error) {
	return Event{}, errNotImplemented
}

// SetWorkingHours sets the days and hours you usually work, which scheduling
// suggestions respect.
//
// Parameters:
//   - days: the working days.
//   - start pattern=^[0-2][0-9]:[0-5][0-9]$: the start of the day, "09:00".
//   - end pattern=^[0-2][0-9]:[0-5][0-9]$: the end of the day, "17:30".
//   - time_zone: the IANA time zone of those hours.
//
//toolgen:tool idempotent
func SetWorkingHours(ctx context.Context, days []Weekday, start, end, timeZone string) error {
	return errNotImplemented
}

// GetDailyAgenda returns your events for one day across all your calendars.
//
// Parameters:
//   - date: the day; today when absent.
//
//toolgen:tool readonly idempotent
func GetDailyAgenda(ctx context.Context, date *time.Time) ([]Event, error) {
	return nil, errNotImplemented
}

// SearchCalendarEvents finds events whose title, description, location or
// attendees match a text query.
//
// Parameters:
//   - query: the text to look for.
//   - from: only events after this time.
//   - to: only events before this time.
//
//toolgen:tool readonly idempotent
func SearchCalendarEvents(ctx context.Context, query string, from, to *time.Time) ([]Event, error) {
	return nil, errNotImplemented
}

// MoveEventToCalendar moves an event from its calendar to another calendar you
// can write to.
//
// Parameters:
//   - event_id: the event.
//   - target_calendar_id: the calendar to move it to.
//
//toolgen:tool idempotent
func MoveEventToCalendar(ctx context.Context, eventID, targetCalendarID string) (Event, error) {
	return Event{}, errNotImplemented
}

// ImportICSFile imports the events of an iCalendar (.ics) file into a calendar.
//
// Parameters:
//   - calendar_id: the calendar to import into.
//   - url: where the .ics file is.
//
//toolgen:tool openworld
func ImportICSFile(ctx context.Context, calendarID, url string) (int, error) {
	return 0, errNotImplemented
}

// ExportCalendar writes a calendar's events between two dates as an iCalendar
// file and returns its download address.
//
// Parameters:
//   - calendar_id: the calendar.
//   - from: the first day to include.
//   - to: the last day to include.
//
//toolgen:tool readonly
func ExportCalendar(ctx context.Context, calendarID string, from, to time.Time) (string, error) {
	return "", errNotImplemented
}

// SetCalendarTimeZone changes the time zone a calendar shows its events in.
//
// Parameters:
//   - calendar_id: the calendar.
//   - time_zone: an IANA time zone, for example "America/New_York".
//
//toolgen:tool idempotent
func SetCalendarTimeZone(ctx context.Context, calendarID, timeZone string) (Calendar, error) {
	return Calendar{}, errNotImplemented
}

// BlockFocusTime reserves time on your calendar for heads-down work, shown as
// busy and declining new invitations.
//
// Parameters:
//   - start: when the focus time starts.
//   - end: when it ends.
//   - title: the title shown on the calendar; "Focus time" when absent.
//
//toolgen:tool
func BlockFocusTime(ctx context.Context, start, end time.Time, title *string) (Event, error) {
	return Event{}, errNotImplemented
}

// ProposeNewMeetingTime suggests another time to the organizer of an event you
// were invited to.
//
// Parameters:
//   - event_id: the event.
//   - start: the proposed start.
//   - end: the proposed end.
//   - comment: why the time does not suit you.
//
//toolgen:tool
func ProposeNewMeetingTime(ctx context.Context, eventID string, start, end time.Time, comment *string) error {
	return errNotImplemented
}

// ListEventAttendees lists who was invited to an event and whether each has
// accepted, declined or not answered.
//
// Parameters:
//   - event_id: the event.
//
//toolgen:tool readonly idempotent
func ListEventAttendees(ctx context.Context, eventID string) ([]Attendee, error) {
	return nil, errNotImplemented
}

// AttachFileToEvent attaches a document to an event, so that attendees can
// open it from the invitation.
//
// Parameters:
//   - event_id: the event.
//   - file_url: the address of the document.
//
//toolgen:tool
func AttachFileToEvent(ctx context.Context, eventID, fileURL string) (Event, error) {
	return Event{}, errNotImplemented
}

// CreateBookingPage creates a public page where others can pick a free time
// on your calendar and book an appointment with you.
//
// Parameters:
//   - title: the page's title, for example "30 min intro call".
//   - duration_minutes min=5,max=480: the length of each appointment.
//   - buffer_minutes: free time kept between appointments.
//   - max_per_day: the most appointments per day.
//
//toolgen:tool
func CreateBookingPage(ctx context.Context, title string, durationMinutes int, bufferMinutes, maxPerDay *int) (string, error) {
	return "", errNotImplemented
}

// ListPublicHolidays lists the public holidays of a country in a year.
//
// Parameters:
//   - country pattern=^[A-Z]{2}$: ISO 3166-1 alpha-2 country code, "DE".
//   - year min=1970,max=2100: the year.
//
//toolgen:tool readonly idempotent
func ListPublicHolidays(ctx context.Context, country string, year int) ([]Event, error) {
	return nil, errNotImplemented
}

// ConvertTimeZone converts a time of day from one time zone to another.
//
// Parameters:
//   - at: the date and time to convert, with its offset.
//   - to_time_zone: the IANA time zone to express it in.
//
//toolgen:tool readonly idempotent
func ConvertTimeZone(ctx context.Context, at time.Time, toTimeZone string) (string, error) {
	return "", errNotImplemented
}

// SubscribeToCalendar adds a calendar published at an address (iCal feed) to
// your calendar list; it stays read-only and refreshes periodically.
//
// Parameters:
//   - url: the feed's address.
//   - name: a name for it in your list.
//
//toolgen:tool openworld
func SubscribeToCalendar(ctx context.Context, url string, name *string) (Calendar, error) {
	return Calendar{}, errNotImplemented
}

// FindSchedulingConflicts lists the events of yours that overlap each other
// between two times.
//
// Parameters:
//   - from: the start of the window.
//   - to: the end of the window.
//
//toolgen:tool readonly idempotent
func FindSchedulingConflicts(ctx context.Context, from, to time.Time) ([][]Event, error) {
	return nil, errNotImplemented
}

// DuplicateCalendarEvent copies an event, with its attendees and description,
// to a new start time.
//
// Parameters:
//   - event_id: the event to copy.
//   - new_start: when the copy starts.
//
//toolgen:tool
func DuplicateCalendarEvent(ctx context.Context, eventID string, newStart time.Time) (Event, error) {
	return Event{}, errNotImplemented
}
