// Package cloud is the cloud-infrastructure domain of the benchmark catalog:
// virtual machines and disks, object-storage buckets, DNS, IAM, firewalls and
// costs, in the manner of AWS, Google Cloud or Azure.
package cloud

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/cloud"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// VMState is the lifecycle state of a virtual machine.
type VMState string

const (
	Running    VMState = "running"    // booted and billed
	Stopped    VMState = "stopped"    // shut down; disks kept
	Terminated VMState = "terminated" // deleted
	Pending    VMState = "pending"    // starting up
)

// StorageClass is the storage tier of a bucket.
type StorageClass string

const (
	Standard StorageClass = "standard" // frequently read data
	Nearline StorageClass = "nearline" // read about once a month
	Coldline StorageClass = "coldline" // read about once a quarter
	Archive  StorageClass = "archive"  // kept for years, rarely read
)

// RecordType is a DNS record type.
type RecordType string

const (
	A     RecordType = "A"     // IPv4 address
	AAAA  RecordType = "AAAA"  // IPv6 address
	CNAME RecordType = "CNAME" // alias of another name
	MX    RecordType = "MX"    // mail server
	TXT   RecordType = "TXT"   // text, for SPF, DKIM or domain verification
	NS    RecordType = "NS"    // name server
	SRV   RecordType = "SRV"   // service location
	CAA   RecordType = "CAA"   // certificate authorities allowed to issue
)

// BucketRole is access to a bucket's objects.
type BucketRole string

const (
	ObjectViewer  BucketRole = "object_viewer"  // list and read objects
	ObjectCreator BucketRole = "object_creator" // write new objects
	ObjectAdmin   BucketRole = "object_admin"   // read, write and delete objects
)

// Direction is the direction of traffic a firewall rule applies to.
type Direction string

const (
	Ingress Direction = "ingress" // incoming traffic
	Egress  Direction = "egress"  // outgoing traffic
)

// Protocol is a network protocol.
type Protocol string

const (
	TCP  Protocol = "tcp"  // TCP
	UDP  Protocol = "udp"  // UDP
	ICMP Protocol = "icmp" // ICMP (ping)
	All  Protocol = "all"  // every protocol
)

// FirewallAction is what a firewall rule does with matching traffic.
type FirewallAction string

const (
	Allow FirewallAction = "allow" // let it through
	Deny  FirewallAction = "deny"  // drop it
)

// CostGrouping is how a cost report is broken down.
type CostGrouping string

const (
	ByService CostGrouping = "service" // by product, such as compute or storage
	ByProject CostGrouping = "project" // by project or account
	ByRegion  CostGrouping = "region"  // by region
	ByLabel   CostGrouping = "label"   // by the "team" label of resources
)

// Metric is a machine metric.
type Metric string

const (
	CPU        Metric = "cpu"         // CPU utilization, percent
	Memory     Metric = "memory"      // memory used, percent
	DiskIO     Metric = "disk_io"     // disk reads and writes per second
	NetworkIn  Metric = "network_in"  // bytes received per second
	NetworkOut Metric = "network_out" // bytes sent per second
)

// HTTPMethod is the method a presigned address allows.
type HTTPMethod string

const (
	Get HTTPMethod = "GET" // download
	Put HTTPMethod = "PUT" // upload
)

// VM is a virtual machine.
type VM struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Region      string            `json:"region"`
	Zone        string            `json:"zone"`
	MachineType string            `json:"machine_type"`
	State       VMState           `json:"state"`
	PublicIP    string            `json:"public_ip,omitempty"`
	PrivateIP   string            `json:"private_ip"`
	Labels      map[string]string `json:"labels,omitempty"`
	CreatedAt   time.Time         `json:"created_at"`
}

// Snapshot is a point-in-time copy of a disk.
type Snapshot struct {
	ID        string    `json:"id"`
	DiskID    string    `json:"disk_id"`
	SizeGB    int       `json:"size_gb"`
	CreatedAt time.Time `json:"created_at"`
}

