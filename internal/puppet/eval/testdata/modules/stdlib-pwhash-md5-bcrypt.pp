notify { 'pw_hash':
  message => [
    pw_hash('secret', 'MD5', 'saltsalt'),
    pw_hash('secret', 'md5', 'saltsaltEXTRA'),
    pw_hash('secret', 'bcrypt', '04$abcdefghijklmnopqrstuv'),
    pw_hash('secret', 'bcrypt-a', '05$abcdefghijklmnopqrstuu'),
    pw_hash('secret', 'bcrypt-y', '04$abcdefghijklmnopqrstuvEXTRA'),
    pw_hash(Sensitive('hidden'), 'bcrypt', '04$0123456789ABCDEFGHIJKL'),
    pw_hash('', 'bcrypt', '04$abcdefghijklmnopqrstuv'),
  ],
}
