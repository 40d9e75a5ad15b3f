# setup: printf 'first\nold\n' > $ROOT/r/f
# flags: --show_diff
concat_file { '@ROOT@/r/f': mode => '0640' } ~> notify { 'changed': }
concat_fragment { 'b': target => '@ROOT@/r/f', content => "second\n", order => '20' }
concat_fragment { 'a': target => '@ROOT@/r/f', content => "first\n", order => 10 }
