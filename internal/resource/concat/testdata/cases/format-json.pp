# setup: true
concat_file { '@ROOT@/r/f': format => 'json' }
concat_fragment { 'b': target => '@ROOT@/r/f', content => '{"b": {"y": [1, 2], "z": 2.5e20}, "s": "é/<\u2028>"}', order => '20' }
concat_fragment { 'a': target => '@ROOT@/r/f', content => '{"a": 1, "b": {"x": null, "y": [2, 3]}}', order => '10' }
