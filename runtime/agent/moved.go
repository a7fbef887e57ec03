package agent

import (
	"context"
	"iter"
	"log/slog"
	"time"

	"github.com/toolgen-dev/toolgen"
	agent "github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/permission"
)

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Action]; removed in v0.3.0.
//
//go:fix inline
type Action = agent.Action

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ActionAskModel]; removed in v0.3.0.
//
//go:fix inline
const ActionAskModel = agent.ActionAskModel

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ActionAwaitApproval]; removed in v0.3.0.
//
//go:fix inline
const ActionAwaitApproval = agent.ActionAwaitApproval

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ActionCallTools]; removed in v0.3.0.
//
//go:fix inline
const ActionCallTools = agent.ActionCallTools

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ActionCompact]; removed in v0.3.0.
//
//go:fix inline
const ActionCompact = agent.ActionCompact

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ActionKind]; removed in v0.3.0.
//
//go:fix inline
type ActionKind = agent.ActionKind

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ActionStop]; removed in v0.3.0.
//
//go:fix inline
const ActionStop = agent.ActionStop

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Agent]; removed in v0.3.0.
//
//go:fix inline
type Agent = agent.Agent

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Approval]; removed in v0.3.0.
//
//go:fix inline
type Approval = agent.Approval

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Approved]; removed in v0.3.0.
//
//go:fix inline
const Approved = agent.Approved

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Call]; removed in v0.3.0.
//
//go:fix inline
type Call = agent.Call

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Collect]; removed in v0.3.0.
//
//go:fix inline
func Collect(parts iter.Seq2[agent.Part, error]) (agent.Response, error) { return agent.Collect(parts) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Collector]; removed in v0.3.0.
//
//go:fix inline
type Collector = agent.Collector

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Compacted]; removed in v0.3.0.
//
//go:fix inline
type Compacted = agent.Compacted

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Compaction]; removed in v0.3.0.
//
//go:fix inline
type Compaction = agent.Compaction

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.CompactionRecord]; removed in v0.3.0.
//
//go:fix inline
type CompactionRecord = agent.CompactionRecord

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.CompactionResult]; removed in v0.3.0.
//
//go:fix inline
type CompactionResult = agent.CompactionResult

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Compactor]; removed in v0.3.0.
//
//go:fix inline
type Compactor = agent.Compactor

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.CompactorFunc]; removed in v0.3.0.
//
//go:fix inline
type CompactorFunc = agent.CompactorFunc

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Decision]; removed in v0.3.0.
//
//go:fix inline
type Decision = agent.Decision

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.DefaultMaxTurns]; removed in v0.3.0.
//
//go:fix inline
const DefaultMaxTurns = agent.DefaultMaxTurns

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.DefaultParallelism]; removed in v0.3.0.
//
//go:fix inline
const DefaultParallelism = agent.DefaultParallelism

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.DefaultToolTimeout]; removed in v0.3.0.
//
//go:fix inline
const DefaultToolTimeout = agent.DefaultToolTimeout

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ElideToolResults]; removed in v0.3.0.
//
//go:fix inline
func ElideToolResults(keepLast int, maxBytes int) agent.Compactor {
	return agent.ElideToolResults(keepLast, maxBytes)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ElidedResult]; removed in v0.3.0.
