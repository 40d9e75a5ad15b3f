file { '@ROOT@/r/s': content => "x\n", seltype => 'httpd_sys_content_t', selrole => 'object_r', seluser => 'system_u', selrange => 's0', selinux_ignore_defaults => true }
