package facts

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ordoproject/ordo/internal/catalog"
)

func unameMachine() string {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return ""
	}
	return unix.ByteSliceToString(u.Machine[:])
}

func (s Source) addProcessors(f *catalog.Hash) {
	p := catalog.NewHash()
	count := 0
	var models []catalog.Value
	physical := map[string]bool{}
	var speed int64
	cpuCores, siblings := 0, 0
	for _, line := range strings.Split(s.read("/proc/cpuinfo"), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "processor":
			count++
		case "model name", "cpu":
			models = append(models, v)
		case "physical id":
			physical[v] = true
		case "cpu MHz":
			if m := regexp.MustCompile(`^(\d+)`).FindString(v); m != "" {
				n, _ := strconv.ParseInt(m, 10, 64)
				speed = n * 1_000_000
			}
		case "clock":
			if m := regexp.MustCompile(`^(\d+).*MHz`).FindStringSubmatch(v); m != nil {
				n, _ := strconv.ParseInt(m[1], 10, 64)
				speed = n * 1_000_000
			}
		case "cpu cores":
			cpuCores, _ = strconv.Atoi(v)
		case "siblings":
			siblings, _ = strconv.Atoi(v)
		}
	}
	physicalCount := len(physical)
	if physicalCount == 0 {
		physicalCount = s.physicalPackages()
	}
	if cpuCores > 0 {
		p.Set("cores", int64(cpuCores))
	}
	p.Set("count", int64(count))
	// Facter takes the ISA from `uname -p`: GNU coreutils answers
	// "unknown" on Linux, except as Red Hat patches it, with the machine.
	isa := "unknown"
	if fam, _ := dotted(f, "os.family"); fam == "RedHat" {
		isa = s.machine()
	}
	p.Set("isa", isa)
	if models == nil {
		models = []catalog.Value{}
	}
	p.Set("models", models)
	p.Set("physicalcount", int64(physicalCount))
	if speed > 0 {
		p.Set("speed", hertzHuman(speed))
	}
	if cpuCores > 0 && siblings > 0 {
		p.Set("threads", int64(siblings/cpuCores))
	}
	f.Set("processors", p)
}

func (s Source) physicalPackages() int {
	entries, err := os.ReadDir(s.path("/sys/devices/system/cpu"))
	if err != nil {
		return 0
	}
	seen := map[string]bool{}
	cpuRE := regexp.MustCompile(`^cpu[0-9]+$`)
	for _, e := range entries {
		if !cpuRE.MatchString(e.Name()) {
			continue
		}
		id := strings.TrimSpace(s.read("/sys/devices/system/cpu/" + e.Name() + "/topology/physical_package_id"))
		if id != "" {
			seen[id] = true
		}
	}
	return len(seen)
}

// hertzHuman is Facter's speed string: "2.60 GHz".
func hertzHuman(hz int64) string {
	if hz == 0 {
		return ""
	}
	prefixes := map[int]string{0: "", 3: "k", 6: "M", 9: "G", 12: "T"}
	power := int(math.Floor(math.Log10(float64(hz))))
	exp := power - power%3
	coef := float64(hz)
	if power != 0 {
		coef = float64(hz) / math.Pow10(exp)
	}
	return fmt.Sprintf("%.2f %sHz", math.Round(coef*100)/100, prefixes[exp])
}

// bytesHuman is Facter's size string: "23.54 GiB", "317.76 MiB", "0 bytes".
func bytesHuman(b int64) string {
	if b < 1024 {
		return strconv.FormatInt(b, 10) + " bytes"
	}
	prefixes := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	exp := int(math.Floor(math.Log2(float64(b)) / 10.0))
	n := math.Round(100.0*(float64(b)/math.Pow(1024, float64(exp)))) / 100.0
	if math.Abs(n-1024.0) < 2.220446049250313e-16 {
		exp++
		n = 1.0
	}
	if exp-1 >= len(prefixes) {
		return strconv.FormatInt(b, 10) + " bytes"
	}
	return rubyFloat2(n) + " " + prefixes[exp-1]
}

// rubyFloat2 prints a float rounded to two places as Ruby's to_s does,
// padded to two decimals ("23.5" → "23.50", "4.0" → "4.00").
func rubyFloat2(n float64) string {
	s := strconv.FormatFloat(n, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	if i := strings.IndexByte(s, '.'); len(s)-i-1 == 1 {
		s += "0"
	}
	return s
}

func (s Source) addMemory(f *catalog.Hash) {
	info := map[string]int64{}
	for _, line := range strings.Split(s.read("/proc/meminfo"), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		fields := strings.Fields(v)
		if len(fields) == 0 {
			continue
		}
		n, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil {
			continue
		}
		info[k] = n * 1024
	}
	total, ok := info["MemTotal"]
	if !ok {
		return
	}
	free, ok := info["MemAvailable"]
	if !ok {
		free = info["MemFree"] + info["Buffers"] + info["Cached"]
	}
	m := catalog.NewHash()
	m.Set("system", memoryHash(total, free))
	if st := info["SwapTotal"]; st > 0 {
		m.Set("swap", memoryHash(st, info["SwapFree"]))
	}
	f.Set("memory", m)
}

func memoryHash(total, available int64) *catalog.Hash {
	used := total - available
	h := catalog.NewHash()
	h.Set("available", bytesHuman(available))
	h.Set("available_bytes", available)
	h.Set("capacity", fmt.Sprintf("%.2f%%", float64(used)/float64(total)*100))
	h.Set("total", bytesHuman(total))
	h.Set("total_bytes", total)
	h.Set("used", bytesHuman(used))
	h.Set("used_bytes", used)
	return h
}
