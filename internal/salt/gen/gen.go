// Package gen writes generated SLS trees for benchmarks.
package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Tree writes an SLS tree of n states under root, named big (big.sls
// includes gen.f0, gen.f1, ...): files of 50 states, each state requiring
// the one before it, every seventh (after the first file) also watching a
// test state of the previous file; a third are file.directory states of
// 200 folders under out, a third test.succeed_without_changes with a
// Jinja expression, a third test.nop with a name.
func Tree(root, out string, n int) error {
	const per = 50
	var top strings.Builder
	top.WriteString("include:\n")
	for f := 0; f*per < n; f++ {
		var b strings.Builder
		for k := f * per; k < (f+1)*per && k < n; k++ {
			fmt.Fprintf(&b, "s%d:\n", k)
			switch k % 3 {
			case 0:
				fmt.Fprintf(&b, "  file.directory:\n    - name: %s/d%d\n", out, k%200)
			case 1:
				fmt.Fprintf(&b, "  test.succeed_without_changes:\n    - comment: state {{ %d }}\n", k)
			default:
				fmt.Fprintf(&b, "  test.nop:\n    - name: n%d\n", k)
			}
			if k > 0 {
				fmt.Fprintf(&b, "    - require:\n      - s%d\n", k-1)
			}
			if k >= per && k%7 == 0 {
				t := k - per
				for t%3 != 1 {
					t++
				}
				fmt.Fprintf(&b, "    - watch:\n      - test: s%d\n", t)
			}
		}
		name := filepath.Join(root, "gen", fmt.Sprintf("f%d.sls", f))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&top, "  - gen.f%d\n", f)
	}
	return os.WriteFile(filepath.Join(root, "big.sls"), []byte(top.String()), 0o644)
}
