// Package hr is the human-resources domain of the benchmark catalog: the
// employee directory and org chart, onboarding and offboarding, time off,
// pay, recruiting, performance reviews, benefits, training and expenses, in
// the manner of Workday, BambooHR or Greenhouse.
package hr

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/hr"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// EmploymentType is the kind of an employment contract.
type EmploymentType string

const (
	FullTime   EmploymentType = "full_time"  // permanent, full hours
	PartTime   EmploymentType = "part_time"  // permanent, reduced hours
	Contractor EmploymentType = "contractor" // external contractor
	Intern     EmploymentType = "intern"     // fixed-term internship
)

// LeaveType is a kind of time off.
type LeaveType string

const (
	Vacation    LeaveType = "vacation"    // paid holiday
	Sick        LeaveType = "sick"        // illness
	Parental    LeaveType = "parental"    // birth or adoption of a child
	Bereavement LeaveType = "bereavement" // death of a relative
	Unpaid      LeaveType = "unpaid"      // unpaid leave
	Jury        LeaveType = "jury_duty"   // civic duty
)

// RequestStatus is the state of a request that needs approval.
type RequestStatus string

const (
	PendingApproval RequestStatus = "pending"   // waiting for the approver
	Approved        RequestStatus = "approved"  // approved
	Rejected        RequestStatus = "rejected"  // turned down
	Cancelled       RequestStatus = "cancelled" // withdrawn
)

// Departure is why an employee leaves.
type Departure string

const (
	Resignation Departure = "resignation"  // the employee resigned
	Dismissal   Departure = "termination"  // let go for cause or performance
	Layoff      Departure = "layoff"       // position eliminated
	Retirement  Departure = "retirement"   // retired
	ContractEnd Departure = "contract_end" // fixed term ended
)

// Stage is a step of the hiring pipeline.
type Stage string

const (
	Applied     Stage = "applied"      // application received
	PhoneScreen Stage = "phone_screen" // recruiter call
	TakeHome    Stage = "take_home"    // take-home assignment
	Onsite      Stage = "onsite"       // interview loop
	Offer       Stage = "offer"        // offer extended
	Hired       Stage = "hired"        // offer accepted
)

// InterviewKind is how an interview takes place.
type InterviewKind string

const (
	Phone    InterviewKind = "phone"  // a phone call
	Video    InterviewKind = "video"  // a video call
	InPerson InterviewKind = "onsite" // at the office
)

// Recommendation is an interviewer's verdict.
type Recommendation string

const (
	StrongNo  Recommendation = "strong_no"  // definitely not
	No        Recommendation = "no"         // lean no
	Yes       Recommendation = "yes"        // lean yes
	StrongYes Recommendation = "strong_yes" // definitely yes
)

// Rating is a performance rating.
type Rating string

const (
	BelowExpectations   Rating = "below"       // did not meet expectations
	MeetsExpectations   Rating = "meets"       // met expectations
	ExceedsExpectations Rating = "exceeds"     // exceeded expectations
	Outstanding         Rating = "outstanding" // far exceeded expectations
)

// ExpenseCategory is the kind of a business expense.
type ExpenseCategory string

const (
	Travel    ExpenseCategory = "travel"    // flights, trains, hotels, taxis
	Meals     ExpenseCategory = "meals"     // meals and entertainment
	Equipment ExpenseCategory = "equipment" // hardware and office supplies
	Software  ExpenseCategory = "software"  // subscriptions and licenses
	Training  ExpenseCategory = "training"  // courses, books, conferences
	Other     ExpenseCategory = "other"     // anything else
)

// Item is a piece of equipment an employee can ask for.
type Item string

const (
	Laptop      Item = "laptop"   // a laptop
	Monitor     Item = "monitor"  // an external monitor
	MobilePhone Item = "phone"    // a mobile phone
	Headset     Item = "headset"  // a headset
	Keyboard    Item = "keyboard" // a keyboard
	Chair       Item = "chair"    // an ergonomic chair
)

