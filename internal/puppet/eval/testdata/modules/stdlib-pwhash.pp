notify { 'pw_hash':
  message => [
    pw_hash('secret', 'SHA-512', 'saltsalt'),
    pw_hash('secret', 'sha-256', 'abcdefghijklmnopqrstuvwxyz'),
    pw_hash(Sensitive('hidden'), 'SHA-512', 'x'),
    pw_hash('', 'SHA-512', 'x'),
    pw_hash(undef, 'SHA-512', 'x'),
  ],
}
