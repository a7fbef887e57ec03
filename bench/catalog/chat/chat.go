// Package chat is the team-messaging domain of the benchmark catalog:
// channels, messages and threads, reactions, pins, reminders, status and
// user groups, in the manner of Slack or Microsoft Teams, plus text messages
// (SMS) to phone numbers.
package chat

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/chat"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// ChannelKind is whether a channel is open to everyone.
type ChannelKind string

const (
	PublicChannel  ChannelKind = "public"  // anyone in the workspace can join
	PrivateChannel ChannelKind = "private" // members join by invitation
)

// Presence is whether you appear available.
type Presence string

const (
	Auto Presence = "auto" // active while you use the app
	Away Presence = "away" // always shown as away
)

// Message is a chat message.
type Message struct {
	ID         string    `json:"id"`
	Channel    string    `json:"channel"`
	User       string    `json:"user"`
	Text       string    `json:"text"`
	ThreadID   string    `json:"thread_id,omitempty"`
	ReplyCount int       `json:"reply_count,omitempty"`
	Reactions  []string  `json:"reactions,omitempty"`
	PostedAt   time.Time `json:"posted_at"`
	Permalink  string    `json:"permalink"`
}

// Channel is a conversation channel.
type Channel struct {
	ID       string      `json:"id"`
	Name     string      `json:"name"`
	Kind     ChannelKind `json:"kind"`
	Topic    string      `json:"topic,omitempty"`
	Purpose  string      `json:"purpose,omitempty"`
	Members  int         `json:"members"`
	Archived bool        `json:"archived,omitempty"`
}

// User is a member of the workspace.
type User struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
	Email       string `json:"email"`
	Title       string `json:"title,omitempty"`
	TimeZone    string `json:"time_zone"`
	Status      string `json:"status,omitempty"`
}