// Bucket is an object-storage bucket.
type Bucket struct {
	Name         string       `json:"name"`
	Region       string       `json:"region"`
	StorageClass StorageClass `json:"storage_class"`
	Versioning   bool         `json:"versioning"`
	CreatedAt    time.Time    `json:"created_at"`
}

// Object is an object in a bucket.
type Object struct {
	Key          string    `json:"key"`
	Size         int64     `json:"size"`
	ContentType  string    `json:"content_type,omitempty"`
	LastModified time.Time `json:"last_modified"`
}

// DNSRecord is a record set of a DNS zone.
type DNSRecord struct {
	ID     string     `json:"id"`
	Name   string     `json:"name"`
	Type   RecordType `json:"type"`
	Values []string   `json:"values"`
	TTL    int        `json:"ttl"`
}

// Binding grants a role to members on a resource.
type Binding struct {
	Role    string   `json:"role"`
	Members []string `json:"members"`
}

// FirewallRule is a rule of a network's firewall.
type FirewallRule struct {
	Name         string         `json:"name"`
	Network      string         `json:"network"`
	Direction    Direction      `json:"direction"`
	Protocol     Protocol       `json:"protocol"`
	Ports        []string       `json:"ports,omitempty"`
	SourceRanges []string       `json:"source_ranges,omitempty"`
	Action       FirewallAction `json:"action"`
	Priority     int            `json:"priority"`
}

// CostLine is the cost of one group in a cost report.
type CostLine struct {
	Group    string  `json:"group"`
	Amount   float64 `json:"amount"`
	Currency string  `json:"currency"`
}

// NewVM describes a virtual machine to create.
type NewVM struct {
	Name string `json:"name" toolgen:"pattern=^[a-z][-a-z0-9]{0,62}$"` // unique in the project
	Zone string `json:"zone"`                                          // for example "europe-west1-b"
	// MachineType is the size of the machine, for example "e2-standard-4".
	MachineType string `json:"machine_type"`
	// Image is the boot image, for example "debian-12" or "ubuntu-2404-lts".
	Image string `json:"image"`
	// DiskSizeGB is the size of the boot disk.
	DiskSizeGB int `json:"disk_size_gb,omitempty" toolgen:"min=10,max=65536,default=20"`
	// Labels are key-value labels, for example {"team": "data"}.
	Labels map[string]string `json:"labels,omitempty"`
	// SSHKeys are public keys allowed to log in.
	SSHKeys []string `json:"ssh_keys,omitempty"`
	// Spot makes it a cheaper, preemptible machine that can be stopped at any time.
	Spot bool `json:"spot,omitempty"`
	// PublicIP gives the machine an external IP address.
	PublicIP bool `json:"public_ip,omitempty"`
	// StartupScript runs as root at every boot.
	StartupScript *string `json:"startup_script,omitempty"`
}

// LifecycleRule deletes or moves objects as they age.
type LifecycleRule struct {
	Prefix  string `json:"prefix,omitempty"`         // only objects whose key starts with this
	AgeDays int    `json:"age_days" toolgen:"min=1"` // objects older than this many days
	Delete  bool   `json:"delete,omitempty"`         // delete them
	// MoveTo moves them to a colder storage class instead of deleting them.
	MoveTo *StorageClass `json:"move_to,omitempty"`
}

// NewFirewallRule describes a firewall rule to create.
type NewFirewallRule struct {
	Name      string    `json:"name"`
	Network   string    `json:"network"`   // the VPC network, "default" for the default one
	Direction Direction `json:"direction"` // incoming or outgoing
	Protocol  Protocol  `json:"protocol"`
	// Ports are ports or ranges, for example ["22", "8000-8100"].
	Ports []string `json:"ports,omitempty"`
	// SourceRanges are CIDR ranges the traffic may come from, for example ["203.0.113.0/24"].
	SourceRanges []string `json:"source_ranges,omitempty"`
	// TargetTags limits the rule to machines with one of these network tags.
	TargetTags []string       `json:"target_tags,omitempty"`
	Action     FirewallAction `json:"action"`
	Priority   int            `json:"priority,omitempty" toolgen:"min=0,max=65535,default=1000"` // lower wins
}

