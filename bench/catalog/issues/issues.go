// Package issues is the software-project domain of the benchmark catalog:
// issues and their workflow, sprints and milestones, pull requests and code
// review, branches, releases, CI checks and repositories, in the manner of
// GitHub and Jira.
package issues

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/issues"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// IssueType is the kind of an issue.
type IssueType string

const (
	Bug     IssueType = "bug"     // something broken
	Feature IssueType = "feature" // new functionality
	Task    IssueType = "task"    // a piece of work
	Epic    IssueType = "epic"    // a large body of work split into issues
	Spike   IssueType = "spike"   // a time-boxed investigation
)

// Priority is how urgent an issue is.
type Priority string

const (
	Blocker  Priority = "blocker"  // stops work or a release
	Critical Priority = "critical" // severe, fix now
	High     Priority = "high"     // fix soon
	Medium   Priority = "medium"   // the default
	Low      Priority = "low"      // when there is time
)

// Status is a workflow status.
type Status string

const (
	Todo       Status = "todo"        // not started
	InProgress Status = "in_progress" // being worked on
	InReview   Status = "in_review"   // waiting for review
	Done       Status = "done"        // finished
)

// Resolution is how a closed issue ended.
type Resolution string

const (
	Fixed           Resolution = "fixed"             // fixed
	DuplicateIssue  Resolution = "duplicate"         // the same as another issue
	WontFix         Resolution = "wont_fix"          // will not be done
	CannotReproduce Resolution = "cannot_reproduce"  // could not be reproduced
	WorksAsIntended Resolution = "works_as_intended" // not a bug
)

// LinkType is how two issues relate.
type LinkType string

const (
	Blocks      LinkType = "blocks"        // this issue blocks the other
	IsBlockedBy LinkType = "is_blocked_by" // the other blocks this one
	Duplicates  LinkType = "duplicates"    // this is a duplicate of the other
	RelatesTo   LinkType = "relates_to"    // loosely related
)

// PRState is the state of a pull request.
type PRState string

const (
	OpenPR   PRState = "open"   // open
	ClosedPR PRState = "closed" // closed without merging
	MergedPR PRState = "merged" // merged
	AllPRs   PRState = "all"    // any state
)

// MergeMethod is how a pull request is merged.
type MergeMethod string

const (
	MergeCommit MergeMethod = "merge"  // a merge commit
	Squash      MergeMethod = "squash" // one squashed commit
	Rebase      MergeMethod = "rebase" // the commits rebased onto the base
)

// ReviewEvent is the verdict of a review.
type ReviewEvent string

const (
	Approve        ReviewEvent = "approve"         // approve the changes
	RequestChanges ReviewEvent = "request_changes" // changes must be made before merging
	CommentOnly    ReviewEvent = "comment"         // feedback without a verdict
)

// RepoPermission is a collaborator's access to a repository.
type RepoPermission string

const (
	ReadAccess     RepoPermission = "read"     // clone and open issues
	TriageAccess   RepoPermission = "triage"   // manage issues and pull requests
	WriteAccess    RepoPermission = "write"    // push to branches
	MaintainAccess RepoPermission = "maintain" // manage the repository without admin rights
	AdminAccess    RepoPermission = "admin"    // everything, including deleting it
)

