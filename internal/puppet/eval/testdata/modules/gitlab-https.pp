class { 'gitlab':
  external_url            => 'https://gitlab.mydomain.tld',
  manage_upstream_edition => 'ee',
  skip_auto_reconfigure   => 'present',
  nginx                   => {
    'redirect_http_to_https' => true,
    'ssl_certificate'        => '/etc/gitlab/ssl/gitlab.example.com.crt',
    'ssl_certificate_key'    => '/etc/gitlab/ssl/gitlab.example.com.key',
  },
}
