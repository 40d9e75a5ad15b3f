# setup: true
concat_file { '@ROOT@/r/f': format => 'json-array' }
concat_file { '@ROOT@/r/g': format => 'json-array-pretty' }
concat_fragment { 'a': target => '@ROOT@/r/f', content => '{"a": 1}', order => '10' }
concat_fragment { 'b': target => '@ROOT@/r/f', content => '[1, "two"]', order => '20' }
concat_fragment { 'c': target => '@ROOT@/r/g', content => '{"a": 1}', order => '10' }
concat_fragment { 'd': target => '@ROOT@/r/g', content => '"s"', order => '20' }