//
//go:fix inline
const ElidedResult = agent.ElidedResult

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EstimateTokens]; removed in v0.3.0.
//
//go:fix inline
func EstimateTokens(req agent.Request) int { return agent.EstimateTokens(req) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Event]; removed in v0.3.0.
//
//go:fix inline
type Event = agent.Event

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventCallAllowed]; removed in v0.3.0.
//
//go:fix inline
const EventCallAllowed = agent.EventCallAllowed

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventCallApproved]; removed in v0.3.0.
//
//go:fix inline
const EventCallApproved = agent.EventCallApproved

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventCallDenied]; removed in v0.3.0.
//
//go:fix inline
const EventCallDenied = agent.EventCallDenied

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventCallPaused]; removed in v0.3.0.
//
//go:fix inline
const EventCallPaused = agent.EventCallPaused

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventCallRejected]; removed in v0.3.0.
//
//go:fix inline
const EventCallRejected = agent.EventCallRejected

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventCallRequested]; removed in v0.3.0.
//
//go:fix inline
const EventCallRequested = agent.EventCallRequested

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventCompaction]; removed in v0.3.0.
//
//go:fix inline
const EventCompaction = agent.EventCompaction

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventFileChanged]; removed in v0.3.0.
//
//go:fix inline
const EventFileChanged = agent.EventFileChanged

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventKind]; removed in v0.3.0.
//
//go:fix inline
type EventKind = agent.EventKind

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventModelPart]; removed in v0.3.0.
//
//go:fix inline
const EventModelPart = agent.EventModelPart

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventModelResponded]; removed in v0.3.0.
//
//go:fix inline
const EventModelResponded = agent.EventModelResponded

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventRunFailed]; removed in v0.3.0.
//
//go:fix inline
const EventRunFailed = agent.EventRunFailed

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventRunStopped]; removed in v0.3.0.
//
//go:fix inline
const EventRunStopped = agent.EventRunStopped

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventToolFinished]; removed in v0.3.0.
//
//go:fix inline
const EventToolFinished = agent.EventToolFinished

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventToolStarted]; removed in v0.3.0.
//
//go:fix inline
const EventToolStarted = agent.EventToolStarted

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventTurnFinished]; removed in v0.3.0.
//
//go:fix inline
const EventTurnFinished = agent.EventTurnFinished

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.EventTurnStarted]; removed in v0.3.0.
//
//go:fix inline
const EventTurnStarted = agent.EventTurnStarted

// Deprecated: use [github.com/toolgen-dev/toolgen/permission.Match]; removed in v0.3.0.
//
//go:fix inline
func Match(pattern string, s string) bool { return permission.Match(pattern, s) }

// Deprecated: use [github.com/toolgen-dev/toolgen/permission.MatchRule]; removed in v0.3.0.
//
//go:fix inline
func MatchRule(r toolgen.Rule, name toolgen.ToolName, args []byte) bool {
	return permission.MatchRule(r, name, args)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Message]; removed in v0.3.0.
//
//go:fix inline
type Message = agent.Message

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Model]; removed in v0.3.0.
//
//go:fix inline
type Model = agent.Model

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ModelFunc]; removed in v0.3.0.
//
//go:fix inline
type ModelFunc = agent.ModelFunc

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.New]; removed in v0.3.0.
//
//go:fix inline
func New(model agent.Model, opts ...agent.Option) (*agent.Agent, error) {
	return agent.New(model, opts...)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.NewState]; removed in v0.3.0.
//
//go:fix inline
func NewState(runID string, prompt string) *agent.State { return agent.NewState(runID, prompt) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Option]; removed in v0.3.0.
//
//go:fix inline
type Option = agent.Option

// Deprecated: use [github.com/toolgen-dev/toolgen/permission.Outcome]; removed in v0.3.0.
//
//go:fix inline
type Outcome = permission.Outcome

// Deprecated: use [github.com/toolgen-dev/toolgen/permission.OutcomeAllow]; removed in v0.3.0.
//
//go:fix inline
const OutcomeAllow = permission.OutcomeAllow

// Deprecated: use [github.com/toolgen-dev/toolgen/permission.OutcomeAsk]; removed in v0.3.0.
//
//go:fix inline
const OutcomeAsk = permission.OutcomeAsk

// Deprecated: use [github.com/toolgen-dev/toolgen/permission.OutcomeDeny]; removed in v0.3.0.
//
//go:fix inline
const OutcomeDeny = permission.OutcomeDeny

