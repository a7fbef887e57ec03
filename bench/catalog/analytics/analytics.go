// Package analytics is the product- and web-analytics domain of the benchmark
// catalog: traffic and events, funnels and retention, segments, dashboards
// and alerts, experiments and revenue metrics, in the manner of Google
// Analytics, Mixpanel or Amplitude.
package analytics

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/analytics"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// Granularity is the width of a time bucket.
type Granularity string

const (
	Hour  Granularity = "hour"  // one point per hour
	Day   Granularity = "day"   // one point per day
	Week  Granularity = "week"  // one point per week
	Month Granularity = "month" // one point per month
)

// ActiveWindow is the window of an active-user count.
type ActiveWindow string

const (
	Realtime ActiveWindow = "realtime" // the last 30 minutes
	DAU      ActiveWindow = "day"      // daily active users
	WAU      ActiveWindow = "week"     // weekly active users
	MAU      ActiveWindow = "month"    // monthly active users
)

// WidgetType is how a dashboard widget shows its query.
type WidgetType string

const (
	LineChart WidgetType = "line_chart" // a line over time
	BarChart  WidgetType = "bar_chart"  // bars by category
	BigNumber WidgetType = "number"     // one number with its trend
	Table     WidgetType = "table"      // rows and columns
	Funnel    WidgetType = "funnel"     // step-by-step conversion
)

// Frequency is how often a report is delivered.
type Frequency string

const (
	Daily   Frequency = "daily"   // every morning
	Weekly  Frequency = "weekly"  // every Monday
	Monthly Frequency = "monthly" // on the first of the month
)

// Condition is when an alert fires.
type Condition string

const (
	Above         Condition = "above"          // the value rises above the threshold
	Below         Condition = "below"          // the value falls below the threshold
	ChangePercent Condition = "change_percent" // the value changes by more than the threshold percent
)

// ExportFormat is the format of an export of raw events.
type ExportFormat string

const (
	CSV      ExportFormat = "csv"      // comma-separated values
	JSONL    ExportFormat = "jsonl"    // one JSON object per line
	Parquet  ExportFormat = "parquet"  // Apache Parquet
	BigQuery ExportFormat = "bigquery" // a table in the linked warehouse
)

// RevenueMetric is a subscription-revenue metric.
type RevenueMetric string

const (
	MRR          RevenueMetric = "mrr"                   // monthly recurring revenue
	ARR          RevenueMetric = "arr"                   // annual recurring revenue
	ARPU         RevenueMetric = "arpu"                  // average revenue per user
	LTV          RevenueMetric = "ltv"                   // customer lifetime value
	ChurnRate    RevenueMetric = "churn_rate"            // share of customers lost per month
	NetRetention RevenueMetric = "net_revenue_retention" // revenue kept from existing customers, with expansion
)

// GeoLevel is the level of a location breakdown.
type GeoLevel string

const (
	Country GeoLevel = "country" // by country
	Region  GeoLevel = "region"  // by state or region
	City    GeoLevel = "city"    // by city
)

// HeatmapKind is what a heatmap shows.
type HeatmapKind string

const (
	Clicks   HeatmapKind = "click"  // where people click
	Scroll   HeatmapKind = "scroll" // how far people scroll
	Movement HeatmapKind = "move"   // where the pointer moves
)

// Point is one value of a time series.
type Point struct {
	At    time.Time `json:"at"`
	Value float64   `json:"value"`
}

// Row is one row of a report: dimension values and metric values.
type Row struct {
	Dimensions map[string]string  `json:"dimensions"`
	Metrics    map[string]float64 `json:"metrics"`
}

// FunnelStep is the conversion of one step of a funnel.
type FunnelStep struct {
	Event          string  `json:"event"`
	Users          int     `json:"users"`
	ConversionRate float64 `json:"conversion_rate"` // from the previous step
	MedianSeconds  float64 `json:"median_seconds"`  // time from the previous step
}

// ExperimentResult is a variant's result in an experiment.
type ExperimentResult struct {
	Variant         string  `json:"variant"`
	Users           int     `json:"users"`
	ConversionRate  float64 `json:"conversion_rate"`
	Lift            float64 `json:"lift"`
	ProbabilityBest float64 `json:"probability_best"`
}

