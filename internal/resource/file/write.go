package file

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/google/renameio/v2"

	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
)

// removeExisting makes room for a file of kind should: it backs up what is
// there and removes it unless it already has that kind. A directory is
// removed only with force. It reports whether something was removed.
func (f *instance) removeExisting(h *resource.Handle, should string) (bool, error) {
	st, err := f.onDisk(nil)
	if err != nil || st == nil {
		return false, nil
	}
	cur := resource.FileType(st.Mode())
	if f.backup != "" {
		if cur == "file" || cur == "link" || (cur == "directory" && f.force) {
			if err := f.backupExisting(h, cur); err != nil {
				return false, err
			}
		} else {
			h.Logf(resource.Warning, "Could not back up file of type %s", cur)
		}
	}
	if should != "link" && cur == should {
		return false, nil
	}
	switch cur {
	case "directory":
		if !f.force {
			h.Logf(resource.Notice, "Not removing directory; use 'force' to override")
			return false, nil
		}
		h.Logf(resource.Debug, "Removing existing directory for replacement with %s", should)
		f.changed()
		return true, os.RemoveAll(f.path)
	case "link", "file", "fifo", "socket":
		h.Logf(resource.Debug, "Removing existing %s for replacement with %s", cur, should)
		f.changed()
		return true, os.Remove(f.path)
	}
	return false, fmt.Errorf("Could not remove files of type %s", cur)
}

// backupExisting copies the file away before it is replaced: next to it
// with a suffix, or into the local file bucket.
func (f *instance) backupExisting(h *resource.Handle, cur string) error {
	if strings.HasPrefix(f.backup, ".") {
		dest := f.path + f.backup
		// Puppet's remove_backup: a folder in the way is an error, with
		// or without force.
		if st, err := os.Lstat(dest); err == nil {
			if st.IsDir() {
				return fmt.Errorf("Will not remove directory backup %s; use a filebucket", dest)
			}
			h.Logf(resource.Info, "Removing old backup of type %s", resource.FileType(st.Mode()))
			if err := os.Remove(dest); err != nil {
				return fmt.Errorf("Could not remove old backup: %s", describe(err))
			}
		}
		if cur == "directory" {
			return nil
		}
		if err := copyFile(f.path, dest); err != nil {
			return fmt.Errorf("Could not back %s up: %s", f.path, describe(err))
		}
		return nil
	}
	if cur != "file" {
		return nil
	}
	if h.BucketDir == "" {
		return errors.New("Could not back up; will not remove")
	}
	if h.Log != nil {
		h.Log.Log(resource.Info, "", "Computing checksum on file "+f.path)
	}
	sum, err := bucketPut(h.BucketDir, f.path)
	if err != nil {
		return err
	}
	h.Logf(resource.Info, "Filebucketed %s to %s with sum %s", f.path, f.backup, sum)
	return nil
}

// bucketPut stores the file at p in the local bucket dir the way Puppet's
// client bucket lays it out: <8 one-character dirs>/<sha256>/contents and
// a paths file listing where the content came from.
func bucketPut(dir, p string) (string, error) {
	data, err := readRegular(p)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(data)
	sum := hex.EncodeToString(h[:])
	parts := []string{dir}
	for i := 0; i < 8; i++ {
		parts = append(parts, sum[i:i+1])
	}
	d := filepath.Join(append(parts, sum)...)
	if err := os.MkdirAll(d, 0o750); err != nil {
		return "", err
	}
	contents := filepath.Join(d, "contents")
	if _, err := os.Stat(contents); err != nil {
		if err := renameio.WriteFile(contents, data, 0o440); err != nil {
			return "", err
		}
	}
	pathsFile := filepath.Join(d, "paths")
	old, _ := os.ReadFile(pathsFile)
	for _, l := range strings.Split(string(old), "\n") {
		if l == p {
			return sum, nil
		}
	}
	return sum, renameio.WriteFile(pathsFile, append(old, []byte(p+"\n")...), 0o640)
}

