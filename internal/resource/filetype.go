package resource

import "io/fs"

// FileType names a file's type as Ruby's File.ftype does, as Puppet's
// messages show it: file, directory, link, fifo, socket, characterSpecial,
// blockSpecial.
func FileType(m fs.FileMode) string {
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
