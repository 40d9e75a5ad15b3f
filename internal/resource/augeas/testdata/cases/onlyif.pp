# setup: mkdir -p $ROOT/r/etc && printf '127.0.0.1 localhost lh\n10.0.0.1 a.example a\n10.0.0.2 b.example\n' > $ROOT/r/etc/hosts
define probe($onlyif) {
  augeas { $title:
    root    => '@ROOT@/r',
    context => '/files/etc/hosts',
    changes => "set 1/alias[last()+1] ${title}",
    onlyif  => $onlyif,
  }
}
probe { 'g1': onlyif => 'get 1/canonical == localhost' }
probe { 'g2': onlyif => 'get 1/canonical != localhost' }
probe { 'g3': onlyif => 'get 2/ipaddr > 9.0.0.0' }
probe { 'g4': onlyif => 'get 3/nothing == ""' }
probe { 'g5': onlyif => 'get 1/canonical =~ ^local' }
probe { 'g6': onlyif => 'get */ipaddr == 10.0.0.1' }
probe { 'g7': onlyif => "get 1/canonical == 'localhost' trailing" }
probe { 'g8': onlyif => 'get 2/ipaddr < 9' }
probe { 'm1': onlyif => 'match * size > 2' }
probe { 'm2': onlyif => 'match */alias size == 2' }
probe { 'm3': onlyif => 'match */alias size != 3' }
probe { 'm4': onlyif => 'match * include /files/etc/hosts/2' }
probe { 'm5': onlyif => 'match * not_include /files/etc/hosts/2' }
probe { 'm6': onlyif => "match */canonical == ['/files/etc/hosts/1/canonical', '/files/etc/hosts/2/canonical', '/files/etc/hosts/3/canonical']" }
probe { 'm7': onlyif => 'match */canonical != ["/files/etc/hosts/1/canonical"]' }
probe { 'm8': onlyif => 'match *[ipaddr = "10.0.0.9"] size <= 0' }
probe { 'v1': onlyif => 'values */canonical include b.example' }
probe { 'v2': onlyif => 'values */canonical not_include b.example' }
probe { 'v3': onlyif => "values 1/alias == ['lh']" }
probe { 'v4': onlyif => "values */ipaddr != ['127.0.0.1', \"10.0.0.1\", '10.0.0.2']" }
probe { 'v5': onlyif => "values */ipaddr == []" }
probe { 'multi': onlyif => "match * size > 100\nmatch * size > 0" }