// ListVMs lists virtual machines, filtered by region, state or label.
//
// Parameters:
//   - region: only machines in this region, for example "us-east1".
//   - state: only machines in this state.
//   - label: only machines with this label, "key=value".
//
//toolgen:tool name=list_vms readonly idempotent
func ListVMs(ctx context.Context, region *string, state *VMState, label *string) ([]VM, error) {
	return nil, errNotImplemented
}

// GetVM returns a virtual machine's configuration, state and addresses.
//
// Parameters:
//   - vm_id: the machine's id or name.
//
//toolgen:tool readonly idempotent
func GetVM(ctx context.Context, vmID string) (VM, error) {
	return VM{}, errNotImplemented
}

// CreateVM launches a new virtual machine.
//
//toolgen:tool
func CreateVM(ctx context.Context, in NewVM) (VM, error) {
	return VM{}, errNotImplemented
}

// StartVM boots a stopped virtual machine.
//
// Parameters:
//   - vm_id: the machine.
//
//toolgen:tool idempotent
func StartVM(ctx context.Context, vmID string) (VM, error) {
	return VM{}, errNotImplemented
}

// StopVM shuts a virtual machine down; its disks are kept and it stops being
// billed for compute.
//
// Parameters:
//   - vm_id: the machine.
//   - force: power it off without a clean shutdown.
//
//toolgen:tool idempotent
func StopVM(ctx context.Context, vmID string, force bool) (VM, error) {
	return VM{}, errNotImplemented
}

// RebootVM restarts a running virtual machine.
//
// Parameters:
//   - vm_id: the machine.
//   - hard: reset it like a power cycle instead of a clean reboot.
//
//toolgen:tool
func RebootVM(ctx context.Context, vmID string, hard bool) (VM, error) {
	return VM{}, errNotImplemented
}

// DeleteVM deletes a virtual machine, and optionally its disks.
//
// Parameters:
//   - vm_id: the machine.
//   - delete_disks: also delete the attached disks; otherwise they are kept.
//
//toolgen:tool destructive requires_approval
func DeleteVM(ctx context.Context, vmID string, deleteDisks bool) error {
	return errNotImplemented
}

// ResizeVM changes a virtual machine's machine type (CPUs and memory); the
// machine is restarted.
//
// Parameters:
//   - vm_id: the machine.
//   - machine_type: the new type, for example "n2-highmem-8".
//
//toolgen:tool
func ResizeVM(ctx context.Context, vmID, machineType string) (VM, error) {
	return VM{}, errNotImplemented
}

// GetVMConsoleOutput returns the last lines of a virtual machine's serial
// console, which shows boot messages and kernel errors.
//
// Parameters:
//   - vm_id: the machine.
//   - lines min=1,max=10000: how many lines.
//
//toolgen:tool readonly
func GetVMConsoleOutput(ctx context.Context, vmID string, lines int) (string, error) {
	return "", errNotImplemented
}

// GetVMMetrics returns a time series of a machine's CPU, memory, disk or
// network usage.
//
// Parameters:
//   - vm_id: the machine.
//   - metric: what to measure.
//   - from: the start of the window.
//   - to: the end of the window; now when absent.
//
//toolgen:tool readonly idempotent
func GetVMMetrics(ctx context.Context, vmID string, metric Metric, from time.Time, to *time.Time) ([]float64, error) {
	return nil, errNotImplemented
}

