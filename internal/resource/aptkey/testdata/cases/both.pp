# content and source together: the catalog is refused.
apt_key { 'B4CE14FDB51E2968E459FB903D8AE9050A35CD4E':
  content => 'x',
  source  => '/tmp/x.asc',
}