// HeadcountGrouping is how the headcount report is broken down.
type HeadcountGrouping string

const (
	ByDepartment HeadcountGrouping = "department"      // by department
	ByLocation   HeadcountGrouping = "location"        // by office or country
	ByType       HeadcountGrouping = "employment_type" // by employment type
	ByManager    HeadcountGrouping = "manager"         // by manager
)

// Employee is a person in the directory.
type Employee struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	Email      string         `json:"email"`
	Title      string         `json:"title"`
	Department string         `json:"department"`
	ManagerID  string         `json:"manager_id,omitempty"`
	Location   string         `json:"location"`
	Type       EmploymentType `json:"type"`
	StartDate  time.Time      `json:"start_date"`
}

// TimeOffRequest is a request for leave.
type TimeOffRequest struct {
	ID         string        `json:"id"`
	EmployeeID string        `json:"employee_id"`
	Type       LeaveType     `json:"type"`
	Start      time.Time     `json:"start"`
	End        time.Time     `json:"end"`
	Days       float64       `json:"days"`
	Status     RequestStatus `json:"status"`
}

// Candidate is an applicant to a job.
type Candidate struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	JobID string `json:"job_id"`
	Stage Stage  `json:"stage"`
}

// Job is an open position.
type Job struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Department string `json:"department"`
	Location   string `json:"location"`
	Open       bool   `json:"open"`
	Applicants int    `json:"applicants"`
}

// NewHire describes an employee to onboard.
type NewHire struct {
	Name       string         `json:"name"`
	Email      string         `json:"email" toolgen:"format=email"` // personal email, for the welcome message
	Title      string         `json:"title"`                        // job title
	Department string         `json:"department"`
	ManagerID  string         `json:"manager_id"`
	StartDate  time.Time      `json:"start_date"`
	Type       EmploymentType `json:"type"`
	Location   string         `json:"location"` // office or "remote-<country>"
	// AnnualSalary is the base salary per year, in Currency.
	AnnualSalary float64 `json:"annual_salary" toolgen:"min=0"`
	Currency     string  `json:"currency" toolgen:"pattern=^[A-Z]{3}$"`
}

// EmployeeChanges changes the fields of an employee record that are set.
type EmployeeChanges struct {
	EmployeeID string  `json:"employee_id"`
	Title      *string `json:"title,omitempty"`
	Department *string `json:"department,omitempty"`
	ManagerID  *string `json:"manager_id,omitempty"`
	Location   *string `json:"location,omitempty"`
	// EffectiveDate is when the change takes effect; today when absent.
	EffectiveDate *time.Time `json:"effective_date,omitempty"`
}

// NewCandidate is an applicant to add.
type NewCandidate struct {
	Name      string  `json:"name"`
	Email     string  `json:"email"`
	JobID     string  `json:"job_id"`               // the job applied to
	ResumeURL *string `json:"resume_url,omitempty"` // address of the CV
	// Source is where the candidate came from, "LinkedIn", "referral:<employee id>"...
	Source   *string `json:"source,omitempty"`
	LinkedIn *string `json:"linkedin,omitempty"` // profile address
}

// ExpenseClaim is an expense to be reimbursed.
type ExpenseClaim struct {
	EmployeeID  string          `json:"employee_id"`
	Amount      float64         `json:"amount" toolgen:"min=0"`
	Currency    string          `json:"currency" toolgen:"pattern=^[A-Z]{3}$"`
	Category    ExpenseCategory `json:"category"`
	Date        time.Time       `json:"date"`                   // when it was spent
	Description string          `json:"description"`            // what it was for
	ReceiptURL  *string         `json:"receipt_url,omitempty"`  // a photo or PDF of the receipt
	ProjectCode *string         `json:"project_code,omitempty"` // the project or client to bill
}

// GetEmployee returns an employee's profile: title, department, manager,
// location and start date.
//
// Parameters:
//   - employee_id: the employee's id or work email.
//
//toolgen:tool readonly idempotent
func GetEmployee(ctx context.Context, employeeID string) (Employee, error) {
	return Employee{}, errNotImplemented
}

