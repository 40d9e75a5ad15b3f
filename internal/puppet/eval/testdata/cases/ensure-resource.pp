ensure_resource('notify', 'er', { 'message' => 'm' })
ensure_resource('notify', 'er', { 'message' => 'm' })
ensure_packages(['pa', 'pb'])
