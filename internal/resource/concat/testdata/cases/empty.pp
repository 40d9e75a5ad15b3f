# setup: true
concat_file { '@ROOT@/r/f': create_empty_file => false }
concat_file { '@ROOT@/r/g': }