// SearchEmployeeDirectory finds employees by name, title, department or
// location.
//
// Parameters:
//   - query: part of a name, title or skill.
//   - department: only this department.
//   - location: only this office or country.
//
//toolgen:tool readonly idempotent
func SearchEmployeeDirectory(ctx context.Context, query string, department, location *string) ([]Employee, error) {
	return nil, errNotImplemented
}

// OnboardEmployee creates a new hire's employee record and starts the
// onboarding checklist (accounts, equipment, paperwork).
//
//toolgen:tool requires_approval
func OnboardEmployee(ctx context.Context, in NewHire) (Employee, error) {
	return Employee{}, errNotImplemented
}

// UpdateEmployeeRecord changes an employee's title, department, manager or
// location, for example after a promotion or transfer.
//
//toolgen:tool idempotent
func UpdateEmployeeRecord(ctx context.Context, in EmployeeChanges) (Employee, error) {
	return Employee{}, errNotImplemented
}

// OffboardEmployee records an employee's departure and schedules the removal
// of their access on the last day.
//
// Parameters:
//   - employee_id: the employee.
//   - last_day: the last working day.
//   - reason: why they leave.
//   - eligible_for_rehire: whether they may be hired again.
//
//toolgen:tool destructive requires_approval
func OffboardEmployee(ctx context.Context, employeeID string, lastDay time.Time, reason Departure, eligibleForRehire bool) (Employee, error) {
	return Employee{}, errNotImplemented
}

// GetOrgChart returns the reporting tree under an employee.
//
// Parameters:
//   - root_employee_id: the top of the tree; the CEO when absent.
//   - depth min=1,max=10: how many levels down.
//
//toolgen:tool readonly idempotent
func GetOrgChart(ctx context.Context, rootEmployeeID *string, depth int) (map[string][]string, error) {
	return nil, errNotImplemented
}

// ListDirectReports lists the employees who report to a manager.
//
// Parameters:
//   - manager_id: the manager.
//
//toolgen:tool readonly idempotent
func ListDirectReports(ctx context.Context, managerID string) ([]Employee, error) {
	return nil, errNotImplemented
}

// UpdateEmergencyContact sets the person to call if something happens to an
// employee.
//
// Parameters:
//   - employee_id: the employee.
//   - name: the contact's name.
//   - relationship: "spouse", "parent"...
//   - phone: the contact's phone number.
//
//toolgen:tool idempotent
func UpdateEmergencyContact(ctx context.Context, employeeID, name, relationship, phone string) error {
	return errNotImplemented
}

// RequestTimeOff asks for leave between two dates.
//
// Parameters:
//   - employee_id: the employee; you when absent.
//   - leave_type: the kind of leave.
//   - start: the first day off.
//   - end: the last day off.
//   - half_day: the start day is a half day.
//   - note: a note to the approver.
//
//toolgen:tool
func RequestTimeOff(ctx context.Context, employeeID *string, leaveType LeaveType, start, end time.Time, halfDay bool, note *string) (TimeOffRequest, error) {
	return TimeOffRequest{}, errNotImplemented
}

// ReviewTimeOffRequest approves or rejects a leave request.
//
// Parameters:
//   - request_id: the request.
//   - approve: true to approve, false to reject.
//   - comment: a note to the employee.
//
//toolgen:tool idempotent
func ReviewTimeOffRequest(ctx context.Context, requestID string, approve bool, comment *string) (TimeOffRequest, error) {
	return TimeOffRequest{}, errNotImplemented
}

// ListTimeOffRequests lists leave requests by status, employee and dates.
//
// Parameters:
//   - status: only requests in this state.
//   - employee_id: only this employee's requests.
//   - from: only requests ending after this date.
//   - to: only requests starting before this date.
//
//toolgen:tool readonly idempotent
func ListTimeOffRequests(ctx context.Context, status *RequestStatus, employeeID *string, from, to *time.Time) ([]TimeOffRequest, error) {
	return nil, errNotImplemented
}

