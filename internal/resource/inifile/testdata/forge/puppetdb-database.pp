# setup: printf '[database]\nsubname = //old:5432/puppetdb\n# comment kept\nusername = old\nnode-ttl = 7d\n' > $ROOT/r/database.ini
class { 'puppetdb::server::database':
  confdir           => '@ROOT@/r',
  database_validate => false,
  puppetdb_group    => 'root',
  database_password => Sensitive('s3cret'),
  node_ttl          => '14d',
}