func copyFile(src, dst string) error {
	in, err := os.OpenFile(src, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	sys := st.Sys().(*syscall.Stat_t)
	out.Chown(int(sys.Uid), int(sys.Gid))
	syscall.Fchmod(int(out.Fd()), sys.Mode&0o7777)
	os.Chtimes(dst, st.ModTime(), st.ModTime())
	return out.Close()
}

// write replaces the file with the desired content atomically. The mode
// is the managed one, else the existing file's, else 0644 less the umask;
// an existing file keeps its owner and group. Both are set on the
// temporary file before the rename.
func (f *instance) write(ctx context.Context, h *resource.Handle) error {
	if f.fetched != nil {
		return f.writeRemote(ctx, h, f.fetched.url, f.remoteWant())
	}
	if _, err := f.removeExisting(h, "file"); err != nil {
		return err
	}
	return f.writeData(ctx, h, []byte(f.content), nil, true)
}

// writeEmpty makes an empty file (ensure => file without content); like
// Puppet, it runs no validate_cmd.
func (f *instance) writeEmpty(ctx context.Context, h *resource.Handle) error {
	if _, err := f.removeExisting(h, "file"); err != nil {
		return err
	}
	return f.writeData(ctx, h, nil, nil, false)
}

// writeData writes data, then what body writes (nil for nothing: body
// streams content that is not in memory), as the file's new content.
func (f *instance) writeData(ctx context.Context, h *resource.Handle, data []byte, body func(io.Writer) error, validate bool) error {
	perm := uint32(0o644) &^ f.host.processUmask()
	uid, gid := -1, -1
	st, err := f.onDisk(nil)
	if err != nil {
		return err
	}
	if st != nil {
		if st.IsDir() {
			// Puppet's own check, raised as Errno::EISDIR.
			return sysError("Is a directory - Is a directory: " + f.path)
		}
		if st.IsRegular() {
			perm = st.perm()
			uid, gid = int(st.uid), int(st.gid)
		}
	}
	if f.mode != nil {
		cur := uint32(0o644)
		if uid >= 0 {
			cur = perm
		}
		m, err := f.mode.apply(cur, false)
		if err != nil {
			return err
		}
		perm = m
	}
	// The managed owner and group go on the temporary file too, so the
	// file appears with all its properties at once.
	wantUID, wantGID, err := f.managedIDs()
	if err != nil {
		return err
	}
	if wantUID >= 0 {
		uid = wantUID
	}
	if wantGID >= 0 {
		gid = wantGID
	}
	// A new file has no old content to lose: it is linked into place at
	// once and synced with the others at the end of the run. A file that
	// a command validates, or that is staged elsewhere, needs a name.
	deferSync := h.Durable != nil && st == nil
	check := validate && f.validateCmd != ""
	f.changed()
	r := replacement{perm: perm, uid: uid, gid: gid, sync: !deferSync, tempDir: f.staging, beforeRename: f.host.beforeRename, body: body}
	created := false
	if st == nil && !check && f.staging == "" {
		if created, err = createFile(f.path, data, r); err != nil {
			return folderError(err)
		}
	}
	if !created {
		f.removeStaleTemps(h)
		if check {
			r.check = func(tmp string) error { return f.validate(ctx, h, tmp) }
		}
		if err := replaceFile(f.path, data, r); err != nil {
			return folderError(err)
		}
	}
	if deferSync {
		return h.Durable.Add(filepath.Dir(f.path))
	}
	return nil
}

// sysError is a system error already worded as Ruby words it.
type sysError string

func (e sysError) Error() string { return string(e) }

// folderError words the failure to make a new file in its folder (missing,
// no folder, immutable, read-only) as Puppet's does: Puppet fails first to
// make the lock <file><YYYYMMDD>-<pid>-<random>.lock there, so it names
// that.
func folderError(err error) error {
	var pe *os.PathError
	if !errors.As(err, &pe) || pe.Op != "open" {
		return err
	}
	lock := puppetTempName(pe.Path) + ".lock"
	if pe.Err == syscall.ENOENT {
		return sysError("No such file or directory - A directory component in " + lock + " does not exist or is a dangling symbolic link")
	}
	return sysError(errnoText(pe.Err) + " @ dir_s_mkdir - " + lock)
}

// validate runs validate_cmd on the temporary file tmp, as Puppet does:
// the command string with every validate_replacement replaced by tmp, run
// as Ruby runs one command string, its output logged at debug level.
func (f *instance) validate(ctx context.Context, h *resource.Handle, tmp string) error {
	line := strings.ReplaceAll(f.validateCmd, f.validateRepl, tmp)
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Executing: '"+line+"'")
	}
	res, err := h.Runner.Run(ctx, resource.CommandLine(line))
	var missing *command.NotFoundError
	if errors.As(err, &missing) {
		// What Puppet's forked child prints when exec fails.
		res, err = resource.Result{ExitCode: 1, Output: []byte("Error: Could not execute posix command: No such file or directory - " + missing.Program)}, nil
	}
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return &validateError{msg: fmt.Sprintf("Execution of '%s' returned %d: %s", line, res.ExitCode, strings.TrimSpace(string(res.Output)))}
	}
	if out := strings.TrimRight(string(res.Output), "\n"); out != "" {
		for _, l := range strings.Split(out, "\n") {
			h.Logf(resource.Debug, "%s", l)
		}
	}
	return nil
}

