notify { 'x': message => inline_epp('<%- |Integer $p| -%><%= $p %>', {'p' => 'x'}) }
