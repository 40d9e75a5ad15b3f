mysql_database { "it's": ensure => present }
mysql_database { 'back`tick': ensure => present }
mysql_user { 'a@b@localhost': ensure => present }
mysql_user { 'Upper@LOCALHOST': ensure => present }
mysql_user { "'quoted'@localhost": ensure => present }
