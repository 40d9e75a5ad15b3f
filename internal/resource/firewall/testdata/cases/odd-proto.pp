# An unknown proto: the catalog is refused.
firewall { '001 proto': proto => 'tpc', dport => 22, jump => accept }