// CancelTimeOffRequest withdraws a leave request, pending or approved.
//
// Parameters:
//   - request_id: the request.
//
//toolgen:tool idempotent
func CancelTimeOffRequest(ctx context.Context, requestID string) (TimeOffRequest, error) {
	return TimeOffRequest{}, errNotImplemented
}

// GetPTOBalance returns how many days of each kind of leave an employee has
// left this year, and how many are accrued or planned.
//
// Parameters:
//   - employee_id: the employee; you when absent.
//
//toolgen:tool name=get_pto_balance readonly idempotent
func GetPTOBalance(ctx context.Context, employeeID *string) (map[string]float64, error) {
	return nil, errNotImplemented
}

// ListPeopleOutOfOffice lists who is on leave on a date.
//
// Parameters:
//   - date: the day; today when absent.
//   - department: only this department.
//
//toolgen:tool readonly idempotent
func ListPeopleOutOfOffice(ctx context.Context, date *time.Time, department *string) ([]TimeOffRequest, error) {
	return nil, errNotImplemented
}

// GetPayslip returns an employee's payslip for a pay period: gross pay,
// deductions, taxes and net pay.
//
// Parameters:
//   - employee_id: the employee; you when absent.
//   - period pattern=^[0-9]{4}-[0-9]{2}$: the month, "2026-06".
//
//toolgen:tool readonly idempotent
func GetPayslip(ctx context.Context, employeeID *string, period string) (string, error) {
	return "", errNotImplemented
}

// UpdateCompensation changes an employee's base salary from a date.
//
// Parameters:
//   - employee_id: the employee.
//   - annual_salary min=0: the new base salary per year.
//   - currency pattern=^[A-Z]{3}$: the currency.
//   - effective_date: when it takes effect.
//   - reason: "promotion", "market adjustment"...
//
//toolgen:tool requires_approval
func UpdateCompensation(ctx context.Context, employeeID string, annualSalary float64, currency string, effectiveDate time.Time, reason string) error {
	return errNotImplemented
}

// AwardBonus pays an employee a one-off bonus with a payroll run.
//
// Parameters:
//   - employee_id: the employee.
//   - amount min=0: the gross amount.
//   - currency pattern=^[A-Z]{3}$: the currency.
//   - reason: what it is for.
//   - pay_date: the payroll date; the next run when absent.
//
//toolgen:tool requires_approval
func AwardBonus(ctx context.Context, employeeID string, amount float64, currency, reason string, payDate *time.Time) error {
	return errNotImplemented
}

// LogTimesheetHours records hours worked on a day against a project code.
//
// Parameters:
//   - employee_id: the employee; you when absent.
//   - date: the day.
//   - hours min=0,max=24: the hours worked.
//   - project_code: the project or client.
//
//toolgen:tool
func LogTimesheetHours(ctx context.Context, employeeID *string, date time.Time, hours float64, projectCode string) error {
	return errNotImplemented
}

// CreateJobOpening opens a position to hire for and publishes it on the
// careers page.
//
// Parameters:
//   - title: the job title.
//   - department: the hiring department.
//   - location: the office, or "Remote".
//   - hiring_manager_id: the hiring manager.
//   - salary_min: the bottom of the salary range.
//   - salary_max: the top of the salary range.
//   - description: the job description in Markdown.
//
//toolgen:tool
func CreateJobOpening(ctx context.Context, title, department, location, hiringManagerID string, salaryMin, salaryMax *float64, description string) (Job, error) {
	return Job{}, errNotImplemented
}

// ListJobOpenings lists open positions and how many people applied to each.
//
// Parameters:
//   - department: only this department.
//   - include_closed: include filled and cancelled positions.
//
//toolgen:tool readonly idempotent
func ListJobOpenings(ctx context.Context, department *string, includeClosed bool) ([]Job, error) {
	return nil, errNotImplemented
}

