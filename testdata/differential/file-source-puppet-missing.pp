file { '@ROOT@/r/one': source => 'puppet:///modules/ordofilenomod/conf' }
file { '@ROOT@/r/tree': recurse => true, source => 'puppet:///modules/ordofilenomod/tree' }
file { '@ROOT@/r/array': source => ['puppet:///modules/ordofilenomod/nope', 'file:///nonexistent/ordofile'] }
notify { 'after': require => File['@ROOT@/r/tree'] }