// Deprecated: use [github.com/toolgen-dev/toolgen/permission.OutcomeNone]; removed in v0.3.0.
//
//go:fix inline
const OutcomeNone = permission.OutcomeNone

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Part]; removed in v0.3.0.
//
//go:fix inline
type Part = agent.Part

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PartCallArgs]; removed in v0.3.0.
//
//go:fix inline
const PartCallArgs = agent.PartCallArgs

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PartCallDone]; removed in v0.3.0.
//
//go:fix inline
const PartCallDone = agent.PartCallDone

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PartCallStart]; removed in v0.3.0.
//
//go:fix inline
const PartCallStart = agent.PartCallStart

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PartFinish]; removed in v0.3.0.
//
//go:fix inline
const PartFinish = agent.PartFinish

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PartKind]; removed in v0.3.0.
//
//go:fix inline
type PartKind = agent.PartKind

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PartReasoning]; removed in v0.3.0.
//
//go:fix inline
const PartReasoning = agent.PartReasoning

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PartText]; removed in v0.3.0.
//
//go:fix inline
const PartText = agent.PartText

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PartUsage]; removed in v0.3.0.
//
//go:fix inline
const PartUsage = agent.PartUsage

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Parts]; removed in v0.3.0.
//
//go:fix inline
func Parts(resp agent.Response) iter.Seq[agent.Part] { return agent.Parts(resp) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PausedTurn]; removed in v0.3.0.
//
//go:fix inline
type PausedTurn = agent.PausedTurn

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PendingCall]; removed in v0.3.0.
//
//go:fix inline
type PendingCall = agent.PendingCall

// Deprecated: use [github.com/toolgen-dev/toolgen/permission.Permissions]; removed in v0.3.0.
//
//go:fix inline
type Permissions = permission.Permissions

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Preset]; removed in v0.3.0.
//
//go:fix inline
type Preset = agent.Preset

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PresetAllowAll]; removed in v0.3.0.
//
//go:fix inline
const PresetAllowAll = agent.PresetAllowAll

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PresetAllowEdits]; removed in v0.3.0.
//
//go:fix inline
const PresetAllowEdits = agent.PresetAllowEdits

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PresetAllowReads]; removed in v0.3.0.
//
//go:fix inline
const PresetAllowReads = agent.PresetAllowReads

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.PresetDefault]; removed in v0.3.0.
//
//go:fix inline
const PresetDefault = agent.PresetDefault

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Rejected]; removed in v0.3.0.
//
//go:fix inline
const Rejected = agent.Rejected

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Request]; removed in v0.3.0.
//
//go:fix inline
type Request = agent.Request

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Response]; removed in v0.3.0.
//
//go:fix inline
type Response = agent.Response

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Role]; removed in v0.3.0.
//
//go:fix inline
type Role = agent.Role

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.RoleAssistant]; removed in v0.3.0.
//
//go:fix inline
const RoleAssistant = agent.RoleAssistant

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.RoleTool]; removed in v0.3.0.
//
//go:fix inline
const RoleTool = agent.RoleTool

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.RoleUser]; removed in v0.3.0.
//
//go:fix inline
const RoleUser = agent.RoleUser

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.State]; removed in v0.3.0.
//
//go:fix inline
type State = agent.State

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.StateVersion]; removed in v0.3.0.
//
//go:fix inline
const StateVersion = agent.StateVersion

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.StopDone]; removed in v0.3.0.
//
//go:fix inline
const StopDone = agent.StopDone

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.StopMaxTurns]; removed in v0.3.0.
//
//go:fix inline
const StopMaxTurns = agent.StopMaxTurns

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.StopPaused]; removed in v0.3.0.
//
//go:fix inline
const StopPaused = agent.StopPaused

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.StopReason]; removed in v0.3.0.
//
//go:fix inline
type StopReason = agent.StopReason

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Stream]; removed in v0.3.0.
//
//go:fix inline
func Stream(ctx context.Context, m agent.Model, req agent.Request) iter.Seq2[agent.Part, error] {
	return agent.Stream(ctx, m, req)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.StreamingModel]; removed in v0.3.0.