// CloseJobOpening closes a position, filled or cancelled, and takes it off the
// careers page.
//
// Parameters:
//   - job_id: the position.
//   - filled: the position was filled.
//
//toolgen:tool idempotent
func CloseJobOpening(ctx context.Context, jobID string, filled bool) (Job, error) {
	return Job{}, errNotImplemented
}

// AddCandidate adds an applicant to a job's hiring pipeline.
//
//toolgen:tool
func AddCandidate(ctx context.Context, in NewCandidate) (Candidate, error) {
	return Candidate{}, errNotImplemented
}

// ListCandidates lists the applicants of a job, by stage.
//
// Parameters:
//   - job_id: the position.
//   - stage: only candidates at this stage.
//
//toolgen:tool readonly idempotent
func ListCandidates(ctx context.Context, jobID string, stage *Stage) ([]Candidate, error) {
	return nil, errNotImplemented
}

// AdvanceCandidate moves a candidate to another stage of the hiring pipeline.
//
// Parameters:
//   - candidate_id: the candidate.
//   - stage: the new stage.
//
//toolgen:tool idempotent
func AdvanceCandidate(ctx context.Context, candidateID string, stage Stage) (Candidate, error) {
	return Candidate{}, errNotImplemented
}

// RejectCandidate rejects an applicant and optionally sends them a rejection
// email.
//
// Parameters:
//   - candidate_id: the candidate.
//   - reason: the internal reason.
//   - send_email: send the candidate the rejection template.
//
//toolgen:tool
func RejectCandidate(ctx context.Context, candidateID, reason string, sendEmail bool) (Candidate, error) {
	return Candidate{}, errNotImplemented
}

// ScheduleInterview books an interview with a candidate and interviewers.
//
// Parameters:
//   - candidate_id: the candidate.
//   - interviewer_ids: the interviewers.
//   - start: when it starts.
//   - duration_minutes min=15,max=480: how long.
//   - kind: how it takes place.
//   - focus: what it assesses, "system design".
//
//toolgen:tool
func ScheduleInterview(ctx context.Context, candidateID string, interviewerIDs []string, start time.Time, durationMinutes int, kind InterviewKind, focus *string) (string, error) {
	return "", errNotImplemented
}

// SubmitInterviewScorecard records an interviewer's feedback and
// recommendation on a candidate.
//
// Parameters:
//   - interview_id: the interview.
//   - recommendation: hire or not.
//   - notes: the feedback.
//
//toolgen:tool
func SubmitInterviewScorecard(ctx context.Context, interviewID string, recommendation Recommendation, notes string) error {
	return errNotImplemented
}

// CreateOfferLetter drafts a job offer for a candidate, for approval and
// e-signature.
//
// Parameters:
//   - candidate_id: the candidate.
//   - annual_salary min=0: the base salary.
//   - currency pattern=^[A-Z]{3}$: the currency.
//   - equity_shares: stock options offered.
//   - start_date: the proposed start date.
//   - expires_at: when the offer lapses.
//
//toolgen:tool requires_approval
func CreateOfferLetter(ctx context.Context, candidateID string, annualSalary float64, currency string, equityShares *int, startDate time.Time, expiresAt *time.Time) (string, error) {
	return "", errNotImplemented
}

// LaunchReviewCycle starts a performance review cycle: self reviews, peer
// feedback and manager reviews for a group of employees.
//
// Parameters:
//   - name: the cycle's name, "H1 2026".
//   - employee_ids: who is reviewed; everyone when empty.
//   - due: when reviews are due.
//   - include_peer_feedback: ask peers for feedback.
//
//toolgen:tool
func LaunchReviewCycle(ctx context.Context, name string, employeeIDs []string, due time.Time, includePeerFeedback bool) (string, error) {
	return "", errNotImplemented
}