// Issue is an issue or ticket.
type Issue struct {
	Key       string    `json:"key"`
	Title     string    `json:"title"`
	Type      IssueType `json:"type"`
	Status    Status    `json:"status"`
	Priority  Priority  `json:"priority"`
	Assignee  string    `json:"assignee,omitempty"`
	Reporter  string    `json:"reporter"`
	Labels    []string  `json:"labels,omitempty"`
	SprintID  string    `json:"sprint_id,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	URL       string    `json:"url"`
}

// Sprint is a time-boxed iteration of a board.
type Sprint struct {
	ID    string    `json:"id"`
	Name  string    `json:"name"`
	Goal  string    `json:"goal,omitempty"`
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
	State string    `json:"state"`
}

// PullRequest is a proposed change to a repository.
type PullRequest struct {
	Number    int      `json:"number"`
	Title     string   `json:"title"`
	Author    string   `json:"author"`
	Head      string   `json:"head"`
	Base      string   `json:"base"`
	State     PRState  `json:"state"`
	Draft     bool     `json:"draft,omitempty"`
	Reviewers []string `json:"reviewers,omitempty"`
	URL       string   `json:"url"`
}

// CheckRun is one CI job's result on a commit.
type CheckRun struct {
	Name       string `json:"name"`
	Status     string `json:"status"`
	Conclusion string `json:"conclusion,omitempty"`
	URL        string `json:"url"`
}

// Commit is a commit of a repository.
type Commit struct {
	SHA     string    `json:"sha"`
	Author  string    `json:"author"`
	Message string    `json:"message"`
	Date    time.Time `json:"date"`
}

// NewIssue describes an issue to create.
type NewIssue struct {
	// Project is the project key or repository, "WEB" or "acme/api".
	Project  string    `json:"project"`
	Title    string    `json:"title" toolgen:"minLength=1,maxLength=255"`
	Body     string    `json:"body,omitempty"` // Markdown description, steps to reproduce...
	Type     IssueType `json:"type"`
	Priority Priority  `json:"priority,omitempty"`
	Labels   []string  `json:"labels,omitempty"`
	Assignee *string   `json:"assignee,omitempty"` // username of the assignee
	// ParentEpic is the key of the epic the issue belongs to.
	ParentEpic *string `json:"parent_epic,omitempty"`
	// StoryPoints is the estimate of effort.
	StoryPoints *int `json:"story_points,omitempty" toolgen:"min=0,max=100"`
}

// IssueChanges changes the fields of an issue that are set.
type IssueChanges struct {
	Key         string     `json:"key"`
	Title       *string    `json:"title,omitempty"`
	Body        *string    `json:"body,omitempty"`
	Priority    *Priority  `json:"priority,omitempty"`
	StoryPoints *int       `json:"story_points,omitempty" toolgen:"min=0,max=100"`
	DueDate     *time.Time `json:"due_date,omitempty"`
}

// NewPullRequest describes a pull request to open.
type NewPullRequest struct {
	Repo  string `json:"repo"`  // "owner/name"
	Head  string `json:"head"`  // the branch with the changes
	Base  string `json:"base"`  // the branch to merge into, usually "main"
	Title string `json:"title"` // the title
	Body  string `json:"body,omitempty"`
	Draft bool   `json:"draft,omitempty"` // open it as a draft, not ready for review
	// Reviewers are usernames or team slugs to request reviews from.
	Reviewers []string `json:"reviewers,omitempty"`
}

// CreateIssue files a new issue (bug, feature, task, epic) in a project.
//
//toolgen:tool
func CreateIssue(ctx context.Context, in NewIssue) (Issue, error) {
	return Issue{}, errNotImplemented
}

// GetIssue returns an issue with its description, comments and links.
//
// Parameters:
//   - key: the issue key, "WEB-1234", or "acme/api#56".
//
//toolgen:tool readonly idempotent
func GetIssue(ctx context.Context, key string) (Issue, error) {
	return Issue{}, errNotImplemented
}

// UpdateIssue changes an issue's title, description, priority, estimate or due
// date.
//
//toolgen:tool idempotent
func UpdateIssue(ctx context.Context, in IssueChanges) (Issue, error) {
	return Issue{}, errNotImplemented
}

// SearchIssues finds issues with a query in the tracker's query language.
//
// Parameters:
//   - query: for example `project = WEB AND status != done AND labels = regression`.
//   - limit min=1,max=500: the most issues to return.
//
//toolgen:tool readonly idempotent
func SearchIssues(ctx context.Context, query string, limit int) ([]Issue, error) {
	return nil, errNotImplemented
}

// ListProjectIssues lists a project's issues by status, assignee, label or type.
//
// Parameters:
//   - project: the project key or repository.
//   - status: only issues with this status.
//   - assignee: only issues assigned to this user; "none" for unassigned.
//   - label: only issues with this label.
//   - issue_type: only issues of this type.
//
//toolgen:tool readonly idempotent
func ListProjectIssues(ctx context.Context, project string, status *Status, assignee, label *string, issueType *IssueType) ([]Issue, error) {
	return nil, errNotImplemented
}

// AssignIssue assigns an issue to a user, or unassigns it.
//
// Parameters:
//   - key: the issue.
//   - assignee: the username; empty unassigns.
//
//toolgen:tool idempotent
func AssignIssue(ctx context.Context, key, assignee string) (Issue, error) {
	return Issue{}, errNotImplemented
}

// TransitionIssue moves an issue to another status of its workflow.
//
// Parameters:
//   - key: the issue.
//   - status: the new status.
//
//toolgen:tool idempotent
func TransitionIssue(ctx context.Context, key string, status Status) (Issue, error) {
	return Issue{}, errNotImplemented
}

// CloseIssue closes an issue with a resolution.
//
// Parameters:
//   - key: the issue.
//   - resolution: how it ended.
//   - comment: a closing comment.
//
//toolgen:tool idempotent
func CloseIssue(ctx context.Context, key string, resolution Resolution, comment *string) (Issue, error) {
	return Issue{}, errNotImplemented
}

// ReopenIssue reopens a closed issue.
//
// Parameters:
//   - key: the issue.
//   - comment: why it is reopened.
//
//toolgen:tool idempotent
func ReopenIssue(ctx context.Context, key string, comment *string) (Issue, error) {
	return Issue{}, errNotImplemented
}

// CommentOnIssue adds a comment to an issue.
//
// Parameters:
//   - key: the issue.
//   - body: the comment in Markdown.
//
//toolgen:tool
func CommentOnIssue(ctx context.Context, key, body string) (string, error) {
	return "", errNotImplemented
}

// AddIssueLabels adds labels to an issue.
//
// Parameters:
//   - key: the issue.
//   - labels: the labels to add.
//
//toolgen:tool idempotent
func AddIssueLabels(ctx context.Context, key string, labels []string) (Issue, error) {
	return Issue{}, errNotImplemented
}

// RemoveIssueLabel removes a label from an issue.
//
// Parameters:
//   - key: the issue.
//   - label: the label to remove.
//
//toolgen:tool idempotent
func RemoveIssueLabel(ctx context.Context, key, label string) (Issue, error) {
	return Issue{}, errNotImplemented
}

// LinkIssues records a relationship between two issues, such as one blocking
// the other.
//
// Parameters:
//   - from_key: the first issue.
//   - to_key: the second issue.
//   - link_type: how the first relates to the second.
//
//toolgen:tool idempotent
func LinkIssues(ctx context.Context, fromKey, toKey string, linkType LinkType) error {
	return errNotImplemented
}

// CreateSubtask creates a subtask under an issue.
//
// Parameters:
//   - parent_key: the parent issue.
//   - title: the subtask's title.
//   - assignee: who does it.
//
//toolgen:tool
func CreateSubtask(ctx context.Context, parentKey, title string, assignee *string) (Issue, error) {
	return Issue{}, errNotImplemented
}

// WatchIssue subscribes you to notifications about an issue's changes.
//
// Parameters:
//   - key: the issue.
//   - watch: true to watch, false to stop watching.
//
//toolgen:tool idempotent
func WatchIssue(ctx context.Context, key string, watch bool) error {
	return errNotImplemented
}

// LogWorkTime records time spent on an issue.
//
// Parameters:
//   - key: the issue.
//   - minutes min=1,max=1440: the time spent.
//   - started: when the work started; now when absent.
//   - comment: what was done.
//
//toolgen:tool
func LogWorkTime(ctx context.Context, key string, minutes int, started *time.Time, comment *string) error {
	return errNotImplemented
}

// CreateSprint creates a sprint on a board.
//
// Parameters:
//   - board_id: the board.
//   - name: the sprint's name, "Sprint 42".
//   - start: when it starts.
//   - end: when it ends.
//   - goal: what the sprint should achieve.
//
//toolgen:tool
func CreateSprint(ctx context.Context, boardID, name string, start, end time.Time, goal *string) (Sprint, error) {
	return Sprint{}, errNotImplemented
}

// StartSprint starts a planned sprint.
//
// Parameters:
//   - sprint_id: the sprint.
//
//toolgen:tool idempotent
func StartSprint(ctx context.Context, sprintID string) (Sprint, error) {
	return Sprint{}, errNotImplemented
}

// CompleteSprint ends the active sprint and moves its unfinished issues to
// another sprint or the backlog.
//
// Parameters:
//   - sprint_id: the sprint.
//   - move_open_issues_to: the sprint for unfinished issues; the backlog when absent.
//
//toolgen:tool
func CompleteSprint(ctx context.Context, sprintID string, moveOpenIssuesTo *string) (Sprint, error) {
	return Sprint{}, errNotImplemented
}

// MoveIssuesToSprint adds issues to a sprint, taking them out of the backlog or
// another sprint.
//
// Parameters:
//   - sprint_id: the sprint.
//   - keys: the issues.
//
//toolgen:tool idempotent
func MoveIssuesToSprint(ctx context.Context, sprintID string, keys []string) error {
	return errNotImplemented
}

// GetSprintBurndown returns a sprint's remaining story points day by day, with
// scope changes.
//
// Parameters:
//   - sprint_id: the sprint.
//
//toolgen:tool readonly idempotent
func GetSprintBurndown(ctx context.Context, sprintID string) (map[string]float64, error) {
	return nil, errNotImplemented
}

// GetBoard returns a board's columns with the issues in each.
//
// Parameters:
//   - board_id: the board.
//
//toolgen:tool readonly idempotent
func GetBoard(ctx context.Context, boardID string) (map[string][]Issue, error) {
	return nil, errNotImplemented
}

// CreateMilestone creates a milestone in a repository to group issues and
// pull requests toward a date.
//
// Parameters:
//   - repo: "owner/name".
//   - title: the milestone's title, "v2.0".
//   - due_on: its due date.
//
//toolgen:tool
func CreateMilestone(ctx context.Context, repo, title string, dueOn *time.Time) (string, error) {
	return "", errNotImplemented
}

// ListMilestones lists a repository's milestones with their progress.
//
// Parameters:
//   - repo: "owner/name".
//   - include_closed: include closed milestones.
//
//toolgen:tool readonly idempotent
func ListMilestones(ctx context.Context, repo string, includeClosed bool) ([]string, error) {
	return nil, errNotImplemented
}

// CreatePullRequest opens a pull request to merge a branch.
//
//toolgen:tool
func CreatePullRequest(ctx context.Context, in NewPullRequest) (PullRequest, error) {
	return PullRequest{}, errNotImplemented
}

// ListPullRequests lists a repository's pull requests.
//
// Parameters:
//   - repo: "owner/name".
//   - state: which pull requests; open when absent.
//   - author: only pull requests by this user.
//   - review_requested: only pull requests awaiting this user's review.
//
//toolgen:tool readonly idempotent
func ListPullRequests(ctx context.Context, repo string, state *PRState, author, reviewRequested *string) ([]PullRequest, error) {
	return nil, errNotImplemented
}

// GetPullRequest returns a pull request with its description, reviews and
// mergeability.
//
// Parameters:
//   - repo: "owner/name".
//   - number: the pull request's number.
//
//toolgen:tool readonly idempotent
func GetPullRequest(ctx context.Context, repo string, number int) (PullRequest, error) {
	return PullRequest{}, errNotImplemented
}

// GetPRDiff returns the unified diff of a pull request's changes.
//
// Parameters:
//   - repo: "owner/name".
//   - number: the pull request's number.
//   - path: only the changes to this file.
//
//toolgen:tool readonly idempotent
func GetPRDiff(ctx context.Context, repo string, number int, path *string) (string, error) {
	return "", errNotImplemented
}

// MergePullRequest merges a pull request into its base branch.
//
// Parameters:
//   - repo: "owner/name".
//   - number: the pull request's number.
//   - method: how to merge.
//   - delete_branch: delete the head branch afterwards.
//
//toolgen:tool requires_approval
func MergePullRequest(ctx context.Context, repo string, number int, method MergeMethod, deleteBranch bool) (PullRequest, error) {
	return PullRequest{}, errNotImplemented
}

// RequestPRReview asks people or teams to review a pull request.
//
// Parameters:
//   - repo: "owner/name".
//   - number: the pull request's number.
//   - reviewers: usernames or team slugs.
//
//toolgen:tool idempotent
func RequestPRReview(ctx context.Context, repo string, number int, reviewers []string) (PullRequest, error) {
	return PullRequest{}, errNotImplemented
}

// SubmitPRReview approves a pull request, requests changes, or comments on it.
//
// Parameters:
//   - repo: "owner/name".
//   - number: the pull request's number.
//   - event: the verdict.
//   - body: the review's summary.
//
//toolgen:tool
func SubmitPRReview(ctx context.Context, repo string, number int, event ReviewEvent, body *string) error {
	return errNotImplemented
}

// AddPRReviewComment comments on a line of a pull request's diff.
//
// Parameters:
//   - repo: "owner/name".
//   - number: the pull request's number.
//   - path: the file.
//   - line min=1: the line in the new version of the file.
//   - body: the comment; a ```suggestion block proposes a change.
//
//toolgen:tool
func AddPRReviewComment(ctx context.Context, repo string, number int, path string, line int, body string) (string, error) {
	return "", errNotImplemented
}

// ListCIChecks lists the CI checks of a commit or branch and whether they
// passed.
//
// Parameters:
//   - repo: "owner/name".
//   - ref: a branch, tag or commit SHA.
//
//toolgen:tool name=list_ci_checks readonly idempotent
func ListCIChecks(ctx context.Context, repo, ref string) ([]CheckRun, error) {
	return nil, errNotImplemented
}

// RerunCIWorkflow runs a CI workflow run again, all its jobs or only the failed
// ones.
//
// Parameters:
//   - repo: "owner/name".
//   - run_id: the workflow run.
//   - failed_only: rerun only the failed jobs.
//
//toolgen:tool name=rerun_ci_workflow
func RerunCIWorkflow(ctx context.Context, repo string, runID int64, failedOnly bool) error {
	return errNotImplemented
}

// CreateBranch creates a branch from another branch or a commit.
//
// Parameters:
//   - repo: "owner/name".
//   - name: the new branch.
//   - from: the branch or commit to start from; the default branch when absent.
//
//toolgen:tool
func CreateBranch(ctx context.Context, repo, name string, from *string) (string, error) {
	return "", errNotImplemented
}

// DeleteBranch deletes a branch of a repository.
//
// Parameters:
//   - repo: "owner/name".
//   - name: the branch.
//
//toolgen:tool destructive idempotent
func DeleteBranch(ctx context.Context, repo, name string) error {
	return errNotImplemented
}

// ListCommits lists a branch's commits, newest first, by author, date or path.
//
// Parameters:
//   - repo: "owner/name".
//   - branch: the branch; the default branch when absent.
//   - author: only commits by this user.
//   - since: only commits after this time.
//   - path: only commits touching this file or folder.
//
//toolgen:tool readonly idempotent
func ListCommits(ctx context.Context, repo string, branch, author *string, since *time.Time, path *string) ([]Commit, error) {
	return nil, errNotImplemented
}

// GetRepoFileContents returns a file of a repository at a branch, tag or commit.
//
// Parameters:
//   - repo: "owner/name".
//   - path: the file's path.
//   - ref: the branch, tag or commit; the default branch when absent.
//
//toolgen:tool readonly idempotent
func GetRepoFileContents(ctx context.Context, repo, path string, ref *string) (string, error) {
	return "", errNotImplemented
}

// CreateRelease tags a version and publishes release notes.
//
// Parameters:
//   - repo: "owner/name".
//   - tag: the tag, "v1.4.0"; created on the default branch if missing.
//   - name: the release's title.
//   - notes: the release notes; generated from merged pull requests when absent.
//   - prerelease: mark it as a pre-release.
//   - draft: save it unpublished.
//
//toolgen:tool
func CreateRelease(ctx context.Context, repo, tag string, name, notes *string, prerelease, draft bool) (string, error) {
	return "", errNotImplemented
}

// CreateRepository creates a repository, optionally from a template.
//
// Parameters:
//   - name: "owner/name"; the owner may be an organization.
//   - private: make it private.
//   - description: a one-line description.
//   - template: a template repository to copy.
//
//toolgen:tool
func CreateRepository(ctx context.Context, name string, private bool, description, template *string) (string, error) {
	return "", errNotImplemented
}

// AddRepoCollaborator gives a user access to a repository.
//
// Parameters:
//   - repo: "owner/name".
//   - user: the username.
//   - permission: the access level.
//
//toolgen:tool idempotent requires_approval
func AddRepoCollaborator(ctx context.Context, repo, user string, permission RepoPermission) error {
	return errNotImplemented
}
