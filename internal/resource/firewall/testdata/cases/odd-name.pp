# A name without a leading number: the catalog is refused.
firewall { 'accept ssh': proto => tcp, dport => 22, jump => accept }