// ReportQuery is an ad-hoc report.
type ReportQuery struct {
	// Metrics to compute, for example ["sessions", "conversions", "bounce_rate"].
	Metrics []string `json:"metrics" toolgen:"minItems=1"`
	// Dimensions to group by, for example ["country", "device_category"].
	Dimensions []string  `json:"dimensions,omitempty"`
	From       time.Time `json:"from"` // the start of the period
	To         time.Time `json:"to"`   // the end of the period
	// Filter is an expression, for example `page_path =~ "^/pricing"`.
	Filter *string `json:"filter,omitempty"`
	// OrderBy is the metric to sort by, descending.
	OrderBy *string `json:"order_by,omitempty"`
	Limit   int     `json:"limit,omitempty" toolgen:"min=1,max=10000,default=100"`
}

// NewExperiment describes an A/B test.
type NewExperiment struct {
	Name string `json:"name"`
	// Variants are the variants' names, the control first: ["control", "new_checkout"].
	Variants []string `json:"variants" toolgen:"minItems=2"`
	// TrafficSplit is each variant's share of users, summing to 1; even when empty.
	TrafficSplit []float64 `json:"traffic_split,omitempty"`
	// PrimaryMetric is the event whose conversion decides the winner.
	PrimaryMetric string `json:"primary_metric"`
	// Audience is a segment to limit the test to.
	Audience *string `json:"audience,omitempty"`
}

// RunAnalyticsReport runs an ad-hoc report of metrics grouped by dimensions
// over a period.
//
//toolgen:tool readonly idempotent
func RunAnalyticsReport(ctx context.Context, in ReportQuery) ([]Row, error) {
	return nil, errNotImplemented
}

// GetPageViews returns page views of a page or the whole site over time.
//
// Parameters:
//   - path: the page's path, "/pricing"; the whole site when absent.
//   - from: the start of the period.
//   - to: the end of the period.
//   - granularity: the width of each point.
//
//toolgen:tool readonly idempotent
func GetPageViews(ctx context.Context, path *string, from, to time.Time, granularity Granularity) ([]Point, error) {
	return nil, errNotImplemented
}

// GetTrafficSources breaks visits down by referrer, channel and campaign.
//
// Parameters:
//   - from: the start of the period.
//   - to: the end of the period.
//
//toolgen:tool readonly idempotent
func GetTrafficSources(ctx context.Context, from, to time.Time) ([]Row, error) {
	return nil, errNotImplemented
}

// GetActiveUsers counts the distinct users active now, in a day, a week or a
// month.
//
// Parameters:
//   - window: the window.
//
//toolgen:tool readonly idempotent
func GetActiveUsers(ctx context.Context, window ActiveWindow) (int, error) {
	return 0, errNotImplemented
}

// GetVisitorsByLocation breaks visitors down by country, region or city.
//
// Parameters:
//   - from: the start of the period.
//   - to: the end of the period.
//   - level: how fine the breakdown is.
//
//toolgen:tool readonly idempotent
func GetVisitorsByLocation(ctx context.Context, from, to time.Time, level GeoLevel) ([]Row, error) {
	return nil, errNotImplemented
}

// GetDeviceBreakdown breaks sessions down by device type, operating system and
// browser.
//
// Parameters:
//   - from: the start of the period.
//   - to: the end of the period.
//
//toolgen:tool readonly idempotent
func GetDeviceBreakdown(ctx context.Context, from, to time.Time) ([]Row, error) {
	return nil, errNotImplemented
}

// GetTopSearchQueries lists the search-engine queries that brought visitors,
// with impressions, clicks and average position.
//
// Parameters:
//   - from: the start of the period.
//   - to: the end of the period.
//   - limit min=1,max=1000: how many queries.
//
//toolgen:tool readonly idempotent
func GetTopSearchQueries(ctx context.Context, from, to time.Time, limit int) ([]Row, error) {
	return nil, errNotImplemented
}

// GetCoreWebVitals returns a page's loading, interactivity and layout-shift
// scores (LCP, INP, CLS) measured from real visits.
//
// Parameters:
//   - url: the page.
//   - mobile: mobile visits rather than desktop.
//
//toolgen:tool readonly idempotent
func GetCoreWebVitals(ctx context.Context, url string, mobile bool) (map[string]float64, error) {
	return nil, errNotImplemented
}

