# iptables refuses a rule (a jump to a chain that does not exist): that
# rule fails, the one after it applies.
firewall { '001 nowhere': proto => tcp, dport => 22, jump => 'NO-SUCH-CHAIN' }
firewall { '002 fine': proto => tcp, dport => 23, jump => accept }
