# source_permissions => use with an http source: the server gives no
# owner, group or mode to copy.
file { '@ROOT@/r/use': source => '@URL@/sha256.txt', source_permissions => use }
