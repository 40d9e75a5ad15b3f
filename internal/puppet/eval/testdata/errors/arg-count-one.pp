notice(upcase())