//
//go:fix inline
type StreamingModel = agent.StreamingModel

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.SubAgent]; removed in v0.3.0.
//
//go:fix inline
func SubAgent(t toolgen.Tool) (*agent.Agent, bool) { return agent.SubAgent(t) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.SubAgentPrompt]; removed in v0.3.0.
//
//go:fix inline
func SubAgentPrompt(args []byte) (string, bool) { return agent.SubAgentPrompt(args) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.SubAgentResult]; removed in v0.3.0.
//
//go:fix inline
func SubAgentResult(t toolgen.Tool, st *agent.State, err error) toolgen.Result {
	return agent.SubAgentResult(t, st, err)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Summarize]; removed in v0.3.0.
//
//go:fix inline
func Summarize(model agent.Model, keepTurns int) agent.Compactor {
	return agent.Summarize(model, keepTurns)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.SummaryInstruction]; removed in v0.3.0.
//
//go:fix inline
const SummaryInstruction = agent.SummaryInstruction

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.SummaryPrefix]; removed in v0.3.0.
//
//go:fix inline
const SummaryPrefix = agent.SummaryPrefix

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ToolCall]; removed in v0.3.0.
//
//go:fix inline
type ToolCall = agent.ToolCall

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ToolFingerprint]; removed in v0.3.0.
//
//go:fix inline
type ToolFingerprint = agent.ToolFingerprint

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ToolResult]; removed in v0.3.0.
//
//go:fix inline
type ToolResult = agent.ToolResult

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.ToolSpec]; removed in v0.3.0.
//
//go:fix inline
type ToolSpec = agent.ToolSpec

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.TranscriptFrom]; removed in v0.3.0.
//
//go:fix inline
func TranscriptFrom(ctx context.Context) []agent.Message { return agent.TranscriptFrom(ctx) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.Usage]; removed in v0.3.0.
//
//go:fix inline
type Usage = agent.Usage

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithActiveTools]; removed in v0.3.0.
//
//go:fix inline
func WithActiveTools(names ...toolgen.ToolName) agent.Option { return agent.WithActiveTools(names...) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithCompaction]; removed in v0.3.0.
//
//go:fix inline
func WithCompaction(budget int, policies ...agent.Compactor) agent.Option {
	return agent.WithCompaction(budget, policies...)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithInactiveTools]; removed in v0.3.0.
//
//go:fix inline
func WithInactiveTools(names ...toolgen.ToolName) agent.Option {
	return agent.WithInactiveTools(names...)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithLogger]; removed in v0.3.0.
//
//go:fix inline
func WithLogger(l *slog.Logger) agent.Option { return agent.WithLogger(l) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithMaxTurns]; removed in v0.3.0.
//
//go:fix inline
func WithMaxTurns(n int) agent.Option { return agent.WithMaxTurns(n) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithName]; removed in v0.3.0.
//
//go:fix inline
func WithName(name string) agent.Option { return agent.WithName(name) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithObserver]; removed in v0.3.0.
//
//go:fix inline
func WithObserver(fn func(agent.Event)) agent.Option { return agent.WithObserver(fn) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithParallelism]; removed in v0.3.0.
//
//go:fix inline
func WithParallelism(n int) agent.Option { return agent.WithParallelism(n) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithPermissions]; removed in v0.3.0.
//
//go:fix inline
func WithPermissions(p permission.Permissions) agent.Option { return agent.WithPermissions(p) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithPreset]; removed in v0.3.0.
//
//go:fix inline
func WithPreset(p agent.Preset) agent.Option { return agent.WithPreset(p) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithSandbox]; removed in v0.3.0.
//
//go:fix inline
func WithSandbox(sb toolgen.Sandbox) agent.Option { return agent.WithSandbox(sb) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithSystem]; removed in v0.3.0.
//
//go:fix inline
func WithSystem(prompt string) agent.Option { return agent.WithSystem(prompt) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithToolTimeout]; removed in v0.3.0.
//
//go:fix inline
func WithToolTimeout(d time.Duration, tools ...toolgen.ToolName) agent.Option {
	return agent.WithToolTimeout(d, tools...)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent.WithTools]; removed in v0.3.0.
//
//go:fix inline
func WithTools(sets ...[]toolgen.Tool) agent.Option { return agent.WithTools(sets...) }
