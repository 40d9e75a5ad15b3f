# setup: true
concat_file { '@ROOT@/r/f': format => 'json-pretty', ensure_newline => true }
concat_fragment { 'a': target => '@ROOT@/r/f', content => '{"a": {"list": [], "h": {}}, "n": 0.0001}', order => '10' }
concat_fragment { 'b': target => '@ROOT@/r/f', content => '{"a": {"more": true}, "t": "x"}', order => '20' }