// SubmitPerformanceReview submits a manager's review of an employee in a
// review cycle.
//
// Parameters:
//   - cycle_id: the review cycle.
//   - employee_id: the employee reviewed.
//   - rating: the overall rating.
//   - summary: strengths, growth areas and examples.
//
//toolgen:tool
func SubmitPerformanceReview(ctx context.Context, cycleID, employeeID string, rating Rating, summary string) error {
	return errNotImplemented
}

// CreateEmployeeGoal sets a goal (OKR) for an employee with its key results.
//
// Parameters:
//   - employee_id: the employee.
//   - title: the objective.
//   - key_results: measurable results.
//   - due: when it should be reached.
//
//toolgen:tool
func CreateEmployeeGoal(ctx context.Context, employeeID, title string, keyResults []string, due time.Time) (string, error) {
	return "", errNotImplemented
}

// GiveKudos publicly thanks a colleague on the recognition feed.
//
// Parameters:
//   - employee_id: the colleague.
//   - message: what you thank them for.
//   - value: the company value it shows, "Customer obsession".
//
//toolgen:tool
func GiveKudos(ctx context.Context, employeeID, message string, value *string) error {
	return errNotImplemented
}

// ListBenefitPlans lists the health, dental, vision, retirement and other
// plans employees can enroll in.
//
// Parameters:
//   - location: only plans offered in this country.
//
//toolgen:tool readonly idempotent
func ListBenefitPlans(ctx context.Context, location *string) ([]string, error) {
	return nil, errNotImplemented
}

// EnrollInBenefitPlan enrolls an employee, and dependents, in a benefit plan.
//
// Parameters:
//   - employee_id: the employee.
//   - plan_id: the plan.
//   - dependents: names of the dependents to cover.
//
//toolgen:tool
func EnrollInBenefitPlan(ctx context.Context, employeeID, planID string, dependents []string) error {
	return errNotImplemented
}

// AssignTrainingCourse assigns a learning course to employees with a due date.
//
// Parameters:
//   - course_id: the course, for example the annual security awareness training.
//   - employee_ids: the employees.
//   - due: when it must be completed.
//
//toolgen:tool
func AssignTrainingCourse(ctx context.Context, courseID string, employeeIDs []string, due time.Time) (int, error) {
	return 0, errNotImplemented
}

// GetTrainingCompletion reports who has completed a course, who has not, and
// who is overdue.
//
// Parameters:
//   - course_id: the course.
//   - department: only this department.
//
//toolgen:tool readonly idempotent
func GetTrainingCompletion(ctx context.Context, courseID string, department *string) (map[string][]string, error) {
	return nil, errNotImplemented
}

// SubmitExpenseClaim submits a business expense for reimbursement.
//
//toolgen:tool
func SubmitExpenseClaim(ctx context.Context, in ExpenseClaim) (string, error) {
	return "", errNotImplemented
}

// ApproveExpenseClaim approves or rejects an employee's expense claim.
//
// Parameters:
//   - claim_id: the claim.
//   - approve: true to approve, false to reject.
//   - comment: a note to the employee.
//
//toolgen:tool idempotent
func ApproveExpenseClaim(ctx context.Context, claimID string, approve bool, comment *string) error {
	return errNotImplemented
}

// GetHeadcountReport counts employees, hires and departures, broken down by
// department, location or employment type.
//
// Parameters:
//   - group_by: how to break it down.
//   - as_of: the date of the count; today when absent.
//
//toolgen:tool readonly idempotent
func GetHeadcountReport(ctx context.Context, groupBy HeadcountGrouping, asOf *time.Time) (map[string]int, error) {
	return nil, errNotImplemented
}

// RequestEquipment orders a piece of equipment for an employee from IT.
//
// Parameters:
//   - employee_id: the employee.
//   - item: what to order.
//   - ship_to: the delivery address; the employee's office when absent.
//   - justification: why it is needed.
//
//toolgen:tool
func RequestEquipment(ctx context.Context, employeeID string, item Item, shipTo, justification *string) (string, error) {
	return "", errNotImplemented
}
