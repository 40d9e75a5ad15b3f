package file

import (
	"github.com/ordoproject/ordo/internal/catalog"
)

// AuditValue is a property's value as Puppet's retrieve gives it, for
// the audit metaparameter, whether the file manages the property or not:
// owner and group as numeric ids, mode in four digits, content as its
// checksum. ok is false for the properties ordo does not read (SELinux
// contexts, times, checksum_value).
func (f *instance) AuditValue(property string) (catalog.Value, bool) {
	if f.st == nil {
		return "absent", true
	}
	switch property {
	case "ensure", "type":
		return f.curType, true
	case "content":
		if f.curType != "file" {
			return "absent", true
		}
		return f.currentSum(), true
	case "owner":
		return int64(f.st.uid), true
	case "group":
		return int64(f.st.gid), true
	case "mode":
		return displayMode(f.st.mode & 0o7777), true
	case "target":
		if f.curType != "link" {
			return "notlink", true
		}
		return f.curLink, true
	}
	return nil, false
}
