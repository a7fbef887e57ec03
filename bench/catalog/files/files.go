// Package files is the file-storage domain of the benchmark catalog: a
// cloud drive with folders, sharing, versions, trash and archives, in the
// manner of Google Drive, Dropbox or OneDrive.
package files

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/files"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// Role is the access a person gets to a shared file or folder.
type Role string

const (
	Viewer    Role = "viewer"    // can open and download
	Commenter Role = "commenter" // can view and leave comments
	Editor    Role = "editor"    // can change, move and share
)

// LinkAccess says who can open a share link.
type LinkAccess string

const (
	AnyoneWithLink LinkAccess = "anyone"       // anyone who has the link
	Organization   LinkAccess = "organization" // signed-in members of the organization
	Restricted     LinkAccess = "restricted"   // only people already shared with
)

// ArchiveFormat is the format of a compressed archive.
type ArchiveFormat string

const (
	Zip      ArchiveFormat = "zip"    // ZIP archive
	TarGzip  ArchiveFormat = "tar.gz" // gzip-compressed tarball
	SevenZip ArchiveFormat = "7z"     // 7-Zip archive
)

// DocumentFormat is a format a file can be converted to.
type DocumentFormat string

const (
	PDF      DocumentFormat = "pdf"  // Portable Document Format
	Word     DocumentFormat = "docx" // Microsoft Word
	Text     DocumentFormat = "txt"  // plain text
	PNG      DocumentFormat = "png"  // PNG image, one per page
	JPEG     DocumentFormat = "jpg"  // JPEG image, one per page
	Markdown DocumentFormat = "md"   // Markdown
)

// HashAlgorithm is a checksum algorithm.
type HashAlgorithm string

const (
	MD5    HashAlgorithm = "md5"    // MD5, 128 bits
	SHA1   HashAlgorithm = "sha1"   // SHA-1, 160 bits
	SHA256 HashAlgorithm = "sha256" // SHA-256, 256 bits
)

// SyncDirection says which way a folder sync copies changes.
type SyncDirection string

const (
	Upload        SyncDirection = "upload"        // local to drive
	Download      SyncDirection = "download"      // drive to local
	Bidirectional SyncDirection = "bidirectional" // both ways, newest wins
)

// FileInfo describes a file or folder.
type FileInfo struct {
	Path       string    `json:"path"`
	Name       string    `json:"name"`
	Folder     bool      `json:"folder"`
	Size       int64     `json:"size"`
	MimeType   string    `json:"mime_type,omitempty"`
	Owner      string    `json:"owner"`
	ModifiedAt time.Time `json:"modified_at"`
	Starred    bool      `json:"starred,omitempty"`
	Tags       []string  `json:"tags,omitempty"`
}

// FileList is a page of files.
type FileList struct {
	Files         []FileInfo `json:"files"`
	NextPageToken string     `json:"next_page_token,omitempty"`
}

// Permission is one person's or group's access to a file.
type Permission struct {
	Email string `json:"email"`
	Role  Role   `json:"role"`
	Owner bool   `json:"owner,omitempty"`
}

// Version is one stored revision of a file.
type Version struct {
	ID         string    `json:"id"`
	ModifiedAt time.Time `json:"modified_at"`
	ModifiedBy string    `json:"modified_by"`
	Size       int64     `json:"size"`
}

// ShareLink is a link that opens a file.
type ShareLink struct {
	ID        string     `json:"id"`
	URL       string     `json:"url"`
	Access    LinkAccess `json:"access"`
	ExpiresAt *time.Time `json:"expires_at,omitempty"`
}

// Quota is the storage used and available.
type Quota struct {
	UsedBytes    int64 `json:"used_bytes"`
	LimitBytes   int64 `json:"limit_bytes"`
	TrashBytes   int64 `json:"trash_bytes"`
	SharedDrives int   `json:"shared_drives"`
}

// ShareFileRequest shares a file or folder with a person or group.
type ShareFileRequest struct {
	// Path of the file or folder to share.
	Path string `json:"path" toolgen:"minLength=1"`
	// Email of the person or Google-style group to share with.
	Email string `json:"email" toolgen:"format=email"`
	// Role the person gets.
	Role Role `json:"role"`
	// Notify sends the person an email about the share.
	Notify bool `json:"notify,omitempty"`
	// Message is included in the notification email.
	Message *string `json:"message,omitempty"`
	// ExpiresAt removes the access at this time.
	ExpiresAt *time.Time `json:"expires_at,omitempty"`
}

