package parser

import (
	"strings"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/source"
)

// TestHostileInput checks that pathological inputs end quickly with errors
// rather than exhausting the stack or looping.
func TestHostileInput(t *testing.T) {
	inputs := map[string]string{
		"deep arrays":         strings.Repeat("[", 100000),
		"deep parens":         strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000),
		"deep unary":          strings.Repeat("!", 100000) + "$x",
		"deep blocks":         strings.Repeat("if $a { ", 20000),
		"deep interpolation":  strings.Repeat(`"${`, 10000),
		"many errors":         strings.Repeat("} ) ] => \n", 10000),
		"many heredocs":       strings.Repeat("@(A) ", 5000) + "\n" + strings.Repeat("x\nA\n", 5000),
		"unclosed everything": `class { file { "${ [ ( /* `,
	}
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			done := make(chan struct{})
			go func() {
				defer close(done)
				for _, file := range []string{"h.pp", "h.epp"} {
					prog, _ := ParseFile(source.NewFile(file, []byte(src)))
					Validate(prog)
				}
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("parsing did not finish")
			}
		})
	}
}
