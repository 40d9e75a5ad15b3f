package resource

import "math/bits"

// nameTable finds an attribute's position by name. It is an
// open-addressed table hashed on a name's length and three of its bytes,
// which tells a schema's few dozen names apart with one or two probes and
// costs less than hashing the whole string as a map does; construction
// looks every name up several times, so this is on the hot path of a run.
type nameTable struct {
	slots []int32 // position + 1; 0 is an empty slot
	names []string
	shift uint8
}

func newNameTable(names []string) nameTable {
	size := 8
	for size < 4*len(names) {
		size *= 2
	}
	t := nameTable{slots: make([]int32, size), names: names, shift: uint8(32 - bits.TrailingZeros(uint(size)))}
	for i, n := range names {
		if _, dup := t.find(n); dup {
			continue
		}
		j := t.home(n)
		for t.slots[j] != 0 {
			j = (j + 1) & (len(t.slots) - 1)
		}
		t.slots[j] = int32(i + 1)
	}
	return t
}

func (t *nameTable) home(name string) int {
	h := uint32(len(name))
	if n := len(name); n > 0 {
		h = h*131 + uint32(name[0])
		h = h*131 + uint32(name[n/2])
		h = h*131 + uint32(name[n-1])
	}
	return int((h * 0x9E3779B1) >> t.shift)
}

// find returns the position of the first name equal to name.
func (t *nameTable) find(name string) (int, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	for j := t.home(name); ; j = (j + 1) & (len(t.slots) - 1) {
		s := t.slots[j]
		if s == 0 {
			return 0, false
		}
		if t.names[s-1] == name {
			return int(s - 1), true
		}
	}
}
