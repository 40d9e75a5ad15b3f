file { "/tmp/foo": ensure => file, }
File { "/tmp/foo2": ensure => file, }
Resource[File] { "/tmp/foo3": ensure => file, }
$mytype = File
Resource[$mytype] { "/tmp/foo4": ensure => file, }
$mytypename = "file"
Resource[$mytypename] { "/tmp/foo5": ensure => file, }