// TrackEvent records a product event for a user, with properties.
//
// Parameters:
//   - event: the event's name, "signup_completed".
//   - user_id: the user.
//   - properties: event properties, {"plan": "pro"}.
//   - at: when it happened; now when absent.
//
//toolgen:tool
func TrackEvent(ctx context.Context, event, userID string, properties map[string]string, at *time.Time) error {
	return errNotImplemented
}

// ListTrackedEvents lists the event names the product sends, with their
// volume over the last 30 days.
//
//toolgen:tool readonly idempotent
func ListTrackedEvents(ctx context.Context) (map[string]int, error) {
	return nil, errNotImplemented
}

// GetEventCounts counts an event over time, optionally broken down by a
// property.
//
// Parameters:
//   - event: the event's name.
//   - from: the start of the period.
//   - to: the end of the period.
//   - breakdown_by: a property to break the count down by, "plan".
//   - unique_users: count distinct users instead of events.
//
//toolgen:tool readonly idempotent
func GetEventCounts(ctx context.Context, event string, from, to time.Time, breakdownBy *string, uniqueUsers bool) ([]Row, error) {
	return nil, errNotImplemented
}

// GetUserEventTimeline returns every event of one user in order, to follow
// their path through the product.
//
// Parameters:
//   - user_id: the user.
//   - from: the start of the period.
//   - to: the end of the period.
//
//toolgen:tool readonly idempotent
func GetUserEventTimeline(ctx context.Context, userID string, from, to *time.Time) ([]Row, error) {
	return nil, errNotImplemented
}

// CreateFunnel saves a funnel: an ordered list of events users go through.
//
// Parameters:
//   - name: the funnel's name.
//   - steps minItems=2: the events in order, ["view_pricing", "start_checkout", "purchase"].
//   - window_days min=1,max=90: how long users have to complete it.
//
//toolgen:tool
func CreateFunnel(ctx context.Context, name string, steps []string, windowDays int) (string, error) {
	return "", errNotImplemented
}

// AnalyzeFunnel returns how many users reach each step of a funnel and where
// they drop off.
//
// Parameters:
//   - funnel_id: the funnel.
//   - from: the start of the period.
//   - to: the end of the period.
//   - segment_id: only users of this segment.
//
//toolgen:tool readonly idempotent
func AnalyzeFunnel(ctx context.Context, funnelID string, from, to time.Time, segmentID *string) ([]FunnelStep, error) {
	return nil, errNotImplemented
}

// GetRetentionCohorts returns, for each cohort of users who did a start event,
// the share who came back to do a return event in each later period.
//
// Parameters:
//   - start_event: the event that puts a user in a cohort, "signup_completed".
//   - return_event: the event that counts as coming back.
//   - period: the cohort and return period.
//   - from: the first cohort.
//   - to: the last cohort.
//
//toolgen:tool readonly idempotent
func GetRetentionCohorts(ctx context.Context, startEvent, returnEvent string, period Granularity, from, to time.Time) ([][]float64, error) {
	return nil, errNotImplemented
}

// CreateUserSegment saves a group of users defined by properties and behavior,
// to filter reports with.
//
// Parameters:
//   - name: the segment's name.
//   - conditions: conditions all users meet, ["country = DE", "did purchase in last 30 days"].
//
//toolgen:tool
func CreateUserSegment(ctx context.Context, name string, conditions []string) (string, error) {
	return "", errNotImplemented
}

// GetSegmentSize counts the users in a segment, now or at a date.
//
// Parameters:
//   - segment_id: the segment.
//   - as_of: the date; now when absent.
//
//toolgen:tool readonly idempotent
func GetSegmentSize(ctx context.Context, segmentID string, asOf *time.Time) (int, error) {
	return 0, errNotImplemented
}

// CreateDashboard creates an empty dashboard.
//
// Parameters:
//   - name: the dashboard's name.
//   - description: what it is for.
//
//toolgen:tool
func CreateDashboard(ctx context.Context, name string, description *string) (string, error) {
	return "", errNotImplemented
}