// SyncRequest syncs a local folder with a drive folder.
type SyncRequest struct {
	LocalPath  string        `json:"local_path"`  // folder on this machine
	RemotePath string        `json:"remote_path"` // folder on the drive
	Direction  SyncDirection `json:"direction"`   // which way changes are copied
	// DeleteExtraneous deletes files on the receiving side that the sending side does not have.
	DeleteExtraneous bool `json:"delete_extraneous,omitempty"`
	// Exclude lists glob patterns of paths to skip, for example "node_modules/**".
	Exclude []string `json:"exclude,omitempty"`
	DryRun  bool     `json:"dry_run,omitempty"` // report what would change without changing it
}

// ListFiles lists the files and folders directly inside a folder of the drive.
//
// Parameters:
//   - folder: path of the folder, "/" for the root of the drive.
//   - recursive: also list the contents of every subfolder.
//   - pattern: a glob the names must match, for example "*.pdf".
//   - page_token: the next_page_token of the previous page.
//
//toolgen:tool readonly idempotent
func ListFiles(ctx context.Context, folder string, recursive bool, pattern *string, pageToken *string) (FileList, error) {
	return FileList{}, errNotImplemented
}

// SearchFiles finds files anywhere in the drive whose name or content matches a
// full-text query, optionally narrowed by type and modification date.
//
// Parameters:
//   - query: words to look for in file names and contents.
//   - mime_type: only files of this MIME type, for example "application/pdf".
//   - modified_after: only files changed after this time.
//   - owner: only files owned by this email address.
//   - limit min=1,max=200: the most results to return.
//
//toolgen:tool readonly idempotent
func SearchFiles(ctx context.Context, query string, mimeType *string, modifiedAfter *time.Time, owner *string, limit int) (FileList, error) {
	return FileList{}, errNotImplemented
}

// ReadFile returns the contents of a text file. Binary files are returned
// base64-encoded.
//
// Parameters:
//   - path: path of the file.
//   - max_bytes: stop after this many bytes; the whole file when absent.
//
//toolgen:tool readonly idempotent
func ReadFile(ctx context.Context, path string, maxBytes *int) (string, error) {
	return "", errNotImplemented
}

// WriteFile creates a file with the given contents, or replaces an existing
// file's contents when overwrite is set.
//
// Parameters:
//   - path: path of the file to write; missing parent folders are created.
//   - content: the new contents.
//   - overwrite: replace the file if it exists; otherwise an existing file is an error.
//
//toolgen:tool destructive
func WriteFile(ctx context.Context, path, content string, overwrite bool) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// AppendToFile adds text to the end of an existing file.
//
// Parameters:
//   - path: path of the file.
//   - content: the text to append.
//
//toolgen:tool
func AppendToFile(ctx context.Context, path, content string) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// DeleteFile moves a file to the trash, or deletes it for good.
//
// Parameters:
//   - path: path of the file.
//   - permanent: skip the trash; the file cannot be restored.
//
//toolgen:tool destructive
func DeleteFile(ctx context.Context, path string, permanent bool) error {
	return errNotImplemented
}

// MoveFile moves a file or folder to another folder.
//
// Parameters:
//   - source: path of the file or folder to move.
//   - destination_folder: path of the folder to move it into.
//
//toolgen:tool
func MoveFile(ctx context.Context, source, destinationFolder string) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// CopyFile makes a copy of a file, in the same folder or another one.
//
// Parameters:
//   - source: path of the file to copy.
//   - destination: path of the copy.
//
//toolgen:tool
func CopyFile(ctx context.Context, source, destination string) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// RenameFile changes the name of a file or folder without moving it.
//
// Parameters:
//   - path: path of the file or folder.
//   - new_name: the new name, without a folder.
//
//toolgen:tool
func RenameFile(ctx context.Context, path, newName string) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// CreateFolder creates a folder, and any missing parent folders.
//
// Parameters:
//   - path: path of the new folder.
//
//toolgen:tool idempotent
func CreateFolder(ctx context.Context, path string) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// DeleteFolder moves a folder to the trash. A folder that is not empty is
// only deleted when recursive is set.
//
// Parameters:
//   - path: path of the folder.
//   - recursive: delete the folder's contents too.
//
//toolgen:tool destructive
func DeleteFolder(ctx context.Context, path string, recursive bool) error {
	return errNotImplemented
}

