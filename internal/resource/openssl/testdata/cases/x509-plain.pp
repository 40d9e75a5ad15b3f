# No altnames nor extkeyusage (no req_ext), an encrypted key, and the
# CSR written without -nodes.
openssl::certificate::x509 { 'plain':
  commonname   => 'plain.example',
  organization => 'Example',
  base_dir     => '@ROOT@/r',
  key_size     => 2048,
  password     => 'secret',
}
