// Command genmanifest writes a Puppet manifest of about N resources for
// compiler benchmarks: classes that declare files, notifies and defined
// type instances, with relationship metaparameters, chaining arrows,
// resource defaults and collectors.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	n := flag.Int("n", 10000, "about how many resources")
	root := flag.String("root", "/tmp/ordo-bench-compile", "folder the file resources are under")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	// One class holds 20 files, 20 notifies and 10 instances of a define
	// of 4 resources: 91 resources with the class itself.
	classes := (*n + 90) / 91
	fmt.Fprintf(w, `define bench::item(String $path, Integer $size = 1) {
  file { "${path}/${title}": ensure => file, content => "${title} ${size}\n" }
  notify { "item-${title}": message => "size ${size}", require => File["${path}/${title}"] }
  notify { "item-${title}-a": tag => ['items'] }
  notify { "item-${title}-b": }
  Notify["item-${title}-a"] -> Notify["item-${title}-b"]
}
file { '%s': ensure => directory }
`, *root)
	for c := 0; c < classes; c++ {
		fmt.Fprintf(w, "class bench::c%d($prefix = 'c%d') {\n", c, c)
		fmt.Fprintf(w, "  File { mode => '0644' }\n")
		fmt.Fprintf(w, "  file { \"%s/${prefix}\": ensure => directory }\n", *root)
		for i := 0; i < 19; i++ {
			fmt.Fprintf(w, "  file { \"%s/${prefix}/f%d\": content => \"%d\\n\" }\n", *root, i, i)
		}
		for i := 0; i < 20; i++ {
			if i == 0 {
				fmt.Fprintf(w, "  notify { \"${prefix}-n0\": }\n")
				continue
			}
			fmt.Fprintf(w, "  notify { \"${prefix}-n%d\": require => Notify[\"${prefix}-n%d\"] }\n", i, i-1)
		}
		fmt.Fprintf(w, "  Integer[0, 9].each |$i| { bench::item { \"${prefix}-i${i}\": path => \"%s/${prefix}\", size => $i } }\n", *root)
		fmt.Fprintf(w, "  Notify[\"${prefix}-n19\"] -> File[\"%s/${prefix}/f0\"]\n", *root)
		fmt.Fprintf(w, "  Bench::Item <| size == 9 |> -> Notify[\"${prefix}-n0\"]\n")
		fmt.Fprintf(w, "}\n")
		fmt.Fprintf(w, "include bench::c%d\n", c)
		if c > 0 {
			fmt.Fprintf(w, "Class['bench::c%d'] -> Class['bench::c%d']\n", c-1, c)
		}
	}
}