// validateError is a failed validate_cmd. Like Puppet's ExecutionFailure
// it is reported as it is, not wrapped in "Could not set ... on ensure".
type validateError struct{ msg string }

func (e *validateError) Error() string { return e.msg }

// mklink points the link at the target, replacing what is there.
func (f *instance) mklink(h *resource.Handle) error {
	// Like Puppet, make room for "a file of kind <target>": never the kind
	// that is there, so whatever is there goes (a directory only with force).
	if _, err := f.removeExisting(h, f.target); err != nil {
		return err
	}
	if _, err := os.Lstat(f.path); err == nil {
		return errors.New("Could not remove existing file")
	}
	f.changed()
	if t := f.oddTypes().target; t != "" {
		return f.setErr("link", fmt.Errorf("FileSystem implementation expected Pathname, got: '%s'", t))
	}
	if err := os.Symlink(f.target, f.path); err != nil {
		return f.setErr("link", err)
	}
	return f.propertyFix(h)
}

// managedIDs looks up the managed owner and group; -1 stands for one that
// is not managed.
func (f *instance) managedIDs() (uid, gid int, err error) {
	uid, gid = -1, -1
	if odd := f.oddTypes(); odd.owner != "" || odd.group != "" {
		return 0, 0, idTypeError(odd.owner, odd.group)
	}
	if err := checkIDRange("owner", f.owner); err != nil {
		return 0, 0, err
	}
	if err := checkIDRange("group", f.group); err != nil {
		return 0, 0, err
	}
	if f.owner != "" {
		n, ok := f.host.uidOf(f.owner)
		if !ok {
			return 0, 0, fmt.Errorf("Could not find user %s", f.owner)
		}
		uid = n
	}
	if f.group != "" {
		n, ok := f.host.gidOf(f.group)
		if !ok {
			return 0, 0, fmt.Errorf("Could not find group %s", f.group)
		}
		gid = n
	}
	return uid, gid, nil
}

// propertyFix sets owner, group and mode after the file was (re)created,
// quietly, as part of the change that created it. It reads a fresh stat
// but leaves the one from Retrieve in place for the change messages.
func (f *instance) propertyFix(h *resource.Handle) error {
	if f.owner == "" && f.group == "" && f.mode == nil {
		return nil
	}
	st, err := os.Lstat(f.path)
	if err != nil {
		return err
	}
	sys := st.Sys().(*syscall.Stat_t)
	uid, gid, err := f.managedIDs()
	if err != nil {
		return err
	}
	if uid >= 0 && uint32(uid) == sys.Uid {
		uid = -1
	}
	if gid >= 0 && uint32(gid) == sys.Gid {
		gid = -1
	}
	if uid >= 0 || gid >= 0 {
		if err := os.Lchown(f.path, uid, gid); err != nil {
			return err
		}
	}
	if f.mode != nil && st.Mode()&os.ModeSymlink == 0 {
		want, err := f.mode.apply(sys.Mode&0o7777, st.IsDir())
		if err != nil {
			return err
		}
		if want != sys.Mode&0o7777 || uid >= 0 || gid >= 0 {
			return syscall.Chmod(f.path, want)
		}
	}
	return nil
}

const diffTime = "2006-01-02 15:04:05.000000000 -0700"

// logDiff logs the unified diff between the file and the desired content,
// as diff -u prints it, before the content change.
func (f *instance) logDiff(h *resource.Handle, content string) {
	if h.Log == nil {
		return
	}
	src := h.Path + "/content"
	if f.sensitive {
		h.Log.Log(resource.Notice, src, "[diff redacted]")
		return
	}
	old, err := readRegular(f.path)
	if err != nil {
		return
	}
	now := time.Now()
	tmp := filepath.Join(os.TempDir(), fmt.Sprintf("ordo-file%s-%d-%s", now.Format("20060102"), os.Getpid(), strconv.FormatUint(rand.Uint64()%(1<<30), 36)))
	d := udiff.Unified(f.path+"\t"+f.st.ModTime().Format(diffTime), tmp+"\t"+now.Format(diffTime), string(old), content)
	if d == "" {
		return
	}
	if !utf8.ValidString(d) {
		// Puppet shows no diff that is not UTF-8.
		d = "Binary files " + f.path + " and " + tmp + " differ"
	}
	h.Log.Log(resource.Notice, src, "\n"+strings.TrimSuffix(d, "\n"))
}

// BucketPut stores the file at p in the local file bucket dir, as a file
// backup does, and returns its sha256 sum. Types that rewrite files of
// their own (host, cron) back them up with it.
func BucketPut(dir, p string) (string, error) { return bucketPut(dir, p) }
