# sql: INSTALL PLUGIN query_cache_info SONAME 'query_cache_info.so'
mysql_plugin { 'metadata_lock_info': ensure => present, soname => 'metadata_lock_info.so' }
mysql_plugin { 'disks': ensure => present }
mysql_plugin { 'query_cache_info': ensure => absent }
mysql_plugin { 'InnoDB': soname => 'ha_innodb.so' }
mysql_plugin { 'no_such_plugin': ensure => present }
