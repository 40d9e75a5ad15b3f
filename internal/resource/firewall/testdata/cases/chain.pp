# A new chain in filter and one in IPv6, a built-in chain's policy, a rule
# jumping to the new chain.
firewallchain { 'ORDO-IN:filter:IPv4': ensure => present }
firewallchain { 'FORWARD:filter:IPv4': policy => drop }
firewallchain { 'ORDO6:filter:IPv6': ensure => present }
firewall { '010 to ordo': proto => all, jump => 'ORDO-IN' }
firewall { '100 in ordo': chain => 'ORDO-IN', proto => tcp, dport => 22, jump => accept }
