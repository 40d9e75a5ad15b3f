$x = template("nomod/x.erb")