// CreateDiskSnapshot takes a point-in-time backup of a persistent disk.
//
// Parameters:
//   - disk_id: the disk.
//   - description: what the snapshot is for.
//
//toolgen:tool
func CreateDiskSnapshot(ctx context.Context, diskID string, description *string) (Snapshot, error) {
	return Snapshot{}, errNotImplemented
}

// ListDiskSnapshots lists the snapshots of a disk, or of all disks.
//
// Parameters:
//   - disk_id: only snapshots of this disk.
//
//toolgen:tool readonly idempotent
func ListDiskSnapshots(ctx context.Context, diskID *string) ([]Snapshot, error) {
	return nil, errNotImplemented
}

// CreateDiskFromSnapshot creates a new disk holding a snapshot's data.
//
// Parameters:
//   - snapshot_id: the snapshot.
//   - zone: the zone of the new disk.
//   - name: the new disk's name.
//
//toolgen:tool
func CreateDiskFromSnapshot(ctx context.Context, snapshotID, zone, name string) (string, error) {
	return "", errNotImplemented
}

// AttachDisk attaches a persistent disk to a virtual machine.
//
// Parameters:
//   - vm_id: the machine.
//   - disk_id: the disk.
//   - read_only: attach it read-only.
//
//toolgen:tool idempotent
func AttachDisk(ctx context.Context, vmID, diskID string, readOnly bool) error {
	return errNotImplemented
}

// DetachDisk detaches a disk from a virtual machine; the disk is kept.
//
// Parameters:
//   - vm_id: the machine.
//   - disk_id: the disk.
//
//toolgen:tool idempotent
func DetachDisk(ctx context.Context, vmID, diskID string) error {
	return errNotImplemented
}

// ScaleInstanceGroup sets the number of machines in a managed instance group.
//
// Parameters:
//   - group: the instance group.
//   - size min=0,max=1000: the number of machines.
//
//toolgen:tool idempotent
func ScaleInstanceGroup(ctx context.Context, group string, size int) error {
	return errNotImplemented
}

// ListBuckets lists the object-storage buckets of the project.
//
// Parameters:
//   - region: only buckets in this region.
//
//toolgen:tool readonly idempotent
func ListBuckets(ctx context.Context, region *string) ([]Bucket, error) {
	return nil, errNotImplemented
}

// CreateBucket creates an object-storage bucket.
//
// Parameters:
//   - name: the bucket's globally unique name.
//   - region: where its data is stored.
//   - storage_class: the default storage tier.
//   - versioning: keep old versions of overwritten and deleted objects.
//   - public_access_blocked: refuse any public access to the bucket.
//
//toolgen:tool
func CreateBucket(ctx context.Context, name, region string, storageClass StorageClass, versioning, publicAccessBlocked bool) (Bucket, error) {
	return Bucket{}, errNotImplemented
}

// DeleteBucket deletes a bucket. A bucket holding objects is only deleted
// with force, which deletes the objects too.
//
// Parameters:
//   - name: the bucket.
//   - force: delete its objects first.
//
//toolgen:tool destructive requires_approval
func DeleteBucket(ctx context.Context, name string, force bool) error {
	return errNotImplemented
}

// ListBucketObjects lists the objects of a bucket whose keys start with a
// prefix.
//
// Parameters:
//   - bucket: the bucket.
//   - prefix: only keys starting with this, for example "logs/2026/".
//   - limit min=1,max=1000: the most objects to return.
//
//toolgen:tool readonly idempotent
func ListBucketObjects(ctx context.Context, bucket string, prefix *string, limit int) ([]Object, error) {
	return nil, errNotImplemented
}

// UploadObject uploads a local file to a bucket.
//
// Parameters:
//   - bucket: the bucket.
//   - key: the object's key, for example "reports/q3.pdf".
//   - source_path: the local file.
//   - content_type: the MIME type; guessed from the name when absent.
//
//toolgen:tool
func UploadObject(ctx context.Context, bucket, key, sourcePath string, contentType *string) (Object, error) {
	return Object{}, errNotImplemented
}

