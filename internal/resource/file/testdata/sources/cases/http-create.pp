# New files from http sources: the checksum each server's headers give
# (sha256, sha1, Content-MD5, else Last-Modified), a redirect, a server
# that refuses HEAD, a directory listing, basic authentication, and an
# array whose first source is missing.
file { '@ROOT@/r/plain': source => '@URL@/plain.txt' }
file { '@ROOT@/r/sha256': source => '@URL@/sha256.txt' }
file { '@ROOT@/r/sha1': source => '@URL@/sha1.txt' }
file { '@ROOT@/r/md5': source => '@URL@/md5.txt' }
file { '@ROOT@/r/redirect': source => '@URL@/redirect.txt' }
file { '@ROOT@/r/nohead': source => '@URL@/nohead.txt' }
file { '@ROOT@/r/listing': source => '@URL@/dir/' }
file { '@ROOT@/r/secret': source => 'http://reader:s3cret@@HOST@/secret.txt', mode => '0600' }
file { '@ROOT@/r/first': source => ['@URL@/missing.txt', '@URL@/sha256.txt'] }