// AddDashboardWidget adds a chart, number or table to a dashboard.
//
// Parameters:
//   - dashboard_id: the dashboard.
//   - widget_type: how it shows the data.
//   - title: the widget's title.
//   - query: the metric query, "count(purchase) by day".
//
//toolgen:tool
func AddDashboardWidget(ctx context.Context, dashboardID string, widgetType WidgetType, title, query string) (string, error) {
	return "", errNotImplemented
}

// ListDashboards lists the dashboards you can see.
//
// Parameters:
//   - query: only dashboards whose name contains this.
//
//toolgen:tool readonly idempotent
func ListDashboards(ctx context.Context, query *string) ([]string, error) {
	return nil, errNotImplemented
}

// ShareDashboard shares a dashboard with people.
//
// Parameters:
//   - dashboard_id: the dashboard.
//   - emails: the people.
//   - can_edit: let them change it.
//
//toolgen:tool idempotent
func ShareDashboard(ctx context.Context, dashboardID string, emails []string, canEdit bool) error {
	return errNotImplemented
}

// ScheduleReportDelivery emails a dashboard or report to people on a schedule.
//
// Parameters:
//   - report_id: the dashboard or report.
//   - recipients: the email addresses.
//   - frequency: how often.
//   - format: "pdf" or "csv".
//
//toolgen:tool
func ScheduleReportDelivery(ctx context.Context, reportID string, recipients []string, frequency Frequency, format string) (string, error) {
	return "", errNotImplemented
}

// CreateMetricAlert notifies a channel when a metric crosses a threshold.
//
// Parameters:
//   - metric: the metric, "signups" or "error_rate".
//   - condition: when to fire.
//   - threshold: the value or percentage.
//   - window_minutes min=5,max=10080: the window the metric is computed over.
//   - notify: where to send it: an email, "#channel" or a webhook address.
//
//toolgen:tool
func CreateMetricAlert(ctx context.Context, metric string, condition Condition, threshold float64, windowMinutes int, notify string) (string, error) {
	return "", errNotImplemented
}

// ListMetricAlerts lists the metric alerts and whether each is firing.
//
//toolgen:tool readonly idempotent
func ListMetricAlerts(ctx context.Context) ([]string, error) {
	return nil, errNotImplemented
}

// MuteMetricAlert silences a metric alert until a time.
//
// Parameters:
//   - alert_id: the alert.
//   - until: when it speaks again.
//
//toolgen:tool idempotent
func MuteMetricAlert(ctx context.Context, alertID string, until time.Time) error {
	return errNotImplemented
}

// DetectMetricAnomalies finds unusual spikes and drops in a metric's history.
//
// Parameters:
//   - metric: the metric.
//   - from: the start of the period.
//   - to: the end of the period.
//   - sensitivity min=1,max=5: 1 reports only extreme outliers, 5 reports small deviations.
//
//toolgen:tool readonly idempotent
func DetectMetricAnomalies(ctx context.Context, metric string, from, to time.Time, sensitivity int) ([]Point, error) {
	return nil, errNotImplemented
}

// ForecastMetric projects a metric's future values from its history.
//
// Parameters:
//   - metric: the metric.
//   - horizon_days min=1,max=365: how far ahead.
//
//toolgen:tool readonly idempotent
func ForecastMetric(ctx context.Context, metric string, horizonDays int) ([]Point, error) {
	return nil, errNotImplemented
}

// ComparePeriods compares a metric between two date ranges, with the absolute
// and percentage change.
//
// Parameters:
//   - metric: the metric.
//   - current_from: the start of the current range.
//   - current_to: the end of the current range.
//   - previous_from: the start of the range to compare with.
//   - previous_to: the end of the range to compare with.
//
//toolgen:tool readonly idempotent
func ComparePeriods(ctx context.Context, metric string, currentFrom, currentTo, previousFrom, previousTo time.Time) (map[string]float64, error) {
	return nil, errNotImplemented
}

// AddTimelineAnnotation marks a date on every chart with a note, such as a
// release or an outage.
//
// Parameters:
//   - at: the date and time.
//   - text: the note.
//
//toolgen:tool
func AddTimelineAnnotation(ctx context.Context, at time.Time, text string) error {
	return errNotImplemented
}

