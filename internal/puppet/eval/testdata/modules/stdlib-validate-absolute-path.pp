$x = validate_absolute_path('/a')
