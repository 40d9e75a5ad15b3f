$x = create_resources("notify", "x")
