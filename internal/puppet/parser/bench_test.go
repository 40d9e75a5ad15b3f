package parser

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/source"
)

// generatedManifest builds a manifest of about n lines mixing classes,
// resources, conditionals, strings with interpolation and lambdas.
func generatedManifest(n int) []byte {
	var b strings.Builder
	for i := 0; b.Len() < n*40; i++ {
		fmt.Fprintf(&b, `class gen::c%d (
  String $name = 'n%d',
  Optional[Integer[1, 65535]] $port = undef,
  Hash[String, Any] $opts = {},
) inherits gen::params {
  if $port and $name =~ /^n\d+$/ {
    file { "/etc/gen/${name}.conf":
      ensure  => file,
      mode    => '0644',
      content => @("END"),
        port=${port}
        | END
      require => Package['gen'],
    }
  } elsif $name in ['a', 'b'] {
    $x = $opts.map |$k, $v| { "${k}=${v}" }.join(',')
  } else {
    notice("nothing for ${name}: ${opts['k'][1]}")
  }
  case $facts['os']['family'] {
    'RedHat', 'CentOS': { $svc = 'genR' }
    default: { $svc = $name ? { 'x' => 'gx', default => 'gd' } }
  }
  service { $svc: ensure => running, enable => true } -> Exec <| tag == 'gen' |>
}
`, i, i)
	}
	return []byte(b.String())
}

func BenchmarkParseGenerated(b *testing.B) {
	src := generatedManifest(10000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		_, diags := ParseManifest(source.NewFile("gen.pp", src))
		if diags.HasErrors() {
			b.Fatal(diags)
		}
	}
	b.ReportMetric(float64(strings.Count(string(src), "\n")), "lines")
}

// BenchmarkParseCorpus parses every file under ORDO_PUPPET_CORPUS once per
// iteration.
func BenchmarkParseCorpus(b *testing.B) {
	dir := corpusDir(b)
	var files []*source.File
	total := 0
	for _, path := range corpusFiles(b, dir) {
		content, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		total += len(content)
		files = append(files, source.NewFile(path, content))
	}
	b.SetBytes(int64(total))
	for b.Loop() {
		for _, f := range files {
			ParseFile(source.NewFile(f.Name, f.Content))
		}
	}
	b.ReportMetric(float64(len(files)), "files")
}