// DeleteObject deletes an object from a bucket.
//
// Parameters:
//   - bucket: the bucket.
//   - key: the object's key.
//
//toolgen:tool destructive idempotent
func DeleteObject(ctx context.Context, bucket, key string) error {
	return errNotImplemented
}

// GeneratePresignedURL returns a time-limited address that lets anyone
// download or upload one object without credentials.
//
// Parameters:
//   - bucket: the bucket.
//   - key: the object's key.
//   - method: GET to download, PUT to upload.
//   - expires_in_minutes min=1,max=10080: how long the address works.
//
//toolgen:tool readonly
func GeneratePresignedURL(ctx context.Context, bucket, key string, method HTTPMethod, expiresInMinutes int) (string, error) {
	return "", errNotImplemented
}

// SetBucketLifecycle replaces a bucket's lifecycle rules, which delete objects
// or move them to colder storage as they age.
//
// Parameters:
//   - bucket: the bucket.
//   - rules: the new rules; an empty list removes them all.
//
//toolgen:tool idempotent destructive
func SetBucketLifecycle(ctx context.Context, bucket string, rules []LifecycleRule) error {
	return errNotImplemented
}

// GrantBucketAccess lets a user, group or service account read or write a
// bucket's objects.
//
// Parameters:
//   - bucket: the bucket.
//   - member: "user:bob@example.com", "group:data@example.com" or "serviceAccount:...".
//   - role: the access to grant.
//
//toolgen:tool idempotent
func GrantBucketAccess(ctx context.Context, bucket, member string, role BucketRole) error {
	return errNotImplemented
}

// ListDNSZones lists the DNS zones (domains) the project hosts.
//
//toolgen:tool readonly idempotent
func ListDNSZones(ctx context.Context) ([]string, error) {
	return nil, errNotImplemented
}

// ListDNSRecords lists the records of a DNS zone.
//
// Parameters:
//   - zone: the zone, for example "example.com".
//   - record_type: only records of this type.
//   - name: only records of this name, for example "api.example.com".
//
//toolgen:tool readonly idempotent
func ListDNSRecords(ctx context.Context, zone string, recordType *RecordType, name *string) ([]DNSRecord, error) {
	return nil, errNotImplemented
}

// CreateDNSRecord adds a record to a DNS zone.
//
// Parameters:
//   - zone: the zone.
//   - name: the record's name, for example "www.example.com".
//   - record_type: the record type.
//   - values: the record's values, for example an IP address or a target host name.
//   - ttl min=30,max=86400: how long resolvers may cache it, in seconds.
//
//toolgen:tool
func CreateDNSRecord(ctx context.Context, zone, name string, recordType RecordType, values []string, ttl int) (DNSRecord, error) {
	return DNSRecord{}, errNotImplemented
}

// UpdateDNSRecord changes the values or TTL of a DNS record.
//
// Parameters:
//   - zone: the zone.
//   - record_id: the record.
//   - values: the new values.
//   - ttl min=30,max=86400: a new TTL in seconds.
//
//toolgen:tool idempotent
func UpdateDNSRecord(ctx context.Context, zone, recordID string, values []string, ttl *int) (DNSRecord, error) {
	return DNSRecord{}, errNotImplemented
}

// DeleteDNSRecord removes a record from a DNS zone.
//
// Parameters:
//   - zone: the zone.
//   - record_id: the record.
//
//toolgen:tool destructive idempotent
func DeleteDNSRecord(ctx context.Context, zone, recordID string) error {
	return errNotImplemented
}

// GetIAMPolicy returns who has which roles on a project, folder or resource.
//
// Parameters:
//   - resource: the resource, for example "projects/acme-prod".
//
//toolgen:tool readonly idempotent
func GetIAMPolicy(ctx context.Context, resource string) ([]Binding, error) {
	return nil, errNotImplemented
}

