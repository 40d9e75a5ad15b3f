# Values the type takes and the provider refuses when it changes the rule:
# a dport list negating its second port only, burst without limit, a name
# in the range kept for unmanaged rules, icmp any; one good rule applies.
firewall { '001 neg': proto => tcp, dport => ['22', '! 23'], jump => accept }
firewall { '002 burst': proto => tcp, dport => 80, burst => 5, jump => accept }
firewall { '9500 reserved': proto => tcp, dport => 81, jump => accept }
firewall { '003 icmp': proto => icmp, icmp => 'any', jump => accept }
firewall { '004 good': proto => tcp, dport => '8000-8080', sport => '! 1024', jump => drop }
