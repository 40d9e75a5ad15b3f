# setup: printf '<main>\n\tport: 1\n' > $ROOT/r/a.ini; printf '[s]\nkey value\n' > $ROOT/r/b.ini
ini_setting { 'p': path => '@ROOT@/r/a.ini', section => 'main', setting => 'port', value => '2', key_val_separator => ': ', section_prefix => '<', section_suffix => '>' }
ini_setting { 'h': path => '@ROOT@/r/a.ini', section => 'main', setting => 'host', value => 'x', key_val_separator => ': ', section_prefix => '<', section_suffix => '>' }
ini_setting { 'n': path => '@ROOT@/r/a.ini', section => 'new', setting => 'k', value => 'v', key_val_separator => '=', section_prefix => '<', section_suffix => '>', indent_char => "\t", indent_width => 2 }
ini_setting { 'b': path => '@ROOT@/r/b.ini', section => 's', setting => 'key', value => 'other', key_val_separator => ' ' }
ini_setting { 'b2': path => '@ROOT@/r/b.ini', section => 's', setting => 'more', value => 'v', key_val_separator => ' ', indent_width => '3' }
