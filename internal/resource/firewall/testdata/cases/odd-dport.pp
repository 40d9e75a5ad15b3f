# A dport range that is not one: the catalog is refused.
firewall { '001 range': proto => tcp, dport => '22-ab', jump => accept }