// GetFileMetadata returns a file's size, type, owner, modification time and tags,
// without its contents.
//
// Parameters:
//   - path: path of the file or folder.
//
//toolgen:tool readonly idempotent
func GetFileMetadata(ctx context.Context, path string) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// ShareFile gives a person or group access to a file or folder.
//
//toolgen:tool
func ShareFile(ctx context.Context, in ShareFileRequest) ([]Permission, error) {
	return nil, errNotImplemented
}

// RevokeFileAccess removes a person's or group's access to a file or folder.
//
// Parameters:
//   - path: path of the file or folder.
//   - email: the person or group whose access to remove.
//
//toolgen:tool destructive idempotent
func RevokeFileAccess(ctx context.Context, path, email string) error {
	return errNotImplemented
}

// ListFilePermissions lists who has access to a file or folder and with which
// role.
//
// Parameters:
//   - path: path of the file or folder.
//
//toolgen:tool readonly idempotent
func ListFilePermissions(ctx context.Context, path string) ([]Permission, error) {
	return nil, errNotImplemented
}

// CreateShareLink creates a link that opens a file or folder, for anyone or for
// members of the organization.
//
// Parameters:
//   - path: path of the file or folder.
//   - access: who can open the link.
//   - role: what people who open the link can do; viewer when absent.
//   - expires_at: the link stops working at this time.
//   - password: a password people must enter to open the link.
//
//toolgen:tool
func CreateShareLink(ctx context.Context, path string, access LinkAccess, role *Role, expiresAt *time.Time, password *string) (ShareLink, error) {
	return ShareLink{}, errNotImplemented
}

// DisableShareLink turns off a share link, so that opening it no longer works.
//
// Parameters:
//   - link_id: id of the link, as CreateShareLink returned it.
//
//toolgen:tool destructive idempotent
func DisableShareLink(ctx context.Context, linkID string) error {
	return errNotImplemented
}

// ListFileVersions lists the stored revisions of a file, newest first.
//
// Parameters:
//   - path: path of the file.
//
//toolgen:tool readonly idempotent
func ListFileVersions(ctx context.Context, path string) ([]Version, error) {
	return nil, errNotImplemented
}

// RestoreFileVersion makes an earlier revision of a file its current contents.
// The current contents stay available as a revision.
//
// Parameters:
//   - path: path of the file.
//   - version_id: id of the revision, from ListFileVersions.
//
//toolgen:tool
func RestoreFileVersion(ctx context.Context, path, versionID string) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// ListTrash lists the files and folders in the trash, most recently deleted
// first.
//
// Parameters:
//   - limit min=1,max=500: the most entries to return.
//
//toolgen:tool readonly idempotent
func ListTrash(ctx context.Context, limit int) (FileList, error) {
	return FileList{}, errNotImplemented
}

// RestoreFromTrash puts a trashed file or folder back where it was.
//
// Parameters:
//   - path: the original path of the trashed file or folder.
//
//toolgen:tool idempotent
func RestoreFromTrash(ctx context.Context, path string) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// EmptyTrash permanently deletes everything in the trash.
//
//toolgen:tool destructive requires_approval
func EmptyTrash(ctx context.Context) (string, error) {
	return "", errNotImplemented
}

// CompressFiles packs files and folders into one archive.
//
// Parameters:
//   - paths: the files and folders to include.
//   - archive_path: path of the archive to create.
//   - format: the archive format.
//
//toolgen:tool
func CompressFiles(ctx context.Context, paths []string, archivePath string, format ArchiveFormat) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// ExtractArchive unpacks a zip, tar.gz or 7z archive into a folder.
//
// Parameters:
//   - archive_path: path of the archive.
//   - destination: folder to unpack into; created if missing.
//
//toolgen:tool
func ExtractArchive(ctx context.Context, archivePath, destination string) (FileList, error) {
	return FileList{}, errNotImplemented
}

// GetStorageQuota returns how much storage the account uses and how much it is
// allowed.
//
//toolgen:tool readonly idempotent
func GetStorageQuota(ctx context.Context) (Quota, error) {
	return Quota{}, errNotImplemented
}

// LockFile checks out a file so that only you can edit it until you unlock it.
//
// Parameters:
//   - path: path of the file.
//   - reason: shown to others who try to edit the file.
//
//toolgen:tool idempotent
func LockFile(ctx context.Context, path string, reason *string) error {
	return errNotImplemented
}

// UnlockFile releases a lock taken with LockFile, so that others can edit the
// file again.
//
// Parameters:
//   - path: path of the file.
//
//toolgen:tool idempotent
func UnlockFile(ctx context.Context, path string) error {
	return errNotImplemented
}

