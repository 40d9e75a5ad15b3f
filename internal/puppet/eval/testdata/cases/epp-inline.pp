$out = inline_epp('<%- | $name, $n = 2 | -%>Hello <%= $name %> x<%= $n %>
<% [1, 2].each |$i| { -%>
line <%= $i %>
<% } -%>', { 'name' => 'you' })
notify { 'epp': message => $out }