// Reminder is a reminder the bot will post.
type Reminder struct {
	ID   string    `json:"id"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
	User string    `json:"user"`
}

// PostChatMessage posts a message to a channel.
//
// Parameters:
//   - channel: the channel's name ("#general") or id.
//   - text: the message; Markdown-like formatting and @mentions allowed.
//   - unfurl_links: show previews of links in the message.
//
//toolgen:tool
func PostChatMessage(ctx context.Context, channel, text string, unfurlLinks bool) (Message, error) {
	return Message{}, errNotImplemented
}

// SendDirectMessage sends a private message to one person or a small group.
//
// Parameters:
//   - users: the recipients' user ids, names or emails.
//   - text: the message.
//
//toolgen:tool
func SendDirectMessage(ctx context.Context, users []string, text string) (Message, error) {
	return Message{}, errNotImplemented
}

// ReplyInThread replies to a message in its thread.
//
// Parameters:
//   - channel: the channel of the message.
//   - thread_id: the id of the message that starts the thread.
//   - text: the reply.
//   - also_send_to_channel: also show the reply in the channel.
//
//toolgen:tool
func ReplyInThread(ctx context.Context, channel, threadID, text string, alsoSendToChannel bool) (Message, error) {
	return Message{}, errNotImplemented
}

// GetThreadReplies returns the replies in a message's thread, oldest first.
//
// Parameters:
//   - channel: the channel of the message.
//   - thread_id: the message that starts the thread.
//
//toolgen:tool readonly idempotent
func GetThreadReplies(ctx context.Context, channel, threadID string) ([]Message, error) {
	return nil, errNotImplemented
}

// EditChatMessage replaces the text of a message you posted.
//
// Parameters:
//   - channel: the channel of the message.
//   - message_id: the message.
//   - text: the new text.
//
//toolgen:tool idempotent
func EditChatMessage(ctx context.Context, channel, messageID, text string) (Message, error) {
	return Message{}, errNotImplemented
}

// DeleteChatMessage deletes a message you posted.
//
// Parameters:
//   - channel: the channel of the message.
//   - message_id: the message.
//
//toolgen:tool destructive idempotent
func DeleteChatMessage(ctx context.Context, channel, messageID string) error {
	return errNotImplemented
}

// ScheduleChatMessage posts a message to a channel at a later time.
//
// Parameters:
//   - channel: the channel.
//   - text: the message.
//   - post_at: when to post it.
//
//toolgen:tool
func ScheduleChatMessage(ctx context.Context, channel, text string, postAt time.Time) (string, error) {
	return "", errNotImplemented
}

// GetChannelHistory returns a channel's recent messages, newest first.
//
// Parameters:
//   - channel: the channel.
//   - since: only messages after this time.
//   - limit min=1,max=1000: the most messages to return.
//
//toolgen:tool readonly idempotent
func GetChannelHistory(ctx context.Context, channel string, since *time.Time, limit int) ([]Message, error) {
	return nil, errNotImplemented
}

// SearchChatMessages searches messages across the channels you can see.
//
// Parameters:
//   - query: words to look for.
//   - channel: only this channel.
//   - from_user: only messages by this person.
//   - after: only messages after this time.
//
//toolgen:tool readonly idempotent
func SearchChatMessages(ctx context.Context, query string, channel, fromUser *string, after *time.Time) ([]Message, error) {
	return nil, errNotImplemented
}

// ListMentions lists recent messages that @mention you or a group you are in.
//
// Parameters:
//   - since: only mentions after this time.
//   - unread_only: only mentions you have not seen.
//
//toolgen:tool readonly idempotent
func ListMentions(ctx context.Context, since *time.Time, unreadOnly bool) ([]Message, error) {
	return nil, errNotImplemented
}

// ListChannels lists the workspace's channels.
//
// Parameters:
//   - kind: only public or only private channels.
//   - include_archived: include archived channels.
//   - member_only: only channels you are in.
//
//toolgen:tool readonly idempotent
func ListChannels(ctx context.Context, kind *ChannelKind, includeArchived, memberOnly bool) ([]Channel, error) {
	return nil, errNotImplemented
}

// CreateChannel creates a channel.
//
// Parameters:
//   - name pattern=^[a-z0-9][-_a-z0-9]{0,79}$: lower case, no spaces, for example "proj-apollo".
//   - kind: public or private.
//   - purpose: what the channel is for.
//
//toolgen:tool
func CreateChannel(ctx context.Context, name string, kind ChannelKind, purpose *string) (Channel, error) {
	return Channel{}, errNotImplemented
}

// ArchiveChannel archives a channel: it becomes read-only and leaves the
// channel list.
//
// Parameters:
//   - channel: the channel.
//
//toolgen:tool destructive idempotent
func ArchiveChannel(ctx context.Context, channel string) error {
	return errNotImplemented
}

// RenameChannel changes a channel's name.
//
// Parameters:
//   - channel: the channel.
//   - new_name pattern=^[a-z0-9][-_a-z0-9]{0,79}$: the new name.
//
//toolgen:tool idempotent
func RenameChannel(ctx context.Context, channel, newName string) (Channel, error) {
	return Channel{}, errNotImplemented
}

// SetChannelTopic sets the topic shown at the top of a channel.
//
// Parameters:
//   - channel: the channel.
//   - topic: the new topic.
//
//toolgen:tool idempotent
func SetChannelTopic(ctx context.Context, channel, topic string) (Channel, error) {
	return Channel{}, errNotImplemented
}

// InviteToChannel adds people to a channel.
//
// Parameters:
//   - channel: the channel.
//   - users: the people's user ids, names or emails.
//
//toolgen:tool idempotent
func InviteToChannel(ctx context.Context, channel string, users []string) (Channel, error) {
	return Channel{}, errNotImplemented
}

// KickFromChannel removes a person from a channel.
//
// Parameters:
//   - channel: the channel.
//   - user: the person.
//
//toolgen:tool destructive idempotent
func KickFromChannel(ctx context.Context, channel, user string) error {
	return errNotImplemented
}

// JoinChannel makes you a member of a public channel.
//
// Parameters:
//   - channel: the channel.
//
//toolgen:tool idempotent
func JoinChannel(ctx context.Context, channel string) (Channel, error) {
	return Channel{}, errNotImplemented
}

// LeaveChannel takes you out of a channel.
//
// Parameters:
//   - channel: the channel.
//
//toolgen:tool idempotent
func LeaveChannel(ctx context.Context, channel string) error {
	return errNotImplemented
}

// ListChannelMembers lists the people in a channel.
//
// Parameters:
//   - channel: the channel.
//
//toolgen:tool readonly idempotent
func ListChannelMembers(ctx context.Context, channel string) ([]User, error) {
	return nil, errNotImplemented
}

// MuteChannel silences a channel's notifications, for a while or until unmuted.
//
// Parameters:
//   - channel: the channel.
//   - until: unmute at this time; muted until unmuted when absent.
//
//toolgen:tool idempotent
func MuteChannel(ctx context.Context, channel string, until *time.Time) error {
	return errNotImplemented
}

// MarkChannelRead marks every message of a channel as read.
//
// Parameters:
//   - channel: the channel.
//
//toolgen:tool idempotent
func MarkChannelRead(ctx context.Context, channel string) error {
	return errNotImplemented
}

// AddReaction adds an emoji reaction to a message.
//
// Parameters:
//   - channel: the channel of the message.
//   - message_id: the message.
//   - emoji: the emoji's name without colons, "thumbsup".
//
//toolgen:tool idempotent
func AddReaction(ctx context.Context, channel, messageID, emoji string) error {
	return errNotImplemented
}

// RemoveReaction removes an emoji reaction you added to a message.
//
// Parameters:
//   - channel: the channel of the message.
//   - message_id: the message.
//   - emoji: the emoji's name.
//
//toolgen:tool idempotent
func RemoveReaction(ctx context.Context, channel, messageID, emoji string) error {
	return errNotImplemented
}

// PinMessage pins a message to a channel, where members find it in the pinned
// items.
//
// Parameters:
//   - channel: the channel.
//   - message_id: the message.
//
//toolgen:tool idempotent
func PinMessage(ctx context.Context, channel, messageID string) error {
	return errNotImplemented
}

// ListPinnedMessages lists the messages pinned to a channel.
//
// Parameters:
//   - channel: the channel.
//
//toolgen:tool readonly idempotent
func ListPinnedMessages(ctx context.Context, channel string) ([]Message, error) {
	return nil, errNotImplemented
}

// SaveMessage saves a message to your saved items to come back to later.
//
// Parameters:
//   - channel: the channel of the message.
//   - message_id: the message.
//
//toolgen:tool idempotent
func SaveMessage(ctx context.Context, channel, messageID string) error {
	return errNotImplemented
}

// ShareMessage shares a message into another channel, with a comment.
//
// Parameters:
//   - channel: the channel of the message.
//   - message_id: the message.
//   - to_channel: where to share it.
//   - comment: text shown above the shared message.
//
//toolgen:tool
func ShareMessage(ctx context.Context, channel, messageID, toChannel string, comment *string) (Message, error) {
	return Message{}, errNotImplemented
}

// SetChatStatus sets your status text and emoji, shown next to your name.
//
// Parameters:
//   - text: the status, "In a meeting"; empty clears it.
//   - emoji: the emoji's name, "calendar".
//   - expires_at: clear it at this time.
//
//toolgen:tool idempotent
func SetChatStatus(ctx context.Context, text string, emoji *string, expiresAt *time.Time) error {
	return errNotImplemented
}

// SetPresence sets whether you appear active or away.
//
// Parameters:
//   - presence: auto or away.
//
//toolgen:tool idempotent
func SetPresence(ctx context.Context, presence Presence) error {
	return errNotImplemented
}

// SnoozeNotifications pauses all your notifications (do not disturb) for a
// number of minutes.
//
// Parameters:
//   - minutes min=1,max=1440: how long.
//
//toolgen:tool idempotent
func SnoozeNotifications(ctx context.Context, minutes int) error {
	return errNotImplemented
}

// FindChatUserByEmail looks up a workspace member by email address.
//
// Parameters:
//   - email: the address.
//
//toolgen:tool readonly idempotent
func FindChatUserByEmail(ctx context.Context, email string) (User, error) {
	return User{}, errNotImplemented
}

// UploadFileToChannel uploads a file to a channel, with an optional comment.
//
// Parameters:
//   - channel: the channel.
//   - path: the local file.
//   - title: the file's title.
//   - comment: a message posted with it.
//
//toolgen:tool
func UploadFileToChannel(ctx context.Context, channel, path string, title, comment *string) (Message, error) {
	return Message{}, errNotImplemented
}

// CreateChatReminder asks the bot to remind you or someone else of something at
// a time.
//
// Parameters:
//   - text: what to remind about.
//   - at: when.
//   - user: who to remind; you when absent.
//
//toolgen:tool
func CreateChatReminder(ctx context.Context, text string, at time.Time, user *string) (Reminder, error) {
	return Reminder{}, errNotImplemented
}

// ListChatReminders lists your pending reminders.
//
//toolgen:tool readonly idempotent
func ListChatReminders(ctx context.Context) ([]Reminder, error) {
	return nil, errNotImplemented
}

// CreateUserGroup creates an @handle that mentions a group of people at once,
// such as @oncall.
//
// Parameters:
//   - handle pattern=^[a-z0-9][-_a-z0-9]*$: the handle without @.
//   - name: the group's display name.
//   - users: the members.
//
//toolgen:tool
func CreateUserGroup(ctx context.Context, handle, name string, users []string) (string, error) {
	return "", errNotImplemented
}

// UpdateUserGroupMembers replaces the members of a user group.
//
// Parameters:
//   - handle: the group's handle.
//   - users: the new members.
//
//toolgen:tool idempotent
func UpdateUserGroupMembers(ctx context.Context, handle string, users []string) error {
	return errNotImplemented
}

// StartHuddle starts an audio call in a channel or direct message that members
// can join.
//
// Parameters:
//   - channel: the channel or direct-message conversation.
//   - video: start with video on.
//
//toolgen:tool
func StartHuddle(ctx context.Context, channel string, video bool) (string, error) {
	return "", errNotImplemented
}

// CreatePoll posts a poll to a channel.
//
// Parameters:
//   - channel: the channel.
//   - question: the question.
//   - options minItems=2,maxItems=10: the answers to choose from.
//   - anonymous: hide who voted for what.
//   - multiple_choice: allow several answers.
//
//toolgen:tool
func CreatePoll(ctx context.Context, channel, question string, options []string, anonymous, multipleChoice bool) (Message, error) {
	return Message{}, errNotImplemented
}

// SendSMS sends a text message to a phone number.
//
// Parameters:
//   - to pattern=^\+[1-9][0-9]{6,14}$: the phone number in E.164 form, "+14155550100".
//   - text maxLength=1600: the message.
//   - sender_id: the number or alphanumeric sender to send from; the default number when absent.
//
//toolgen:tool name=send_sms openworld
func SendSMS(ctx context.Context, to, text string, senderID *string) (string, error) {
	return "", errNotImplemented
}
