# setup: mkdir -p $ROOT/r/etc && printf '127.0.0.1 localhost\n' > $ROOT/r/etc/hosts
define probe($onlyif) {
  augeas { $title:
    root    => '@ROOT@/r',
    context => '/files/etc/hosts',
    changes => "set 1/alias[last()+1] ${title}",
    onlyif  => $onlyif,
  }
}
probe { 'unknown': onlyif => 'fetch 1/canonical == localhost' }
probe { 'no-comparator': onlyif => 'get 1/canonical is localhost' }
probe { 'no-value': onlyif => 'get 1/canonical ==' }
probe { 'bad-verb': onlyif => 'match * bigger 2' }
probe { 'size-junk': onlyif => 'match * size > many' }
probe { 'size-bad-cmp': onlyif => 'match * size is 1' }
probe { 'bad-array': onlyif => "match * == ['a', 'b'" }
probe { 'bad-array-values': onlyif => "values * != [a]" }
probe { 'bracket': onlyif => 'match *[ipaddr = "x"]] size > 0' }
probe { 'bad-regexp': onlyif => 'get 1/canonical =~ ([a-' }
probe { 'set-as-onlyif': onlyif => 'set 1/canonical x' }
probe { 'values-no-clause': onlyif => 'values *' }
notify { 'still-runs': }