// CreateExperiment sets up an A/B test between variants.
//
//toolgen:tool
func CreateExperiment(ctx context.Context, in NewExperiment) (string, error) {
	return "", errNotImplemented
}

// GetExperimentResults returns each variant's conversion, lift over control and
// probability of being best.
//
// Parameters:
//   - experiment_id: the experiment.
//
//toolgen:tool readonly idempotent
func GetExperimentResults(ctx context.Context, experimentID string) ([]ExperimentResult, error) {
	return nil, errNotImplemented
}

// StopExperiment ends an A/B test and rolls out the winning variant to all
// users.
//
// Parameters:
//   - experiment_id: the experiment.
//   - winner: the variant to roll out; control when absent.
//
//toolgen:tool
func StopExperiment(ctx context.Context, experimentID string, winner *string) error {
	return errNotImplemented
}

// GetRevenueMetrics returns a subscription revenue metric month by month.
//
// Parameters:
//   - metric: the metric.
//   - from: the first month.
//   - to: the last month.
//
//toolgen:tool readonly idempotent
func GetRevenueMetrics(ctx context.Context, metric RevenueMetric, from, to time.Time) ([]Point, error) {
	return nil, errNotImplemented
}

// GetNPSScore returns the Net Promoter Score from survey answers, with the
// shares of promoters, passives and detractors.
//
// Parameters:
//   - from: the start of the period.
//   - to: the end of the period.
//
//toolgen:tool name=get_nps_score readonly idempotent
func GetNPSScore(ctx context.Context, from, to time.Time) (map[string]float64, error) {
	return nil, errNotImplemented
}

// BuildCampaignURL adds UTM parameters to a link, so that visits through it
// are attributed to a campaign.
//
// Parameters:
//   - url: the landing page.
//   - source: utm_source, "newsletter".
//   - medium: utm_medium, "email".
//   - campaign: utm_campaign, "spring_launch".
//   - content: utm_content, to tell links apart.
//
//toolgen:tool readonly idempotent
func BuildCampaignURL(ctx context.Context, url, source, medium, campaign string, content *string) (string, error) {
	return "", errNotImplemented
}

// GetCampaignPerformance returns a marketing campaign's visits, sign-ups,
// conversions and revenue.
//
// Parameters:
//   - campaign: the utm_campaign value.
//   - from: the start of the period.
//   - to: the end of the period.
//
//toolgen:tool readonly idempotent
func GetCampaignPerformance(ctx context.Context, campaign string, from, to time.Time) (Row, error) {
	return Row{}, errNotImplemented
}

// ExportRawEvents exports raw events of a period to a file or the linked
// warehouse.
//
// Parameters:
//   - from: the start of the period.
//   - to: the end of the period.
//   - events: only these events; all when empty.
//   - format: the destination format.
//
//toolgen:tool readonly
func ExportRawEvents(ctx context.Context, from, to time.Time, events []string, format ExportFormat) (string, error) {
	return "", errNotImplemented
}

// DeleteUserAnalyticsData erases everything recorded about a user, to honor a
// privacy (GDPR or CCPA) deletion request.
//
// Parameters:
//   - user_id: the user.
//
//toolgen:tool destructive requires_approval
func DeleteUserAnalyticsData(ctx context.Context, userID string) error {
	return errNotImplemented
}

// ListSessionRecordings lists replays of visitors' sessions, by user, page or
// length.
//
// Parameters:
//   - user_id: only this user's sessions.
//   - page: only sessions that visited this path.
//   - min_duration_seconds: only sessions at least this long.
//   - with_errors: only sessions where the page threw an error.
//
//toolgen:tool readonly idempotent
func ListSessionRecordings(ctx context.Context, userID, page *string, minDurationSeconds *int, withErrors bool) ([]string, error) {
	return nil, errNotImplemented
}

// GetPageHeatmap returns where visitors click, scroll or move the pointer on a
// page.
//
// Parameters:
//   - url: the page.
//   - kind: what to show.
//   - device: "desktop" or "mobile".
//
//toolgen:tool readonly idempotent
func GetPageHeatmap(ctx context.Context, url string, kind HeatmapKind, device *string) (string, error) {
	return "", errNotImplemented
}
