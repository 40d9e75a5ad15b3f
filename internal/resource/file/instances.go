package file

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// deviceReadLimit bounds how much of a device find reads for its
// checksum: /dev/null ends at once, /dev/zero never would.
const deviceReadLimit = 1 << 20

// find reads one file as puppet resource file shows it: its kind as
// ensure and type, owner and group as ids, mode, times, the link target,
// and the sha256 checksum of a file's content. A path that does not
// exist is absent.
func find(_ context.Context, _ *resource.Handle, path string) (*catalog.Resource, error) {
	r := &catalog.Resource{Type: "File", Title: path}
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		r.Set("ensure", "absent")
		return r, nil
	}
	if err != nil {
		return nil, err
	}
	kind := ftype(fi.Mode())
	r.Set("ensure", kind)
	r.Set("type", kind)
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		r.Set("owner", int64(st.Uid))
		r.Set("group", int64(st.Gid))
		r.Set("ctime", rubyTime(time.Unix(st.Ctim.Sec, st.Ctim.Nsec)))
		r.Set("mode", fmt.Sprintf("%04o", st.Mode&0o7777))
	}
	r.Set("mtime", rubyTime(fi.ModTime()))
	switch kind {
	case "link":
		target, err := os.Readlink(path)
		if err != nil {
			return nil, err
		}
		r.Set("target", target)
	case "file", "characterSpecial", "blockSpecial":
		if sum, ok := checksum(path, kind != "file"); ok {
			r.Set("content", "{sha256}"+sum)
		}
	}
	return r, nil
}

// ftype names a file's kind as Ruby's File::Stat#ftype does.
func ftype(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "file"
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "link"
	case m&fs.ModeNamedPipe != 0:
		return "fifo"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "characterSpecial"
	case m&fs.ModeDevice != 0:
		return "blockSpecial"
	}
	return "unknown"
}

// checksum is the sha256 of a file's content. A device is read without
// waiting (a terminal has nothing to give) and only when it ends within
// deviceReadLimit bytes; ok is false when no checksum can be had.
func checksum(path string, device bool) (string, bool) {
	flags := os.O_RDONLY
	if device {
		flags |= syscall.O_NONBLOCK
	}
	f, err := os.OpenFile(path, flags, 0)
	if err != nil {
		return "", false
	}
	defer f.Close()
	h := sha256.New()
	var src io.Reader = f
	if device {
		src = io.LimitReader(f, deviceReadLimit+1)
	}
	n, err := io.Copy(h, src)
	if err != nil || (device && n > deviceReadLimit) {
		return "", false
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// rubyTime renders t as Ruby's Time#to_s does, in local time.
func rubyTime(t time.Time) string { return t.Local().Format("2006-01-02 15:04:05 -0700") }