// AddIAMBinding grants a role on a resource to a user, group or service
// account.
//
// Parameters:
//   - resource: the resource, for example "projects/acme-prod".
//   - member: "user:ann@example.com", "group:..." or "serviceAccount:...".
//   - role: the role, for example "roles/compute.viewer".
//   - expires_at: the grant lapses at this time.
//
//toolgen:tool idempotent requires_approval
func AddIAMBinding(ctx context.Context, resource, member, role string, expiresAt *time.Time) ([]Binding, error) {
	return nil, errNotImplemented
}

// RemoveIAMBinding takes a role on a resource away from a member.
//
// Parameters:
//   - resource: the resource.
//   - member: the member.
//   - role: the role.
//
//toolgen:tool destructive idempotent
func RemoveIAMBinding(ctx context.Context, resource, member, role string) ([]Binding, error) {
	return nil, errNotImplemented
}

// ListIAMRoles lists the predefined and custom roles, with their permissions.
//
// Parameters:
//   - filter: only roles whose name or title contains this, for example "storage".
//
//toolgen:tool readonly idempotent
func ListIAMRoles(ctx context.Context, filter *string) ([]string, error) {
	return nil, errNotImplemented
}

// CreateServiceAccount creates an identity for an application or workload to
// call cloud APIs with.
//
// Parameters:
//   - name: the account's id, for example "billing-exporter".
//   - description: what it is for.
//
//toolgen:tool
func CreateServiceAccount(ctx context.Context, name string, description *string) (string, error) {
	return "", errNotImplemented
}

// CreateServiceAccountKey creates a JSON key file for a service account and
// returns it once.
//
// Parameters:
//   - service_account: the account's email.
//
//toolgen:tool requires_approval
func CreateServiceAccountKey(ctx context.Context, serviceAccount string) (string, error) {
	return "", errNotImplemented
}

// CreateFirewallRule adds a rule that allows or denies traffic to machines of
// a network.
//
//toolgen:tool
func CreateFirewallRule(ctx context.Context, in NewFirewallRule) (FirewallRule, error) {
	return FirewallRule{}, errNotImplemented
}

// ListFirewallRules lists the firewall rules of a network.
//
// Parameters:
//   - network: the network; all networks when absent.
//
//toolgen:tool readonly idempotent
func ListFirewallRules(ctx context.Context, network *string) ([]FirewallRule, error) {
	return nil, errNotImplemented
}

// DeleteFirewallRule deletes a firewall rule.
//
// Parameters:
//   - name: the rule.
//
//toolgen:tool destructive idempotent
func DeleteFirewallRule(ctx context.Context, name string) error {
	return errNotImplemented
}

// ReserveStaticIP reserves an external IP address that stays the same across
// machine restarts.
//
// Parameters:
//   - region: the region of the address.
//   - name: a name for the address.
//
//toolgen:tool
func ReserveStaticIP(ctx context.Context, region, name string) (string, error) {
	return "", errNotImplemented
}

// GetCloudCosts returns what the cloud account spent between two dates,
// broken down by service, project, region or label.
//
// Parameters:
//   - from: the first day.
//   - to: the last day.
//   - group_by: how to break the total down.
//
//toolgen:tool readonly idempotent
func GetCloudCosts(ctx context.Context, from, to time.Time, groupBy CostGrouping) ([]CostLine, error) {
	return nil, errNotImplemented
}

// ListRegions lists the regions and zones where resources can be created.
//
//toolgen:tool readonly idempotent
func ListRegions(ctx context.Context) ([]string, error) {
	return nil, errNotImplemented
}

// CreateSSHKey registers a public SSH key in the project's metadata, so that
// its holder can log in to the project's machines.
//
// Parameters:
//   - user: the login name on the machines.
//   - public_key: the key, "ssh-ed25519 AAAA... comment".
//
//toolgen:tool idempotent
func CreateSSHKey(ctx context.Context, user, publicKey string) error {
	return errNotImplemented
}
