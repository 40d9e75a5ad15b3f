$x = to_json_pretty(1, 'x')
