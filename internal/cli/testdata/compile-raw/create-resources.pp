$h = { 'cr1' => { 'message' => 'one' }, 'cr2' => {} }
create_resources('notify', $h, { 'withpath' => true })
