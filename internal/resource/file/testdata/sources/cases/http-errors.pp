# Sources that fail: missing everywhere, a redirect loop, a GET that fails
# after HEAD found the file, content that does not match the server's
# checksum, a refused password, and recursion, which
# http sources cannot do.
file { '@ROOT@/r/missing': source => ['@URL@/missing.txt', '@URL@/gone.txt'] }
file { '@ROOT@/r/loop': source => '@URL@/loop.txt' }
file { '@ROOT@/r/getfails': source => '@URL@/getfails.txt' }
file { '@ROOT@/r/badsum': source => '@URL@/badsum.txt' }
file { '@ROOT@/r/denied': source => 'http://reader:wrong@@HOST@/secret.txt' }
file { '@ROOT@/r/tree': ensure => directory, recurse => true, source => '@URL@/dir' }
file { '@ROOT@/r/after': content => "still applied\n" }
