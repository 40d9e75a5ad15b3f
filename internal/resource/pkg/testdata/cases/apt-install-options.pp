# setup: $FIX purge; $FIX repo1
package { 'ordoprov-b': ensure => installed, install_options => ['--no-install-recommends', { '-o' => 'APT::Get::Show-Versions=true' }] }