// AddFileComment leaves a comment on a file, visible to everyone it is shared
// with.
//
// Parameters:
//   - path: path of the file.
//   - text: the comment; @mentions notify the people mentioned.
//
//toolgen:tool
func AddFileComment(ctx context.Context, path, text string) (string, error) {
	return "", errNotImplemented
}

// ListRecentFiles lists the files you opened or changed most recently.
//
// Parameters:
//   - limit min=1,max=100: the most files to return.
//
//toolgen:tool readonly idempotent
func ListRecentFiles(ctx context.Context, limit int) (FileList, error) {
	return FileList{}, errNotImplemented
}

// StarFile adds a file to, or removes it from, your starred files.
//
// Parameters:
//   - path: path of the file or folder.
//   - starred: true to star, false to unstar.
//
//toolgen:tool idempotent
func StarFile(ctx context.Context, path string, starred bool) error {
	return errNotImplemented
}

// ConvertFileFormat converts a document or image into another format and saves
// the result next to the original.
//
// Parameters:
//   - path: path of the file to convert.
//   - target_format: the format to convert to.
//
//toolgen:tool
func ConvertFileFormat(ctx context.Context, path string, targetFormat DocumentFormat) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// GetFileChecksum computes a checksum of a file's contents, to verify a
// download or compare two copies.
//
// Parameters:
//   - path: path of the file.
//   - algorithm: the hash algorithm.
//
//toolgen:tool readonly idempotent
func GetFileChecksum(ctx context.Context, path string, algorithm HashAlgorithm) (string, error) {
	return "", errNotImplemented
}

// FindDuplicateFiles finds files with identical contents under a folder,
// grouped by content.
//
// Parameters:
//   - folder: the folder to scan, with its subfolders.
//   - min_size: ignore files smaller than this many bytes.
//
//toolgen:tool readonly idempotent
func FindDuplicateFiles(ctx context.Context, folder string, minSize *int64) ([][]FileInfo, error) {
	return nil, errNotImplemented
}

// SyncFolder makes a local folder and a drive folder hold the same files.
//
//toolgen:tool destructive
func SyncFolder(ctx context.Context, in SyncRequest) (string, error) {
	return "", errNotImplemented
}

// UploadFileFromURL downloads a file from a web address and saves it in the
// drive.
//
// Parameters:
//   - url: the http or https address of the file.
//   - destination: path to save it at.
//
//toolgen:tool openworld
func UploadFileFromURL(ctx context.Context, url, destination string) (FileInfo, error) {
	return FileInfo{}, errNotImplemented
}

// GetFileDownloadURL returns a short-lived direct download address for a file.
//
// Parameters:
//   - path: path of the file.
//   - expires_in_minutes min=1,max=10080: how long the address works.
//
//toolgen:tool readonly
func GetFileDownloadURL(ctx context.Context, path string, expiresInMinutes int) (string, error) {
	return "", errNotImplemented
}

// TransferFileOwnership makes another person the owner of a file or folder;
// you keep editor access.
//
// Parameters:
//   - path: path of the file or folder.
//   - new_owner: email of the new owner, who must be in your organization.
//
//toolgen:tool requires_approval
func TransferFileOwnership(ctx context.Context, path, newOwner string) error {
	return errNotImplemented
}

// ListSharedWithMe lists files and folders other people have shared with you.
//
// Parameters:
//   - shared_by: only items shared by this email address.
//   - limit min=1,max=200: the most items to return.
//
//toolgen:tool readonly idempotent
func ListSharedWithMe(ctx context.Context, sharedBy *string, limit int) (FileList, error) {
	return FileList{}, errNotImplemented
}

// SetFileTags replaces the tags of a file or folder.
//
// Parameters:
//   - path: path of the file or folder.
//   - tags: the new tags; an empty list removes them all.
//
//toolgen:tool idempotent
func SetFileTags(ctx context.Context, path string, tags []string) error {
	return errNotImplemented
}

// ScanFileForViruses checks a file for malware and reports what it found.
//
// Parameters:
//   - path: path of the file or folder to scan.
//
//toolgen:tool readonly
func ScanFileForViruses(ctx context.Context, path string) (string, error) {
	return "", errNotImplemented
}

// GenerateThumbnail renders a small preview image of a document, image or
// video and returns its address.
//
// Parameters:
//   - path: path of the file.
//   - width min=16,max=2048: the width of the preview in pixels.
//
//toolgen:tool readonly
func GenerateThumbnail(ctx context.Context, path string, width int) (string, error) {
	return "", errNotImplemented
}
